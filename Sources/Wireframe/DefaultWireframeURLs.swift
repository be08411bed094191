import BrigadeCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Reverse routing: the URL of a pattern and its parameters, checked to route back.
extension DefaultWireframe {
    /// A URL for `pattern` filled with `parameters` (reverse routing); parameters the pattern does not name become
    /// query items. Routing the URL gives back the same pattern and the same values, or building throws.
    ///
    /// ```swift
    /// try wireframe.url(forPattern: "/menu/:dish", parameters: ["dish": "crème brûlée"])
    /// // /menu/cr%C3%A8me%20br%C3%BBl%C3%A9e
    /// ```
    /// - Throws: The errors of ``url(forPattern:parameters:query:)``.
    public func url(forPattern pattern: String, parameters: RouteParameters = [:]) throws(WireframeError) -> URL {
        try url(forPattern: pattern, parameters: parameters, query: [:])
    }

    /// A URL for `pattern` filled with `parameters`, followed by `query` and the parameters the pattern does not
    /// name as query items (sorted by name, names and values percent-encoded, `+` too; a parameter wins over a query
    /// item of the same name; a list of two or more strings is the name repeated, `?tag=a&tag=b`).
    ///
    /// The round trip is checked: routing the URL gives back `pattern`, the pattern's parameters with the same
    /// text (byte for byte; a value that is not text as its `String(describing:)`, a wildcard as its segments) and
    /// the query items, and nothing else; otherwise building throws.
    ///
    /// ```swift
    /// try wireframe.url(forPattern: "/menu/:dish", parameters: ["dish": "soup"], query: ["size": "large & hot"])
    /// // /menu/soup?size=large%20%26%20hot
    /// ```
    /// - Throws: ``WireframeError/unknownPattern(_:)`` when `pattern` is not registered;
    ///   ``WireframeError/missingParameter(pattern:name:)`` when a required parameter is not given;
    ///   ``WireframeError/emptyParameter(pattern:name:)`` when one is empty text;
    ///   ``WireframeError/incompleteOptionalGroup(pattern:given:missing:)`` when a parameter of an optional group is
    ///   given without the others of the group; ``WireframeError/builtURLRoutesElsewhere(pattern:url:winner:)``
    ///   when the URL would show a more specific pattern (`/:tab` with `new` beside `/new`);
    ///   ``WireframeError/builtURLDoesNotRoundTrip(pattern:url:reason:)`` when it would give other values back;
    ///   ``WireframeError/invalidURL(_:)`` when the text is no URL.
    public func url(
        forPattern pattern: String,
        parameters: RouteParameters = [:],
        query: [String: String]
    ) throws(WireframeError) -> URL {
        guard let registered = matcher.pattern(pattern) else { throw .unknownPattern(pattern) }
        var text = try registered.path(parameters: parameters)
        let named = Set(registered.parameterNames)
        var items = query.mapValues { [$0] }
        for (name, value) in parameters.values where !named.contains(name) {
            items[name] = (value as? [String]) ?? [(value as? String) ?? String(describing: value)]
        }
        if !items.isEmpty {
            text +=
                "?"
                + items.keys.sorted().flatMap { name in
                    (items[name] ?? []).map { PercentEncoding.encode(name) + "=" + PercentEncoding.encode($0) }
                }.joined(separator: "&")
        }
        guard let url = URL(string: text) else { throw .invalidURL(text) }
        try checkRoundTrip(url, pattern: registered, parameters: parameters, query: query)
        return url
    }

    /// Throws unless routing `url` gives back `pattern`, `parameters` (the pattern's and the others) and `query`.
    func checkRoundTrip(
        _ url: URL,
        pattern: RoutePattern,
        parameters: RouteParameters,
        query: [String: String]
    ) throws(WireframeError) {
        let text = url.absoluteString
        guard let match = matcher.match(url: url) else {
            throw .builtURLDoesNotRoundTrip(pattern: pattern.text, url: text, reason: "no pattern matches it")
        }
        guard match.pattern.text == pattern.text else {
            throw .builtURLRoutesElsewhere(pattern: pattern.text, url: text, winner: match.pattern.text)
        }
        // Each value as the list of texts routing gives back: one text, or a wildcard's segments.
        var expected = query.mapValues { (texts: [$0], isList: false) }
        let hasWildcard = pattern.parameterNames.contains(RouteParameters.wildcard)
        for (name, value) in parameters.values {
            if hasWildcard, name == RouteParameters.wildcard {
                expected[name] = ((value as? [String]) ?? [String(describing: value)], true)
            } else if let list = value as? [String] {
                expected[name] = (list, true)
            } else {
                expected[name] = ([(value as? String) ?? String(describing: value)], false)
            }
        }
        for (name, value) in match.parameters.values {
            let found = (value as? [String]) ?? [(value as? String) ?? String(describing: value)]
            guard let wanted = expected.removeValue(forKey: name) else {
                throw .builtURLDoesNotRoundTrip(
                    pattern: pattern.text, url: text, reason: "it gives parameter '\(name)', which was not given")
            }
            let isSame =
                wanted.isList == (value is [String]) && wanted.texts.count == found.count
                && zip(wanted.texts, found).allSatisfy { $0.utf8.elementsEqual($1.utf8) }
            guard isSame else {
                let shown = value is [String] ? found.description : found.joined()
                throw .builtURLDoesNotRoundTrip(
                    pattern: pattern.text, url: text, reason: "parameter '\(name)' comes back as '\(shown)'")
            }
        }
        if let name = expected.keys.sorted().first {
            throw .builtURLDoesNotRoundTrip(
                pattern: pattern.text, url: text, reason: "parameter '\(name)' does not come back")
        }
    }

    /// The controllers at the bottom of `shown` whose routes are `results`, in order, up to the first that differs.
    static func keptPrefix(_ shown: [any Controller], _ results: [RouteResult]) -> [any Controller] {
        var kept: [any Controller] = []
        for (controller, result) in zip(shown, results) {
            guard let current = controller.attachments.routeResult, isSameRoute(current, result) else { break }
            kept.append(controller)
        }
        return kept
    }

    /// Whether two routes have the same pattern and the same parameters, as text.
    private static func isSameRoute(_ lhs: RouteResult, _ rhs: RouteResult) -> Bool {
        struct Text: Equatable {
            let texts: [String]
            let isList: Bool
        }
        func texts(_ parameters: RouteParameters) -> [String: Text] {
            parameters.values.mapValues { value in
                if let list = value as? [String] { return Text(texts: list, isList: true) }
                return Text(texts: [(value as? String) ?? String(describing: value)], isList: false)
            }
        }
        return lhs.routePattern == rhs.routePattern && texts(lhs.parameters) == texts(rhs.parameters)
    }
}
