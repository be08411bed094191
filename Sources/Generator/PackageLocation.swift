import Foundation

/// Where `brigade-tool new-module` puts a module when no `--output` is given: `Sources/<target>` of the Swift package
/// the tool runs in, its tests in `Tests/<target>Tests`, and the module name of the target.
struct PackageLocation: Equatable, Sendable {
    /// The package's root: the directory holding `Package.swift`.
    let root: URL
    /// The target's folder under `Sources`.
    let target: String

    /// The target's sources.
    var sources: URL { root.appendingPathComponent("Sources/\(target)", isDirectory: true) }
    /// The target's test folder.
    var tests: URL { root.appendingPathComponent("Tests/\(target)Tests", isDirectory: true) }
    /// The target's module name: its folder name, as SwiftPM makes a module name of it.
    var module: String { Self.moduleName(target) }

    /// Finds the package that holds `directory` and the target the module goes into.
    /// - Parameters:
    ///   - directory: Where the tool runs.
    ///   - target: The target asked for with `--target`, if any.
    /// - Throws: ``GeneratorError/noPackage(_:)``, ``GeneratorError/noTarget(package:targets:)``,
    ///   ``GeneratorError/unknownTarget(_:targets:)``.
    init(in directory: URL, target: String?) throws(GeneratorError) {
        let start = directory.standardizedFileURL
        var candidate = start
        while !FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Package.swift").path) {
            let parent = candidate.deletingLastPathComponent()
            guard parent.path != candidate.path else { throw .noPackage(start.path) }
            candidate = parent
        }
        root = candidate
        let sources = candidate.appendingPathComponent("Sources", isDirectory: true)
        let targets = Self.folders(in: sources)
        if let target {
            guard targets.contains(target) else { throw .unknownTarget(target, targets: targets) }
            self.target = target
        } else if let inside = Self.target(containing: start, sources: sources) {
            self.target = inside
        } else if targets.count == 1, let only = targets.first {
            self.target = only
        } else if case let libraries = targets.filter({ !Self.isExecutable(sources.appendingPathComponent($0)) }),
            libraries.count == 1, let only = libraries.first
        {
            // One library beside executables (an app's kit beside its command-line tool): a module goes in the library.
            self.target = only
        } else {
            throw .noTarget(package: candidate.path, targets: targets)
        }
    }

    /// The folder under `sources` that `directory` is in, if it is in one.
    private static func target(containing directory: URL, sources: URL) -> String? {
        let inner = directory.pathComponents
        let outer = sources.standardizedFileURL.pathComponents
        guard inner.count > outer.count, Array(inner.prefix(outer.count)) == outer else { return nil }
        return inner[outer.count]
    }

    /// Whether the target in `folder` is an executable, as SwiftPM decides without a manifest's word: it has a
    /// `main.swift` at its top, or a file that declares `@main`.
    private static func isExecutable(_ folder: URL) -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        if names.contains("main.swift") { return true }
        return names.contains { name in
            guard name.hasSuffix(".swift"),
                let text = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            else { return false }
            return text.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("@main") }
        }
    }

    /// The folders in `directory`, sorted; none when it does not exist.
    private static func folders(in directory: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return !name.hasPrefix(".")
                && FileManager.default.fileExists(
                    atPath: directory.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }.sorted()
    }

    /// `name` with every character that cannot be in a Swift identifier replaced by `_`, as SwiftPM names modules.
    static func moduleName(_ name: String) -> String {
        let scalars = name.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) ? Character(scalar) : "_"
        }
        let module = String(scalars)
        return module.first?.isNumber == true ? "_" + module : module
    }

    /// The module of the target whose sources hold `directory` (`…/Sources/<target>/…` inside a package), if any.
    static func module(of directory: URL) -> String? {
        guard let location = try? PackageLocation(in: directory, target: nil),
            target(containing: directory.standardizedFileURL, sources: location.root.appendingPathComponent("Sources"))
                != nil
        else { return nil }
        return location.module
    }
}
