import BrigadeServices
import Foundation
import Testing

private struct BundledMenu: Decodable, Equatable {
    let dishes: [String]
}

@Suite("BundledResources over a SwiftPM resource bundle")
struct BundledResourcesBundleTests {
    // The target copies its folder `Resources` (`.copy("Resources")`, as the Bistro does): on Linux, Foundation
    // reports the bundle's resourceURL as that very folder, so a resources that appended the subdirectory to it looked
    // in Resources/Resources.
    @Test("a resources over Bundle.module reads the folder the target copies, on Linux as on Apple systems")
    func moduleBundle() throws {
        let resources = BundledResources(bundle: .module, subdirectory: "Resources")
        #expect(try resources.decode(BundledMenu.self, named: "menu") == BundledMenu(dishes: ["soup", "bread"]))
        #expect(resources.directory.lastPathComponent == "Resources")
        #expect(resources.directory.deletingLastPathComponent().lastPathComponent != "Resources")
    }

    @Test("a subdirectory the bundle does not have is notFound, naming the directory under the resources")
    func missingSubdirectory() throws {
        let resources = BundledResources(bundle: .module, subdirectory: "Missing")
        let error = #expect(throws: BundledResourcesError.self) { try resources.data(named: "menu") }
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
            .appendingPathComponent("resources-bundle-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let bundleURL = root.appendingPathComponent("App_Kit.resources", isDirectory: true)
        let data = bundleURL.appendingPathComponent("Resources", isDirectory: true)
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try Data(#"{"dishes":["tart"]}"#.utf8).write(to: data.appendingPathComponent("menu.json"))
        let bundle = try #require(Bundle(path: bundleURL.path))

        let resources = BundledResources(bundle: bundle, subdirectory: "Resources")
        #expect(try resources.decode(BundledMenu.self, named: "menu") == BundledMenu(dishes: ["tart"]))
        #expect(
            BundledResources.resourceDirectory(in: bundle, subdirectory: "Resources").standardizedFileURL.path
                == data.standardizedFileURL.path)
    }
}
