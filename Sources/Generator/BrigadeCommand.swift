import Foundation

/// The `brigade-tool` command line: its usage text and its commands, callable from code and tests.
public enum BrigadeCommand {
    /// The help text `brigade-tool --help` prints.
    public static let usage = """
        brigade-tool — Brigade's command-line tool

        USAGE:
          brigade-tool new-module <Name> [--template vip|redux] [--route /pattern] [--target NAME]
                                         [--output DIR] [--tests DIR] [--app-module Module]
          brigade-tool inspect [--port 9430] [--app-port 9431]   (see brigade-tool inspect --help)

        Generates module <Name>, wired as Brigade features, with its tests (using BrigadeTesting):
          vip     one-o-one's VIP module — view, interactor, presenter, worker, router, view model, configurator and
                  contracts — as a ViewFeature, a PresenterFeature and a LogicFeature, a test file for each part
          redux   a Redux-first module: the module's slice of the store as the one source of truth, a feature, a
                  view model bound to the slice, a typed model and typed route parameters; public types

        By default the sources go to Sources/<target>/<Name> of the Swift package the tool runs in (the nearest
        Package.swift at or above the current directory), the tests to Tests/<target>Tests/<Name>Tests, and the
        tests import the target's module. The target is the one the current directory is in, else the package's
        only folder under Sources, else the one --target names.

        OPTIONS:
          --template vip|redux  the kind of module (default: vip)
          --route /pattern      the module's route (default: /<name>)
          --target NAME         the package's target, a folder under Sources
          --output DIR          put the module's folder <Name>/ in DIR instead (no package needed)
          --tests DIR           where the tests go (default: as above, or DIR/<Name>Tests with --output)
          --app-module Module   the module the tests import (default: the target's; App with --output outside a
                                package)
          -h, --help            show this help

        Nothing is ever overwritten: if a file exists, nothing is written.
        """

    /// What a command did: the files it created and what to do next.
    public struct Report: Equatable, Sendable {
        /// The paths created, in order.
        public let created: [String]
        /// The next steps to print, one line each.
        public let nextSteps: [String]
    }

    /// Runs the command in `arguments` (without the program name); returns the paths of the files it created.
    /// - Parameter currentDirectory: Where the tool runs: the package and target are found from it.
    /// - Throws: ``GeneratorError/usage(_:)`` for arguments that are not a command, or the generator's errors.
    public static func run(_ arguments: [String], currentDirectory: String) throws(GeneratorError) -> [String] {
        try perform(arguments, currentDirectory: currentDirectory).created
    }

    /// Runs the command in `arguments` (without the program name); returns what it created and the next steps.
    /// - Parameter currentDirectory: Where the tool runs: the package and target are found from it.
    /// - Throws: ``GeneratorError/usage(_:)`` for arguments that are not a command, ``GeneratorError/noPackage(_:)``,
    ///   ``GeneratorError/noTarget(package:targets:)``, ``GeneratorError/unknownTarget(_:targets:)`` when the
    ///   module's place cannot be found, or the generator's errors.
    public static func perform(_ arguments: [String], currentDirectory: String) throws(GeneratorError) -> Report {
        let command = try parse(arguments)
        let here = URL(fileURLWithPath: currentDirectory, isDirectory: true)
        let sources: URL
        let tests: URL?
        let module: String
        if let output = command.output {
            let outputURL = URL(fileURLWithPath: output, relativeTo: here).standardizedFileURL
            sources = outputURL
            tests = command.tests.map { URL(fileURLWithPath: $0, relativeTo: here).standardizedFileURL }
            module = command.appModule ?? PackageLocation.module(of: outputURL) ?? "App"
        } else {
            let location = try PackageLocation(in: here, target: command.target)
            sources = location.sources
            tests =
                command.tests.map { URL(fileURLWithPath: $0, relativeTo: here).standardizedFileURL }
                ?? location.tests.appendingPathComponent(command.name + "Tests", isDirectory: true)
            module = command.appModule ?? location.module
        }
        let generator = try ModuleGenerator(
            name: command.name, route: command.route, appModule: module, template: command.template)
        let created = try generator.write(sources: sources, tests: tests)
        return Report(created: created, nextSteps: nextSteps(generator))
    }

    /// The command line of `new-module`.
    private struct NewModule {
        var name = ""
        var route: String?
        var output: String?
        var tests: String?
        var appModule: String?
        var target: String?
        var template = ModuleTemplate.vip
    }

    private static func parse(_ arguments: [String]) throws(GeneratorError) -> NewModule {
        guard arguments.first == "new-module" else {
            throw .usage("unknown command '\(arguments.first ?? "")' (see brigade-tool --help)")
        }
        var command = NewModule()
        var name: String?
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            switch argument {
            case "--route", "--output", "--tests", "--app-module", "--target", "--template":
                guard let value = rest.popFirst() else {
                    throw .usage("\(argument) needs a value (see brigade-tool --help)")
                }
                switch argument {
                case "--route": command.route = value
                case "--output": command.output = value
                case "--tests": command.tests = value
                case "--target": command.target = value
                case "--template":
                    guard let template = ModuleTemplate(rawValue: value) else {
                        throw .usage("unknown template '\(value)': use vip or redux (see brigade-tool --help)")
                    }
                    command.template = template
                default: command.appModule = value
                }
            default:
                guard name == nil, !argument.hasPrefix("-") else {
                    throw .usage("unexpected argument '\(argument)' (see brigade-tool --help)")
                }
                name = argument
            }
        }
        guard let name else { throw .usage("new-module needs a name (see brigade-tool --help)") }
        command.name = name
        return command
    }

    /// What to do after generating: add the feature, give the tests BrigadeTesting, run them. The code lines (those
    /// indented by seven spaces) compile as written in a function given `app: BrigadeApp<AppState>`, once the app
    /// state has the slice (scripts/check-generated-module.sh builds them).
    static func nextSteps(_ generator: ModuleGenerator) -> [String] {
        let name = generator.name
        let lower = name.prefix(1).lowercased() + name.dropFirst()
        let feature: [String]
        switch generator.template {
        case .redux:
            feature = [
                "  1. Give your app state (AppState here) a `var \(lower) = \(name)State()` and add the feature to your",
                "     BrigadeApp<AppState>:",
                "       try app.add(feature: \(name)Feature(store: app.store, slice: \\AppState.\(lower), "
                    + "wireframe: app.wireframe) {",
                "           /* load the items */ \(name)Item.examples()",
                "       })",
            ]
        case .vip:
            feature = [
                "  1. Give your app state (AppState here) a `var \(lower) = \(name)State()` and add the feature to your",
                "     BrigadeApp<AppState>:",
                "       let configurator = \(name)Configurator(",
                "           dispatcher: app.store.actionDispatcher, router: Wireframe\(name)Router(wireframe: app.wireframe),",
                "           source: { /* the items */ [] })",
                "       try app.add(feature: \(name)Feature(slice: \\AppState.\(lower), configurator: configurator))",
            ]
        }
        return ["Next steps:"] + feature + [
            "  2. The tests import \(generator.appModule); their test target needs it and",
            "     .product(name: \"BrigadeTesting\", package: \"Brigade\") in Package.swift.",
            "  3. Run them: swift test --filter \(name)",
        ]
    }
}
