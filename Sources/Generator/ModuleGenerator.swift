import BrigadeWireframe
import Foundation

/// Generates a module wired as Brigade features, with its tests: what `brigade-tool new-module` writes. Two
/// templates: one-o-one's VIP module with a test file for each part (``ModuleTemplate/vip``), or a Redux-first module — a
/// feature, a view bound to the module's slice of the store, a typed model and typed route parameters
/// (``ModuleTemplate/redux``).
///
/// ```swift
/// let generator = try ModuleGenerator(name: "Menu", route: "/menu", appModule: "App", template: .redux)
/// let written = try generator.write(sources: sourcesURL, tests: testsURL)
/// ```
///
/// Nothing is ever overwritten: every file is checked before the first is written.
public struct ModuleGenerator: Sendable {
    /// The module's name, such as `Menu`.
    public let name: String
    /// The route pattern of its view.
    public let route: String
    /// The Swift module the generated sources go into, for the tests' `import`.
    public let appModule: String
    /// The template the module is made from.
    public let template: ModuleTemplate
    private let routeTemplate: RouteTemplate?

    /// Checks the name and the route.
    /// - Throws: ``GeneratorError/invalidName(_:reason:)``, ``GeneratorError/invalidRoute(_:reason:)`` (for the
    ///   Redux template also a route parameter whose name is not a Swift identifier).
    public init(
        name: String, route: String? = nil, appModule: String = "App", template: ModuleTemplate = .vip
    ) throws(GeneratorError) {
        try Self.checkIdentifier(name, what: "module name")
        try Self.checkIdentifier(appModule, what: "app module name")
        let route = route ?? "/" + name.prefix(1).lowercased() + name.dropFirst()
        do {
            _ = try RoutePattern(route)
        } catch {
            throw .invalidRoute(route, reason: error.description)
        }
        self.name = name
        self.route = route
        self.appModule = appModule
        self.template = template
        routeTemplate = template == .redux ? try RouteTemplate(pattern: route) : nil
    }

    /// The files of the module, by file name: sources, then tests.
    public var files: (sources: [(String, String)], tests: [(String, String)]) {
        let fill = { (template: String) in self.fill(template) }
        let sources = template == .vip ? Templates.sources : ReduxTemplates.sources
        let tests = template == .vip ? Templates.tests : ReduxTemplates.tests
        return (sources.map { (fill($0.file), fill($0.text)) }, tests.map { (fill($0.file), fill($0.text)) })
    }

    /// Writes the sources into `sources/<Name>` and the tests into `tests` (by default `sources/<Name>Tests`).
    /// - Returns: The paths written, in order.
    /// - Throws: ``GeneratorError/fileExists(_:)`` for the first file already there (nothing is written then), or
    ///   ``GeneratorError/writeFailed(_:reason:)``.
    @discardableResult
    public func write(sources: URL, tests: URL? = nil) throws(GeneratorError) -> [String] {
        let sourceDirectory = sources.appendingPathComponent(name, isDirectory: true)
        let testDirectory = tests ?? sources.appendingPathComponent(name + "Tests", isDirectory: true)
        let planned =
            files.sources.map { (sourceDirectory.appendingPathComponent($0.0), $0.1) }
            + files.tests.map { (testDirectory.appendingPathComponent($0.0), $0.1) }
        for (url, _) in planned where FileManager.default.fileExists(atPath: url.path) {
            throw .fileExists(url.path)
        }
        var written: [String] = []
        for (url, text) in planned {
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url, options: .withoutOverwriting)
            } catch {
                throw .writeFailed(url.path, reason: "\(error)")
            }
            written.append(url.path)
        }
        return written
    }

    private func fill(_ template: String) -> String {
        let lower = name.prefix(1).lowercased() + name.dropFirst()
        return template.replacingOccurrences(of: "{{Name}}", with: name)
            .replacingOccurrences(of: "{{name}}", with: lower)
            .replacingOccurrences(of: "{{route}}", with: route)
            .replacingOccurrences(of: "{{App}}", with: appModule)
            .replacingOccurrences(of: "{{RouteDeclaration}}", with: routeTemplate?.declaration(name: name) ?? "")
            .replacingOccurrences(of: "{{routeExample}}", with: routeTemplate?.example(name: name) ?? "")
    }

    private static let keywords: Set<String> = [
        "Any", "Self", "Type", "Protocol", "class", "struct", "enum", "protocol", "func", "let", "var", "init", "self",
    ]

    private static func checkIdentifier(_ text: String, what: String) throws(GeneratorError) {
        guard let first = text.unicodeScalars.first else {
            throw .invalidName(text, reason: "the \(what) is empty")
        }
        guard ("A"..."Z").contains(first) else {
            throw .invalidName(text, reason: "the \(what) must start with an uppercase ASCII letter")
        }
        guard text.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) })
        else {
            throw .invalidName(text, reason: "the \(what) may hold only ASCII letters and digits")
        }
        guard !keywords.contains(text) else {
            throw .invalidName(text, reason: "the \(what) is a Swift keyword or reserved name")
        }
    }
}

/// The kinds of module `brigade-tool new-module` makes.
public enum ModuleTemplate: String, CaseIterable, Sendable {
    /// one-o-one's VIP module: contracts, view, interactor, presenter, worker, router, configurator, wired as
    /// features; a test file for each part.
    case vip
    /// A Redux-first module: the module's slice of the store as the one source of truth, a feature (view, presenter
    /// and logic), a view model bound to the slice, a typed model and typed route parameters; public types; three
    /// source files and one test file.
    case redux
}

/// Errors of the generator, naming what was wrong.
public enum GeneratorError: Error, Equatable, CustomStringConvertible {
    /// The module or app module name is not an UpperCamelCase Swift identifier.
    case invalidName(String, reason: String)
    /// The route is not a pattern the Wireframe accepts.
    case invalidRoute(String, reason: String)
    /// A file to be written already exists; nothing was written.
    case fileExists(String)
    /// A file could not be written.
    case writeFailed(String, reason: String)
    /// The command line is not one the tool understands.
    case usage(String)
    /// No `Package.swift` in the directory or above it, and no `--output`.
    case noPackage(String)
    /// The package's target for the module cannot be told: none given, the directory is not in one, and the
    /// package has not exactly one folder under `Sources`.
    case noTarget(package: String, targets: [String])
    /// `--target` names a folder that is not under the package's `Sources`.
    case unknownTarget(String, targets: [String])

    /// The message.
    public var description: String {
        switch self {
        case .invalidName(let name, let reason): return "invalid name '\(name)': \(reason)"
        case .invalidRoute(let route, let reason): return "invalid route '\(route)': \(reason)"
        case .fileExists(let path): return "\(path) already exists; nothing was written"
        case .writeFailed(let path, let reason): return "cannot write \(path): \(reason)"
        case .usage(let message): return message
        case .noPackage(let directory):
            return "no Package.swift in \(directory) or above it; "
                + "run brigade-tool inside a Swift package or give --output DIR"
        case .noTarget(let package, let targets):
            return "cannot tell which target of the package at \(package) the module goes into (targets: "
                + "\(targets.joined(separator: ", "))); give --target NAME"
        case .unknownTarget(let target, let targets):
            return "no target '\(target)' under Sources (targets: \(targets.joined(separator: ", ")))"
        }
    }
}
