import BrigadeCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A pattern that matched a URL, with the parameters taken from the URL: path parameters over query items.
public struct RouteMatch: Sendable {
    /// The registered pattern that matched.
    public let pattern: RoutePattern
    /// Path parameters (percent-decoded; a wildcard's segments under `*`) over query items.
    public let parameters: RouteParameters
}

/// Matches URLs against route patterns with a trie: the cost of a match grows with the number of segments in the
/// URL, not with the number of patterns.
///
/// At each segment a literal beats a parameter, which beats a wildcard; when the more specific branch fails further
/// on, the matcher backtracks to the next one. Registration order never matters.
///
/// ```swift
/// var matcher = RouteMatcher()
/// try matcher.add(RoutePattern("/menu/:dish"))
/// matcher.match(path: "/menu/soup")?.parameters["dish"]  // "soup"
/// ```
///
/// Not thread-safe: register and match from one thread or actor (the ``DefaultWireframe`` uses it on the main
/// actor).
public final class RouteMatcher {
    /// Whether literal segments match regardless of letter case (parameters keep the URL's case).
    public let isCaseSensitive: Bool
    private var anyScheme = Node()
    private var schemes: [String: Node] = [:]
    private var registered: [String: RoutePattern] = [:]

    /// Creates an empty matcher.
    /// - Parameter caseSensitive: Whether literal segments must match in letter case; `true` by default.
    public init(caseSensitive: Bool = true) {
        isCaseSensitive = caseSensitive
    }

    /// The registered patterns, by their text.
    public var patterns: [String: RoutePattern] { registered }

    /// Registers `pattern`. Registering the same text again does nothing.
    /// - Throws: ``WireframeError/conflictingPattern(pattern:existing:)`` when another pattern already matches one of
    ///   the same URL shapes; nothing is registered then.
    public func add(_ pattern: RoutePattern) throws(WireframeError) {
        guard registered[pattern.text] == nil else { return }
        let root = pattern.scheme.map { schemes[$0] ?? Node() } ?? anyScheme
        let keyed = pattern.variants.map { $0.map(key) }
        for variant in keyed {
            if let existing = root.endpoint(for: variant), existing.pattern.text != pattern.text {
                throw .conflictingPattern(pattern: pattern.text, existing: existing.pattern.text)
            }
        }
        for variant in keyed {
            root.insert(variant, endpoint: Endpoint(pattern: pattern, variant: variant))
        }
        if let scheme = pattern.scheme {
            schemes[scheme] = root
        }
        registered[pattern.text] = pattern
    }

    /// Matches a path such as `/menu/soup?size=large`: everything after `?` is read as query items.
    public func match(path: String, scheme: String? = nil) -> RouteMatch? {
        let utf8 = path.utf8
        guard let query = utf8.firstIndex(of: UInt8(ascii: "?")) else {
            return match(pathPart: Substring(path), prefix: nil, scheme: scheme, query: nil)
        }
        return match(
            pathPart: path[..<query], prefix: nil, scheme: scheme, query: path[utf8.index(after: query)...])
    }

    /// Matches `url`. For a scheme other than http(s), the host is the first segment: `bistro://menu/3` is
    /// `/menu/3`.
    public func match(url: URL) -> RouteMatch? {
        let scheme = url.scheme?.lowercased()
        let path = url.path(percentEncoded: true)
        var prefix: Substring?
        if let scheme, scheme != "http", scheme != "https", let host = url.host(percentEncoded: true), !host.isEmpty {
            prefix = Substring(host)
        }
        return match(
            pathPart: Substring(path), prefix: prefix, scheme: scheme,
            query: url.query(percentEncoded: true).map { Substring($0) })
    }

    /// Splits the path on `/` (bytes, not characters: `/` never occurs inside a multi-byte character) into a
    /// stack buffer, walks the trie, and builds the parameters of the endpoint found.
    private func match(pathPart: Substring, prefix: Substring?, scheme: String?, query: Substring?) -> RouteMatch? {
        let capacity = pathPart.utf8.count / 2 + 2
        return withUnsafeTemporaryAllocation(of: Substring.self, capacity: capacity) { buffer in
            var count = 0
            if let prefix {
                buffer.initializeElement(at: count, to: decoded(prefix))
                count += 1
            }
            let utf8 = pathPart.utf8
            var start = utf8.startIndex
            var index = start
            while index != utf8.endIndex {
                if utf8[index] == UInt8(ascii: "/") {
                    if start != index {
                        buffer.initializeElement(at: count, to: decoded(pathPart[start..<index]))
                        count += 1
                    }
                    start = utf8.index(after: index)
                }
                index = utf8.index(after: index)
            }
            if start != index {
                buffer.initializeElement(at: count, to: decoded(pathPart[start..<index]))
                count += 1
            }
            defer { _ = buffer.prefix(count).deinitialize() }
            let segments = UnsafeBufferPointer(rebasing: buffer.prefix(count))
            return withUnsafeTemporaryAllocation(of: Int.self, capacity: count + 1) { captures in
                var captured = 0
                var found: (Endpoint, Int)?
                if let scheme, let root = schemes[scheme] {
                    found = find(root, segments, 0, captures, &captured)
                }
                if found == nil {
                    captured = 0
                    found = find(anyScheme, segments, 0, captures, &captured)
                }
                guard let (endpoint, wildcardStart) = found else { return nil }
                var values: [String: any Sendable] = [:]
                if let query, !query.isEmpty {
                    Self.readQuery(query, into: &values)
                }
                for (name, segment) in zip(endpoint.parameterNames, captures.prefix(captured)) {
                    values[name] = String(segments[segment])
                }
                if wildcardStart < segments.count {
                    values[RouteParameters.wildcard] = segments[wildcardStart...].map { String($0) }
                }
                return RouteMatch(pattern: endpoint.pattern, parameters: RouteParameters(values))
            }
        }
    }

    /// Walks the trie from `node` at `index`, most specific branch first, recording the index of each segment a
    /// parameter took in `captures`. Returns the endpoint and where a wildcard capture starts (`segments.count` when
    /// there is none).
    private func find(
        _ node: Node,
        _ segments: UnsafeBufferPointer<Substring>,
        _ index: Int,
        _ captures: UnsafeMutableBufferPointer<Int>,
        _ captured: inout Int
    ) -> (Endpoint, Int)? {
        guard index < segments.count else {
            return node.endpoint.map { ($0, segments.count) }
        }
        let segment = segments[index]
        if !node.literals.isEmpty {
            let next = isCaseSensitive ? node.literals[segment] : node.literals[Substring(segment.lowercased())]
            if let next, let found = find(next, segments, index + 1, captures, &captured) {
                return found
            }
        }
        if let next = node.parameter {
            captures[captured] = index
            captured += 1
            if let found = find(next, segments, index + 1, captures, &captured) {
                return found
            }
            captured -= 1
        }
        if let wildcard = node.wildcard {
            return (wildcard, index)
        }
        return nil
    }

    private func key(_ segment: RoutePattern.Segment) -> Key {
        switch segment.kind {
        case .literal(let text):
            let decoded = PercentEncoding.decode(text) ?? text
            return .literal(Substring(isCaseSensitive ? decoded : decoded.lowercased()))
        case .parameter(let name):
            return .parameter(name)
        case .wildcard:
            return .wildcard
        }
    }

    private func decoded(_ segment: Substring) -> Substring {
        guard segment.utf8.contains(UInt8(ascii: "%")), let decoded = PercentEncoding.decode(segment) else {
            return segment
        }
        return Substring(decoded)
    }

    private static func readQuery(_ query: Substring, into values: inout [String: any Sendable]) {
        for item in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let rawName = parts.first, let name = PercentEncoding.decode(rawName, plusIsSpace: true) else {
                continue
            }
            let rawValue = parts.count > 1 ? parts[1] : ""
            values[name] = PercentEncoding.decode(rawValue, plusIsSpace: true) ?? String(rawValue)
        }
    }

    // MARK: - Trie

    private enum Key {
        case literal(Substring)
        case parameter(String)
        case wildcard
    }

    private struct Endpoint {
        let pattern: RoutePattern
        let parameterNames: [String]

        init(pattern: RoutePattern, variant: [Key]) {
            self.pattern = pattern
            parameterNames = variant.compactMap { key in
                if case .parameter(let name) = key { return name }
                return nil
            }
        }
    }

    private final class Node {
        var literals: [Substring: Node] = [:]
        var parameter: Node?
        var wildcard: Endpoint?
        var endpoint: Endpoint?

        /// The endpoint already registered for exactly this shape, if any.
        func endpoint(for variant: [Key]) -> Endpoint? {
            var node = self
            for key in variant {
                switch key {
                case .literal(let text):
                    guard let next = node.literals[text] else { return nil }
                    node = next
                case .parameter:
                    guard let next = node.parameter else { return nil }
                    node = next
                case .wildcard:
                    return node.wildcard
                }
            }
            return node.endpoint
        }

        func insert(_ variant: [Key], endpoint: Endpoint) {
            var node = self
            for key in variant {
                switch key {
                case .literal(let text):
                    let next = node.literals[text] ?? Node()
                    node.literals[text] = next
                    node = next
                case .parameter:
                    let next = node.parameter ?? Node()
                    node.parameter = next
                    node = next
                case .wildcard:
                    node.wildcard = endpoint
                    return
                }
            }
            node.endpoint = endpoint
        }
    }
}
