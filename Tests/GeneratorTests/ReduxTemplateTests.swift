import BrigadeGenerator
import Foundation
import Testing

/// A temporary Swift package with the given folders under Sources; removed by the caller.
func temporaryPackage(targets: [String]) throws -> URL {
    let root = temporaryDirectory()
    for target in targets {
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Sources/\(target)"), withIntermediateDirectories: true)
    }
    try Data("// swift-tools-version:6.0\n".utf8).write(to: root.appendingPathComponent("Package.swift"))
    return root
}

@Suite("The Redux template")
struct ReduxTemplateTests {
    @Test("the Redux module matches its golden files: three sources and one test file")
    func golden() throws {
        let generator = try ModuleGenerator(
            name: "OrderDetail", route: "/orders/:id(/:tab)", appModule: "App", template: .redux)
        let golden = try #require(Bundle.module.resourceURL?.appendingPathComponent("Golden/Redux"))
        for (file, text) in generator.files.sources {
            let expected = try String(
                contentsOf: golden.appendingPathComponent("OrderDetail/\(file).golden"), encoding: .utf8)
            #expect(text == expected, "\(file) differs from its golden file")
        }
        for (file, text) in generator.files.tests {
            let expected = try String(
                contentsOf: golden.appendingPathComponent("OrderDetailTests/\(file).golden"), encoding: .utf8)
            #expect(text == expected, "\(file) differs from its golden file")
        }
        #expect(
            generator.files.sources.map(\.0) == [
                "OrderDetailModel.swift", "OrderDetailFeature.swift", "OrderDetailView.swift",
            ])
        #expect(generator.files.tests.map(\.0) == ["OrderDetailFeatureTests.swift"])
    }

    @Test("no try?, public types, and a typed route with a property per parameter")
    func shape() throws {
        let generator = try ModuleGenerator(name: "Files", route: "/files/:folder/*", template: .redux)
        let sources = generator.files.sources.map(\.1).joined()
        #expect(!sources.contains("try?"))
        #expect(sources.contains("public struct FilesState: Equatable, Codable, Sendable"))
        #expect(sources.contains("nonisolated public struct FilesItem: Identifiable, Equatable, Codable, Sendable"))
        #expect(sources.contains("public final class FilesFeature<AppState: Sendable>"))
        #expect(sources.contains("    public var folder: String\n"))
        #expect(sources.contains("    public var rest: [String]\n"))
        #expect(sources.contains(#"rest = try routeResult.parameters.strings("*")"#))
        #expect(generator.files.tests.map(\.1).joined().contains(#"FilesRoute(folder: "1", rest: ["x"])"#))
    }

    @Test("it loads with an effect, as docs/Effects.md teaches, not with an asynchronous reducer")
    func effectModel() throws {
        let generator = try ModuleGenerator(name: "Files", route: "/files", template: .redux)
        let sources = generator.files.sources.map(\.1).joined()
        #expect(sources.contains("container.add(effectsOn: slice)"))
        #expect(sources.contains(".run(id: FilesLoadID(), cancelInFlight: true)"))
        #expect(!sources.contains("AsyncActionReducer"))
        #expect(!generator.files.tests.map(\.1).joined().contains("dispatchAndWait"))
    }

    @Test("a route without parameters gives a route with none")
    func noParameters() throws {
        let model = try #require(
            try ModuleGenerator(name: "Menu", route: "/menu", template: .redux).files.sources.first?.1)
        #expect(model.contains("    public init() {\n    }"))
        #expect(model.contains("        let parameters = RouteParameters()\n"))
    }

    @Test("a route parameter that cannot be a Swift property is a typed error for the Redux template only")
    func parameterName() throws {
        let error = #expect(throws: GeneratorError.self) {
            try ModuleGenerator(name: "Menu", route: "/menu/:dish-id", template: .redux)
        }
        #expect(
            error?.description
                == "invalid route '/menu/:dish-id': parameter 'dish-id' is not a Swift identifier, so it cannot be a"
                + " property")
        #expect(try ModuleGenerator(name: "Menu", route: "/menu/:dish-id").route == "/menu/:dish-id")
    }
}

@Suite("brigade-tool new-module: where the module goes")
struct PlacementTests {
    @Test("run inside a package, the module goes to Sources/<target> and the tests import the target's module")
    func packageDefault() throws {
        let root = try temporaryPackage(targets: ["Kitchen"])
        defer { try? FileManager.default.removeItem(at: root) }
        let report = try BrigadeCommand.perform(
            ["new-module", "Menu", "--template", "redux"], currentDirectory: root.path)
        let path = root.standardizedFileURL.path
        #expect(
            report.created == [
                "\(path)/Sources/Kitchen/Menu/MenuModel.swift", "\(path)/Sources/Kitchen/Menu/MenuFeature.swift",
                "\(path)/Sources/Kitchen/Menu/MenuView.swift",
                "\(path)/Tests/KitchenTests/MenuTests/MenuFeatureTests.swift",
            ])
        let tests = try String(
            contentsOfFile: "\(path)/Tests/KitchenTests/MenuTests/MenuFeatureTests.swift", encoding: .utf8)
        #expect(tests.contains("\nimport Kitchen\n"))
        #expect(report.nextSteps.first == "Next steps:")
        #expect(report.nextSteps.contains("  3. Run them: swift test --filter Menu"))
    }

    @Test("from a folder inside Sources/<target>, that target is used even when there are several")
    func insideTarget() throws {
        let root = try temporaryPackage(targets: ["App", "Tools"])
        defer { try? FileManager.default.removeItem(at: root) }
        let nested = root.appendingPathComponent("Sources/Tools/Screens")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        let created = try BrigadeCommand.run(["new-module", "Menu"], currentDirectory: nested.path)
        #expect(created.first == root.standardizedFileURL.path + "/Sources/Tools/Menu/MenuContracts.swift")
        #expect(created.last?.hasPrefix(root.standardizedFileURL.path + "/Tests/ToolsTests/MenuTests/") == true)
    }

    @Test("with several targets and none chosen, the error lists them; --target chooses")
    func severalTargets() throws {
        let root = try temporaryPackage(targets: ["App", "Tools"])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(throws: GeneratorError.noTarget(package: root.standardizedFileURL.path, targets: ["App", "Tools"])) {
            try BrigadeCommand.run(["new-module", "Menu"], currentDirectory: root.path)
        }
        let created = try BrigadeCommand.run(
            ["new-module", "Menu", "--target", "App", "--template", "redux"], currentDirectory: root.path)
        #expect(created.first == root.standardizedFileURL.path + "/Sources/App/Menu/MenuModel.swift")
    }

    @Test(
        "one library target beside executables (a main.swift, an @main type) is chosen without --target",
        arguments: ["main.swift", "Tool.swift"])
    func libraryBesideExecutables(executableFile: String) throws {
        let root = try temporaryPackage(targets: ["BistroKit", "bistro", "tool"])
        defer { try? FileManager.default.removeItem(at: root) }
        let sources = root.appendingPathComponent("Sources")
        try Data("print(1)\n".utf8).write(to: sources.appendingPathComponent("bistro/main.swift"))
        let body =
            executableFile == "main.swift" ? "print(2)\n" : "@main\nstruct Tool {\n    static func main() {}\n}\n"
        try Data(body.utf8).write(to: sources.appendingPathComponent("tool/\(executableFile)"))
        try Data("public struct Kit {}\n".utf8).write(to: sources.appendingPathComponent("BistroKit/Kit.swift"))
        let created = try BrigadeCommand.run(["new-module", "Menu"], currentDirectory: root.path)
        #expect(created.first == root.standardizedFileURL.path + "/Sources/BistroKit/Menu/MenuContracts.swift")
    }

    @Test("--output outside a package keeps the old placement and module App")
    func output() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let created = try BrigadeCommand.run(
            ["new-module", "Menu", "--template", "redux", "--output", directory.path], currentDirectory: "/")
        #expect(created.last == directory.standardizedFileURL.path + "/MenuTests/MenuFeatureTests.swift")
        let tests = try String(contentsOfFile: created.last ?? "", encoding: .utf8)
        #expect(tests.contains("\nimport App\n"))
    }

    @Test("an unknown template is a usage error")
    func unknownTemplate() {
        #expect(throws: GeneratorError.usage("unknown template 'tca': use vip or redux (see brigade-tool --help)")) {
            try BrigadeCommand.run(["new-module", "Menu", "--template", "tca"], currentDirectory: "/")
        }
    }
}
