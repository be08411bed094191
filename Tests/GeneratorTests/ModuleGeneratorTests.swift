import BrigadeGenerator
import Foundation
import Testing

func temporaryDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("brigade-generator-\(UUID())", isDirectory: true)
}

@Suite("ModuleGenerator")
struct ModuleGeneratorTests {
    @Test("the generated module matches the golden files, source by source and test by test")
    func golden() throws {
        let generator = try ModuleGenerator(name: "Menu", route: "/menu", appModule: "App")
        let golden = try #require(Bundle.module.resourceURL?.appendingPathComponent("Golden"))
        for (file, text) in generator.files.sources {
            let expected = try String(contentsOf: golden.appendingPathComponent("Menu/\(file).golden"), encoding: .utf8)
            #expect(text == expected, "\(file) differs from its golden file")
        }
        for (file, text) in generator.files.tests {
            let expected = try String(
                contentsOf: golden.appendingPathComponent("MenuTests/\(file).golden"), encoding: .utf8)
            #expect(text == expected, "\(file) differs from its golden file")
        }
        #expect(generator.files.sources.count == 9)
        #expect(generator.files.tests.count == 8)
    }

    @Test("write puts the sources in <Name>/ and the tests beside them")
    func write() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let written = try ModuleGenerator(name: "Menu").write(sources: directory)
        #expect(written.count == 17)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("Menu/MenuFeature.swift").path))
        #expect(
            FileManager.default.fileExists(
                atPath: directory.appendingPathComponent("MenuTests/MenuFeatureTests.swift").path))
        let feature = try String(
            contentsOf: directory.appendingPathComponent("Menu/MenuFeature.swift"), encoding: .utf8)
        #expect(feature.contains(#"let routePattern = "/menu""#))
    }

    @Test("existing files are a typed error and nothing is written or overwritten")
    func noOverwrite() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let existing = directory.appendingPathComponent("MenuTests/MenuWorkerTests.swift")
        try FileManager.default.createDirectory(
            at: existing.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: existing)
        #expect(throws: GeneratorError.fileExists(existing.path)) {
            try ModuleGenerator(name: "Menu").write(sources: directory)
        }
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("Menu").path))
        #expect(try String(contentsOf: existing, encoding: .utf8) == "mine")
    }

    @Test("invalid names are typed errors", arguments: ["", "menu", "My Menu", "Menü", "Menu-Item", "Self", "9Lives"])
    func invalidNames(name: String) {
        #expect(throws: GeneratorError.self) {
            try ModuleGenerator(name: name)
        }
    }

    @Test("a route the Wireframe rejects is a typed error with the Wireframe's reason")
    func invalidRoute() {
        let error = #expect(throws: GeneratorError.self) {
            try ModuleGenerator(name: "Menu", route: "/a/*/b")
        }
        #expect(
            error?.description
                == "invalid route '/a/*/b': pattern '/a/*/b' has a wildcard before its last segment (position 3)")
    }

    @Test("the default route is the name in lower camel case")
    func defaultRoute() throws {
        #expect(try ModuleGenerator(name: "OrderDetail").route == "/orderDetail")
    }
}
