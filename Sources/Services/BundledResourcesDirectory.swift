import Foundation

extension BundledResources {
    /// The directory of `bundle`'s resources, or of their `subdirectory`, as SwiftPM lays them out.
    ///
    /// A SwiftPM resource bundle on Linux is a plain folder holding what the target copies
    /// (`Package_Target.resources/Resources/…` for `.copy("Resources")`), and Foundation reports that `Resources`
    /// folder, when there is one, as the bundle's `resourceURL`: appending the subdirectory `Resources` to it names
    /// `Resources/Resources`. On Apple systems the copied folders are under `resourceURL` (`Contents/Resources` in a
    /// macOS bundle, the bundle itself on iOS). So the first of these that is an existing directory is used:
    /// `resourceURL/subdirectory`, then `bundleURL/subdirectory`; when neither exists, `resourceURL/subdirectory`,
    /// which a read then reports as ``BundledResourcesError/notFound(_:directory:)``.
    /// - Parameters:
    ///   - bundle: The bundle, usually a target's `Bundle.module`.
    ///   - subdirectory: A folder of the resources, or `nil` for the resources themselves.
    /// - Returns: The directory the resources are read from.
    public static func resourceDirectory(in bundle: Bundle, subdirectory: String? = nil) -> URL {
        let roots = [bundle.resourceURL, bundle.bundleURL].compactMap { $0 }
        let candidates = roots.map { root in
            subdirectory.map { root.appendingPathComponent($0, isDirectory: true) } ?? root
        }
        for candidate in candidates {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), isDirectory.boolValue
            {
                return candidate
            }
        }
        return candidates.first ?? bundle.bundleURL
    }
}
