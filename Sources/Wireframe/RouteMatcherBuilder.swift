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
/// Building is cheap: the matcher shares the builder's storage until the builder changes again.
public struct RouteMatcherBuilder: Sendable {
    private var matcher: RouteMatcher

    /// Creates a builder with no patterns.
    /// - Parameter caseSensitive: Whether literal segments must match in letter case; `true` by default.
    public init(caseSensitive: Bool = true) {
        matcher = RouteMatcher(caseSensitive: caseSensitive)
    }

    /// Whether literal segments must match in letter case.
    public var isCaseSensitive: Bool { matcher.isCaseSensitive }

    /// The patterns added so far, by their text.
    public var patterns: [String: RoutePattern] { matcher.patterns }

    /// Registers the parameter type `name` for patterns such as `/menu/:dish<dish>`: a segment is taken when
    /// `converter` gives a value for its (percent-decoded) text, and that value is the parameter. Register a type
    /// before the patterns that use it; `int` and `uuid` are built in and cannot be replaced. Registering a name again
    /// replaces its converter.
    public mutating func add(parameterType name: String, converter: @escaping RouteMatcher.Converter) {
        matcher.add(parameterType: name, converter: converter)
    }

    /// Registers `pattern`. Registering the same text again does nothing.
    /// - Throws: ``WireframeError/conflictingPattern(pattern:existing:)`` when another pattern already matches one of
    ///   the same URL shapes; ``WireframeError/invalidSegment(pattern:position:reason:)`` when the pattern names a
    ///   parameter type with no converter. Nothing is registered then.
    public mutating func add(_ pattern: RoutePattern) throws(WireframeError) {
        try matcher.add(pattern)
    }

    /// The matcher of the patterns added so far.
    public func build() -> RouteMatcher {
        matcher
    }
}
