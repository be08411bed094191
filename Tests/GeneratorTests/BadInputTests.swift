import BrigadeGenerator
import Foundation
import Testing

// One test per row of docs/BadInput.md for the generator's errors: the trigger, through the public API (the
// `brigade-tool` tool calls BrigadeCommand), and the exact text the user sees.

@Suite("Bad input: BrigadeGenerator")
struct GeneratorBadInputTests {
    /// The description of the error `body` throws.
    func failure(_ body: () throws -> Void) -> String? {
        let error = #expect(throws: GeneratorError.self) { try body() }
        return error?.description
    }

    @Test("GeneratorError.invalidName")
    func invalidName() {
        #expect(
            failure { _ = try ModuleGenerator(name: "menu") }
                == "invalid name 'menu': the module name must start with an uppercase ASCII letter")
    }

    @Test("GeneratorError.invalidRoute")
    func invalidRoute() {
        #expect(
            failure { _ = try ModuleGenerator(name: "Menu", route: "/a/:") }
                == "invalid route '/a/:': pattern '/a/:' has a parameter without a name (position 3)")
    }

    @Test("GeneratorError.fileExists")
    func fileExists() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let existing = directory.appendingPathComponent("Menu/MenuViewController.swift")
        try FileManager.default.createDirectory(
            at: existing.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: existing)
        #expect(
            failure { _ = try ModuleGenerator(name: "Menu").write(sources: directory) }
                == "\(existing.path) already exists; nothing was written")
        #expect(try String(contentsOf: existing, encoding: .utf8) == "mine")
    }

    @Test("GeneratorError.writeFailed")
    func writeFailed() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("not-a-directory")
        try Data("a file".utf8).write(to: file)
        let text = failure { _ = try ModuleGenerator(name: "Menu").write(sources: file) }
        #expect(text?.hasPrefix("cannot write \(file.path)/Menu/") == true)
    }

    @Test("GeneratorError.usage")
    func usage() {
        #expect(
            failure { _ = try BrigadeCommand.run(["new-modul", "Menu"], currentDirectory: "/tmp") }
                == "unknown command 'new-modul' (see brigade-tool --help)")
        #expect(
            failure { _ = try BrigadeCommand.run(["new-module", "--route"], currentDirectory: "/tmp") }
                == "--route needs a value (see brigade-tool --help)")
        #expect(
            failure { _ = try BrigadeCommand.run(["new-module"], currentDirectory: "/tmp") }
                == "new-module needs a name (see brigade-tool --help)")
    }
    @Test("GeneratorError.noPackage")
    func noPackage() throws {
        let directory = temporaryDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.standardizedFileURL.path
        #expect(
            failure { _ = try BrigadeCommand.run(["new-module", "Menu"], currentDirectory: path) }
                == "no Package.swift in \(path) or above it; "
                + "run brigade-tool inside a Swift package or give --output DIR")
        #expect(try FileManager.default.contentsOfDirectory(atPath: path).isEmpty)
    }

    @Test("GeneratorError.noTarget")
    func noTarget() throws {
        let root = try temporaryPackage(targets: ["App", "Tools"])
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.standardizedFileURL.path
        #expect(
            failure { _ = try BrigadeCommand.run(["new-module", "Menu"], currentDirectory: path) }
                == "cannot tell which target of the package at \(path) the module goes into (targets: App, Tools);"
                + " give --target NAME")
    }

    @Test("GeneratorError.unknownTarget")
    func unknownTarget() throws {
        let root = try temporaryPackage(targets: ["App"])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(
            failure {
                _ = try BrigadeCommand.run(["new-module", "Menu", "--target", "Ap"], currentDirectory: root.path)
            }
                == "no target 'Ap' under Sources (targets: App)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Sources/Ap").path))
    }
}
