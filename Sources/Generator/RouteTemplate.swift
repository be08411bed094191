/// The typed parameters of a route pattern, as the Redux template writes them: one property per parameter, a
/// `String` for a required parameter, a `String?` for one in an optional group, `[String]` for a trailing wildcard.
struct RouteTemplate: Sendable {
    /// One parameter of the pattern.
    struct Field: Sendable {
        /// The parameter's name in the pattern (`*` for the wildcard).
        let parameter: String
        /// The Swift property.
        let property: String
        /// Whether the parameter is in an optional group.
        let isOptional: Bool

        var isWildcard: Bool { parameter == "*" }
        var type: String { (isWildcard ? "[String]" : "String") + (isOptional ? "?" : "") }
    }

    let pattern: String
    let fields: [Field]

    /// Reads the parameters of `pattern`, which the Wireframe accepted.
    /// - Throws: ``GeneratorError/invalidRoute(_:reason:)`` for a parameter whose name is not a Swift identifier.
    init(pattern: String) throws(GeneratorError) {
        var fields: [Field] = []
        var depth = 0
        var index = pattern.startIndex
        while index < pattern.endIndex {
            let character = pattern[index]
            switch character {
            case "(": depth += 1
            case ")": depth -= 1
            case "*": fields.append(Field(parameter: "*", property: "rest", isOptional: depth > 0))
            case ":":
                let start = pattern.index(after: index)
                var end = start
                while end < pattern.endIndex, !"/()".contains(pattern[end]) {
                    end = pattern.index(after: end)
                }
                let name = String(pattern[start..<end])
                guard Self.isIdentifier(name) else {
                    throw .invalidRoute(
                        pattern, reason: "parameter '\(name)' is not a Swift identifier, so it cannot be a property")
                }
                fields.append(Field(parameter: name, property: name, isOptional: depth > 0))
                index = end
                continue
            default: break
            }
            index = pattern.index(after: index)
        }
        self.pattern = pattern
        self.fields = fields
    }

    private static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic || first == "_"
        else { return false }
        let keywords: Set<String> = [
            "self", "Self", "init", "let", "var", "func", "class", "struct", "enum", "in", "is",
        ]
        return !keywords.contains(name)
            && name.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
            }
    }

    /// The declaration of the struct `<name>Route`.
    func declaration(name: String) -> String {
        var lines = [
            "/// The parameters of the \(name) route, `\(pattern)`, typed: what the screen was opened with.",
            "public struct \(name)Route: Equatable, Sendable {",
            "    /// The route pattern.",
            "    public static let pattern = \"\(pattern)\"",
        ]
        for field in fields {
            let what =
                field.isWildcard ? "the path segments the wildcard `*` matched" : "the `:\(field.parameter)` parameter"
            lines.append(
                "    /// " + what.prefix(1).uppercased() + what.dropFirst()
                    + (field.isOptional ? "; `nil` when the URL leaves it out." : "."))
            lines.append("    public var \(field.property): \(field.type)")
        }
        lines += ["", "    /// Creates the route's parameters."]
        let arguments = fields.map { "\($0.property): \($0.type)" + ($0.isOptional ? " = nil" : "") }
        lines.append("    public init(\(arguments.joined(separator: ", "))) {")
        lines += fields.map { "        self.\($0.property) = \($0.property)" }
        lines += [
            "    }",
            "",
            "    /// Reads the parameters of a route result.",
            "    /// - Throws: `RouteParameterError` naming a parameter that is missing or not of its type.",
            "    public init(_ routeResult: RouteResult) throws(RouteParameterError) {",
        ]
        for field in fields {
            if field.isOptional {
                lines.append(
                    "        \(field.property) = routeResult.parameters[\"\(field.parameter)\"] as? \(field.isWildcard ? "[String]" : "String")"
                )
            } else {
                let accessor = field.isWildcard ? "strings" : "string"
                lines.append(
                    "        \(field.property) = try routeResult.parameters.\(accessor)(\"\(field.parameter)\")")
            }
        }
        lines += [
            "    }",
            "",
            "    /// The path of this route, for `wireframe.route(to:)`.",
            "    /// - Throws: `WireframeError` when the parameters do not make a path of the pattern.",
            "    public func path() throws(WireframeError) -> String {",
            fields.isEmpty
                ? "        let parameters = RouteParameters()" : "        var parameters = RouteParameters()",
        ]
        lines += fields.map { "        parameters[\"\($0.parameter)\"] = \($0.property)" }
        lines += [
            "        return try RoutePattern(Self.pattern).path(parameters: parameters)",
            "    }",
            "}",
        ]
        return lines.joined(separator: "\n")
    }

    /// An instance with every parameter given, for the generated tests: `{{Name}}Route(id: "1")`.
    func example(name: String) -> String {
        let arguments = fields.map { "\($0.property): " + ($0.isWildcard ? "[\"x\"]" : "\"1\"") }
        return "\(name)Route(\(arguments.joined(separator: ", ")))"
    }
}
