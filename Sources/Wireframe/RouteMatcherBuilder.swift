/// Collects route patterns and parameter types, and makes an immutable ``RouteMatcher`` of them.
///
/// ```swift
/// var builder = RouteMatcherBuilder()
/// builder.add(parameterType: "dish") { Dish(rawValue: $0) }
/// try builder.add(RoutePattern("/menu/:dish<dish>"))
/// try builder.add(RoutePattern("/orders(/:id<int>)"))
/// let matcher = builder.build()
/// ```
///
/// Building copies the trie into immutable nodes, in time proportional to its size: build once after a series of
/// additions, not after each.
public struct RouteMatcherBuilder: Sendable {
    /// Whether literal segments must match in letter case.
    public let isCaseSensitive: Bool
    /// The patterns that name no scheme.
    private var anyScheme = RouteNode()
    /// The patterns of a scheme (`bistro`) or of an http(s) scheme and host (`https://bistro.example`), by that text.
    private var schemes: [String: RouteNode] = [:]
    /// Every registered pattern, once, in registration order.
    private var registered: [RoutePattern] = []
    /// The converters of custom parameter types, by type name.
    private var converters: [String: RouteMatcher.Converter] = [:]

    /// Creates a builder with no patterns.
    /// - Parameter caseSensitive: Whether literal segments must match in letter case; `true` by default.
    public init(caseSensitive: Bool = true) {
        isCaseSensitive = caseSensitive
    }

    /// The patterns added so far, by their text.
    public var patterns: [String: RoutePattern] {
        Dictionary(registered.map { ($0.text, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Registers the parameter type `name` for patterns such as `/menu/:dish<dish>`: a segment is taken when
    /// `converter` gives a value for its (percent-decoded) text, and that value is the parameter. Register a type
    /// before the patterns that use it; `int` and `uuid` are built in and cannot be replaced. Registering a name again
    /// replaces its converter.
    public mutating func add(parameterType name: String, converter: @escaping RouteMatcher.Converter) {
        converters[name] = converter
    }

    /// Registers `pattern`. Registering the same text again does nothing.
    /// - Throws: ``WireframeError/conflictingPattern(pattern:existing:)`` when another pattern already matches one of
    ///   the same URL shapes; ``WireframeError/invalidSegment(pattern:position:reason:)`` when the pattern names a
    ///   parameter type with no converter. Nothing is registered then.
    public mutating func add(_ pattern: RoutePattern) throws(WireframeError) {
        let variants = pattern.variants
        for variant in variants {
            for case .parameter(let name) in variant.segments {
                guard case .custom(let type)? = pattern.typedParameters[name]?.type, converters[type] == nil else {
                    continue
                }
                throw .invalidSegment(
                    pattern: pattern.text, position: pattern.typedParameters[name]?.position ?? 0,
                    reason: "parameter type '\(type)' has no converter (register it with add(parameterType:converter:))"
                )
            }
        }
        let rootNames = Self.rootNames(of: pattern)
        let shapes = variants.map { keys(of: $0, in: pattern) }
        for rootName in rootNames {
            if let existing = registered(shapes, rootName: rootName) {
                if existing.pattern.text == pattern.text { return }
                throw .conflictingPattern(pattern: pattern.text, existing: existing.pattern.text)
            }
        }
        registered.append(pattern)
        func insert(into root: inout RouteNode) {
            for (shape, variant) in zip(shapes, variants) {
                let endpoint = RouteNode.Endpoint(pattern: pattern, groups: variant.groups)
                root.insert(shape.keys[...], endsInWildcard: shape.endsInWildcard, endpoint: endpoint)
            }
        }
        for rootName in rootNames {
            if let rootName {
                insert(into: &schemes[rootName, default: RouteNode()])
            } else {
                insert(into: &anyScheme)
            }
        }
    }

    /// The endpoint already registered for one of `shapes` under the root `rootName`, if any. (A function of its own,
    /// so that the root it reads is not held while ``add(_:)`` changes it in place.)
    /// The tries `pattern` goes into, by name: `nil` for the patterns of any scheme, `scheme` for a scheme's,
    /// `scheme://host` for each host an http(s) pattern names, `scheme://:` for one that captures the host.
    static func rootNames(of pattern: RoutePattern) -> [String?] {
        guard let scheme = pattern.scheme else { return [nil] }
        if pattern.hostParameter != nil { return [scheme + capturedHostSuffix] }
        if pattern.hosts.isEmpty { return [scheme] }
        return pattern.hosts.map { scheme + "://" + $0 }
    }

    /// The suffix of the trie of the patterns of a scheme that capture the host (`https://:`); a host never has a
    /// ':'.
    static let capturedHostSuffix = "://:"

    private func registered(_ shapes: [Shape], rootName: String?) -> RouteNode.Endpoint? {
        let root = rootName.map { schemes[$0] ?? RouteNode() } ?? anyScheme
        for shape in shapes {
            if let existing = root.endpoint(for: shape.keys[...], endsInWildcard: shape.endsInWildcard) {
                return existing
            }
        }
        return nil
    }

    /// The trie keys of a shape of `pattern`, and whether it ends in a wildcard.
    private func keys(of variant: RoutePattern.Variant, in pattern: RoutePattern) -> Shape {
        var keys: [RouteNode.Key] = []
        var endsInWildcard = false
        for segment in variant.segments {
            switch segment {
            case .literal(let text):
                let decoded = PercentEncoding.decode(text) ?? text
                keys.append(.literal(isCaseSensitive ? decoded : decoded.lowercased()))
            case .parameter(let name):
                keys.append(.parameter(pattern.typedParameters[name]?.type ?? .text))
            case .wildcard:
                endsInWildcard = true
            case .group:
                break
            }
        }
        return Shape(keys: keys, endsInWildcard: endsInWildcard)
    }

    /// A shape of a pattern as the trie keys it.
    private struct Shape {
        let keys: [RouteNode.Key]
        let endsInWildcard: Bool
    }

    /// The matcher of the patterns added so far.
    public func build() -> RouteMatcher {
        RouteMatcher(
            caseSensitive: isCaseSensitive, anyScheme: anyScheme, schemes: schemes, registered: registered,
            converters: converters)
    }
}
