import BrigadeKitchen
import Foundation
import Testing

private struct BundledMenu: Decodable, Equatable {
    let dishes: [String]
}

@Suite("Larder over a SwiftPM resource bundle")
struct LarderBundleTests {
    // The target copies its folder `Resources` (`.copy("Resources")`, as the Bistro does): on Linux, Foundation
    // reports the bundle's resourceURL as that very folder, so a larder that appended the subdirectory to it looked
    // in Resources/Resources.
    @Test("a larder over Bundle.module reads the folder the target copies, on Linux as on Apple systems")
    func moduleBundle() throws {
        let larder = Larder(bundle: .module, subdirectory: "Resources")
        #expect(try larder.decode(BundledMenu.self, named: "menu") == BundledMenu(dishes: ["soup", "bread"]))
        #expect(larder.directory.lastPathComponent == "Resources")
        #expect(larder.directory.deletingLastPathComponent().lastPathComponent != "Resources")
    }

    @Test("a subdirectory the bundle does not have is notFound, naming the directory under the resources")
    func missingSubdirectory() throws {
        let larder = Larder(bundle: .module, subdirectory: "Missing")
        let error = #expect(throws: LarderError.self) { try larder.data(named: "menu") }
        guard case .notFound(let name, let directory) = error else {
            Issue.record("expected notFound, got \(String(describing: error))")
            return
        }
        #expect(name == "menu")
        #expect(directory.hasSuffix("/Missing"))
    }

    @Test("a bundle laid out as SwiftPM does on Linux (a plain folder holding the copied folders) is read")
    func linuxLayout() throws {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("larder-bundle-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let bundleURL = root.appendingPathComponent("App_Kit.resources", isDirectory: true)
        let data = bundleURL.appendingPathComponent("Resources", isDirectory: true)
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try Data(#"{"dishes":["tart"]}"#.utf8).write(to: data.appendingPathComponent("menu.json"))
        let bundle = try #require(Bundle(path: bundleURL.path))

        let larder = Larder(bundle: bundle, subdirectory: "Resources")
        #expect(try larder.decode(BundledMenu.self, named: "menu") == BundledMenu(dishes: ["tart"]))
        #expect(
            Larder.resourceDirectory(in: bundle, subdirectory: "Resources").standardizedFileURL.path
                == data.standardizedFileURL.path)
    }
}
