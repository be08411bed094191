import Foundation

/// The `brigade` command line: its usage text and its commands, callable from code and tests.
public enum BrigadeCommand {
    /// The help text `brigade --help` prints.
    public static let usage = """
        brigade — Brigade's command-line tool

        USAGE:
          brigade new-module <Name> [--route /pattern] [--output DIR] [--tests DIR] [--app-module Module]

        Generates one-o-one's VIP module <Name> — view, interactor, presenter, worker, router, view model,
        configurator and contracts — wired as Brigade features (a ViewFeature for the route, a PresenterFeature, a
        LogicFeature with a state slice and its reducers), and a test file for each part, using BrigadeTesting.

        OPTIONS:
          --route /pattern      the module's route (default: /<name>)
          --output DIR          where the module's folder <Name>/ goes (default: the current directory)
          --tests DIR           where the tests go (default: DIR/<Name>Tests)
          --app-module Module   the module the sources are compiled in, for the tests' @testable import (default: App)
          -h, --help            show this help

        Nothing is ever overwritten: if a file exists, nothing is written.
        """

    /// Runs the command in `arguments` (without the program name); returns the paths of the files it created.
    /// - Parameter currentDirectory: Where the module goes when `--output` is not given.
    /// - Throws: ``GeneratorError/usage(_:)`` for arguments that are not a command, or the generator's errors.
    public static func run(_ arguments: [String], currentDirectory: String) throws(GeneratorError) -> [String] {
        guard arguments.first == "new-module" else {
            throw .usage("unknown command '\(arguments.first ?? "")' (see brigade --help)")
        }
        var name: String?
        var route: String?
        var output = currentDirectory
        var tests: String?
        var appModule = "App"
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            switch argument {
            case "--route", "--output", "--tests", "--app-module":
                guard let value = rest.popFirst() else {
                    throw .usage("\(argument) needs a value (see brigade --help)")
                }
                switch argument {
                case "--route": route = value
                case "--output": output = value
                case "--tests": tests = value
                default: appModule = value
                }
            default:
                guard name == nil, !argument.hasPrefix("-") else {
                    throw .usage("unexpected argument '\(argument)' (see brigade --help)")
                }
                name = argument
            }
        }
        guard let name else { throw .usage("new-module needs a name (see brigade --help)") }
        let generator = try ModuleGenerator(name: name, route: route, appModule: appModule)
        return try generator.write(
            sources: URL(fileURLWithPath: output, isDirectory: true),
            tests: tests.map { URL(fileURLWithPath: $0, isDirectory: true) })
    }
}
