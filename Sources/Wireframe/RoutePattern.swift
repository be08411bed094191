import BrigadeCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A parsed route pattern such as `/menu/:dish`, `/orders(/:id)`, `/files/*` or `bistro://menu/:dish`.
///
/// | syntax | meaning |
/// |---|---|
/// | `menu` | a literal segment |
/// | `:dish` | a parameter: any one segment, stored under `dish` |
/// | `:id<int>`, `:id<uuid>`, `:dish<dish>` | a typed parameter: only a segment of that type (`Int(_:)`, `UUID(uuidString:)`, a converter registered with ``DefaultWireframe/add(parameterType:converter:)``), stored as the converted value; it beats a parameter of any text |
/// | `(/:id)`, `(/all)` | an optional group; groups may nest |
/// | `*` | a trailing wildcard: one or more segments, stored as `[String]` under `*` |
/// | `bistro://` | a scheme: the pattern matches only URLs of that scheme |
/// | `https://bistro.example` | an http(s) scheme and host: only URLs of that scheme and host (compared without letter case, Punycode and Unicode alike) |
/// | `https://{bistro.example,www.bistro.example}` | a set of hosts: URLs of that scheme and any of them; reverse routing writes the first |
/// | `https://:site` | a captured host: URLs of that scheme and any host, stored (lowercased, ASCII form) under `site` |
///
/// For a scheme other than http(s) the host is the first segment (`bistro://menu/:dish` matches `/menu/soup` of that
/// scheme). Empty segments are ignored, so `/a//b/` is `/a/b`; `/` alone is the root pattern.
public struct RoutePattern: Hashable, Sendable, CustomStringConvertible {
    /// The most optional groups one pattern may have (each doubles the number of URL shapes it matches).
    public static let maximumOptionalGroups = 8

    /// What parsing found, shared by every copy of the pattern (a matcher keeps one per pattern and refers to it
    /// from each shape the pattern registers).
    private final class Parsed: Sendable {
        let text: String
        let scheme: String?
        let hosts: [String]
        let hostParameter: String?
        let items: [Item]
        let typedParameters: [String: TypedParameter]

        init(
            text: String, scheme: String?, hosts: [String], hostParameter: String?, items: [Item],
            typedParameters: [String: TypedParameter]
        ) {
            self.text = text
            self.scheme = scheme
            self.hosts = hosts
            self.hostParameter = hostParameter
            self.items = items
            self.typedParameters = typedParameters
        }
    }

    private let parsed: Parsed

    /// The pattern as written.
    public var text: String { parsed.text }
    /// The scheme, lowercased, or `nil` when the pattern matches any scheme.
    public var scheme: String? { parsed.scheme }
    /// The host of an http(s) pattern (`bistro.example` in `https://bistro.example/menu`), lowercased and in ASCII
    /// form (a label outside ASCII in Punycode): the first of ``hosts``, or `nil` when the pattern matches any host
    /// or captures it.
    public var host: String? { parsed.hosts.first }
    /// The hosts an http(s) pattern matches, in ASCII form: one (`https://bistro.example`), several
    /// (`https://{bistro.example,www.bistro.example}`), or none when it matches any host.
    public var hosts: [String] { parsed.hosts }
    /// The parameter an http(s) pattern stores the URL's host under (`site` in `https://:site/menu`), if it
    /// captures the host.
    public var hostParameter: String? { parsed.hostParameter }
    /// The parameter names of the pattern, in order, including `*` for a wildcard; a captured host's first.
    public var parameterNames: [String] { (parsed.hostParameter.map { [$0] } ?? []) + Self.names(in: parsed.items) }
    /// The pattern's segments and optional groups, in order.
    var items: [Item] { parsed.items }
    /// The typed parameters (`:id<int>`) by name, with their types and positions; the others take any text.
    var typedParameters: [String: TypedParameter] { parsed.typedParameters }

    /// What a parameter segment accepts.
    enum ParameterType: Hashable, Sendable, Comparable {
        /// Decimal integers (`Int(_:)`), stored as `Int`.
        case int
        /// UUIDs (`UUID(uuidString:)`), stored as `UUID`.
        case uuid
        /// A type registered with a converter (``DefaultWireframe/add(parameterType:converter:)``), by name.
        case custom(String)
        /// Any text.
        case text

        /// The type named in `<...>`: `int`, `uuid`, or any other name of ASCII letters, digits and `_` (a custom
        /// type, which the matcher must know); `nil` for another name.
        init?(name: String) {
            switch name {
            case "int": self = .int
            case "uuid": self = .uuid
            default:
                let isName =
                    !name.isEmpty
                    && name.unicodeScalars.allSatisfy {
                        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
                    }
                guard isName else { return nil }
                self = .custom(name)
            }
        }

        /// The name of a built-in type (`int`, `uuid`), whose values a pattern checks on its own; `nil` for the
        /// others.
        var builtInName: String? {
            switch self {
            case .int: "int"
            case .uuid: "uuid"
            case .custom, .text: nil
            }
        }

        /// The value of `segment` for a built-in type, or `nil` when it is not of the type (and for a custom type,
        /// which its converter reads).
        func value(of segment: String) -> (any Sendable)? {
            switch self {
            case .int: Int(segment)
            case .uuid: UUID(uuidString: segment)
            case .custom: nil
            case .text: segment
            }
        }

        private var rank: Int {
            switch self {
            case .int: 0
            case .uuid: 1
            case .custom: 2
            case .text: 3
            }
        }

        /// Typed parameters are tried before text ones: int, uuid, then custom types by name.
        static func < (lhs: ParameterType, rhs: ParameterType) -> Bool {
            if case .custom(let left) = lhs, case .custom(let right) = rhs {
                return left < right
            }
            return lhs.rank < rhs.rank
        }
    }

    /// A typed parameter's type and the position of its segment in the text.
    struct TypedParameter: Sendable {
        let type: ParameterType
        let position: Int
    }

    /// A segment or an optional group of a pattern. Literals are kept as written (percent-encoded or not);
    /// a parameter's type, when it has one, is in ``typedParameters``.
    enum Item: Sendable {
        case literal(String)
        case parameter(String)
        /// A `*`, with its position in the text.
        case wildcard(position: Int)
        /// An optional group, numbered from 0 in the order of the groups' `(` in the text.
        case group(number: Int, [Item])
    }

    /// One URL shape of a pattern: the optional groups it includes (bit `n` for group `n`) and its segments.
    struct Variant {
        var groups: UInt16
        var segments: [Item]
    }

    /// Parses `text`.
    /// - Throws: A ``WireframeError`` naming the pattern and the position of the fault.
    public init(_ text: String) throws(WireframeError) {
        var parser = RoutePatternParser(text: text)
        let (scheme, items) = try parser.parse()
        for variant in Self.variants(of: items) {
            for case .wildcard(let position) in variant.segments.dropLast() {
                throw .wildcardNotLast(pattern: text, position: position)
            }
        }
        parsed = Parsed(
            text: text, scheme: scheme, hosts: parser.hosts, hostParameter: parser.hostParameter, items: items,
            typedParameters: parser.types)
    }

    /// The pattern as written.
    public var description: String { text }

    /// Every shape the pattern matches: one per combination of its optional groups, the shape without any group
    /// first.
    var variants: [Variant] {
        Self.variants(of: items)
    }

    /// Two patterns are equal when they were written the same way.
    public static func == (lhs: RoutePattern, rhs: RoutePattern) -> Bool {
        lhs.text == rhs.text
    }

    /// Hashes the text.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
    }

    // MARK: - Reverse routing

    /// The URL string this pattern gives for `parameters`: every segment, literal or value, is percent-encoded
    /// once (all but RFC 3986's unreserved characters); an http(s) host is written in ASCII form; an optional group
    /// is written when every parameter in it is given. Parameters the pattern does not name are left out (the
    /// wireframe's ``DefaultWireframe/url(forPattern:parameters:query:)`` writes them as query items).
    ///
    /// ```swift
    /// try RoutePattern("/orders(/:id)").path(parameters: ["id": 7])  // "/orders/7"
    /// try RoutePattern("https://bistro.example/menu/:dish").path(parameters: ["dish": "soup"])
    /// // "https://bistro.example/menu/soup"
    /// ```
    /// A captured host is written from its parameter, in ASCII form.
    /// - Throws: ``WireframeError/missingParameter(pattern:name:)`` for a required parameter that is not given;
    ///   ``WireframeError/emptyParameter(pattern:name:)`` for a parameter (or a wildcard segment) given as empty
    ///   text, also in an optional group: its segment would vanish and the URL would match another route;
    ///   ``WireframeError/incompleteOptionalGroup(pattern:given:missing:)`` for a parameter of an optional group
    ///   given without another parameter of that group, which would be dropped;
    ///   ``WireframeError/builtURLDoesNotRoundTrip(pattern:url:reason:)`` for a value of an `int` or `uuid` parameter
    ///   that is not of its type (the pattern would not match the path). A parameter of a custom type is not checked
    ///   here: its converter is the matcher's (the wireframe's `url(forPattern:parameters:query:)` checks the round
    ///   trip through it).
    public func path(parameters: RouteParameters) throws(WireframeError) -> String {
        var output = ""
        switch Self.render(items, parameters: parameters, types: typedParameters, into: &output) {
        case .missing(let name): throw .missingParameter(pattern: text, name: name)
        case .empty(let name): throw .emptyParameter(pattern: text, name: name)
        case .incomplete(let given, let missing):
            throw .incompleteOptionalGroup(pattern: text, given: given, missing: missing)
        case .notOfType(let name, let value, let type):
            // The path the value would give, for the error: rendered again without the types.
            var url = ""
            _ = Self.render(items, parameters: parameters, types: [:], into: &url)
            throw .builtURLDoesNotRoundTrip(
                pattern: text, url: url.isEmpty ? "/" : url,
                reason: "'\(value)' is not a value of '\(name)', which is <\(type)>")
        case nil: break
        }
        if output.isEmpty {
            output = "/"
        }
        guard let scheme else { return output }
        if scheme == "http" || scheme == "https" {
            guard let name = hostParameter else { return scheme + "://" + (host ?? "") + output }
            guard let value = parameters.values[name] else { throw .missingParameter(pattern: text, name: name) }
            let given = (value as? String) ?? String(describing: value)
            guard !given.isEmpty else { throw .emptyParameter(pattern: text, name: name) }
            return scheme + "://" + HostName.ascii(given) + output
        }
        return scheme + ":/" + output
    }

    // MARK: - Model

    private static func variants(of items: [Item]) -> [Variant] {
        var variants = [Variant(groups: 0, segments: [])]
        for item in items {
            switch item {
            case .literal, .parameter, .wildcard:
                for index in variants.indices {
                    variants[index].segments.append(item)
                }
            case .group(let number, let inner):
                let options = Self.variants(of: inner)
                variants = variants.flatMap { prefix in
                    [prefix]
                        + options.map { option in
                            let groups = prefix.groups | option.groups | 1 << number
                            return Variant(groups: groups, segments: prefix.segments + option.segments)
                        }
                }
            }
        }
        return variants
    }

    /// Calls `body` with each segment of the shape that includes `groups` (a ``Variant/groups``), in order.
    func forEachSegment(including groups: UInt16, _ body: (Item) -> Void) {
        func walk(_ items: [Item]) {
            for item in items {
                switch item {
                case .literal, .parameter, .wildcard: body(item)
                case .group(let number, let inner):
                    if groups & 1 << number != 0 {
                        walk(inner)
                    }
                }
            }
        }
        walk(items)
    }

    private static func names(in items: [Item]) -> [String] {
        items.flatMap { item -> [String] in
            switch item {
            case .literal: return []
            case .parameter(let name): return [name]
            case .wildcard: return [RouteParameters.wildcard]
            case .group(_, let inner): return names(in: inner)
            }
        }
    }

    /// Why a parameter could not be written.
    private enum RenderFailure {
        case missing(String)
        case empty(String)
        /// A parameter of an optional group is given, another of the group is not.
        case incomplete(given: String, missing: String)
        /// A parameter of a built-in type (`int`, `uuid`) is given a value that is not of its type: the matcher would
        /// not take the segment.
        case notOfType(name: String, value: String, type: String)
    }

    /// Appends the rendering of `items`; returns the first parameter that could not be written, if any.
    private static func render(
        _ items: [Item],
        parameters: RouteParameters,
        types: [String: TypedParameter],
        into output: inout String
    ) -> RenderFailure? {
        for item in items {
            switch item {
            case .literal(let literal):
                // Decoded as the matcher decodes it, then encoded once: `/ñ` and `/%C3%B1` both write `%C3%B1`.
                output += "/" + PercentEncoding.encode(PercentEncoding.decode(literal) ?? literal)
            case .parameter(let name):
                guard let value = parameters[name] else { return .missing(name) }
                let text = String(describing: value)
                guard !text.isEmpty else { return .empty(name) }
                if let type = types[name]?.type, let typeName = type.builtInName, type.value(of: text) == nil {
                    return .notOfType(name: name, value: text, type: typeName)
                }
                output += "/" + PercentEncoding.encode(text)
            case .wildcard:
                guard let value = parameters[RouteParameters.wildcard] else {
                    return .missing(RouteParameters.wildcard)
                }
                let parts = (value as? [String]) ?? [String(describing: value)]
                guard !parts.isEmpty else { return .missing(RouteParameters.wildcard) }
                guard !parts.contains(where: \.isEmpty) else { return .empty(RouteParameters.wildcard) }
                for part in parts {
                    output += "/" + PercentEncoding.encode(part)
                }
            case .group(_, let inner):
                var groupOutput = ""
                switch render(inner, parameters: parameters, types: types, into: &groupOutput) {
                case nil: output += groupOutput
                case .missing(let missing):
                    if let given = names(in: inner).first(where: { parameters[$0] != nil }) {
                        return .incomplete(given: given, missing: missing)
                    }
                case .empty(let name): return .empty(name)
                case .incomplete(let given, let missing): return .incomplete(given: given, missing: missing)
                case .notOfType(let name, let value, let type): return .notOfType(name: name, value: value, type: type)
                }
            }
        }
        return nil
    }
}
