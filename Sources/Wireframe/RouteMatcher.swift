import BrigadeCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Matches URLs against route patterns with a trie: the cost of a match grows with the number of segments in the
/// URL, not with the number of patterns.
///
/// At each segment a literal beats a typed parameter (`:id<int>`, then `:id<uuid>`), which beats a parameter of any
/// text, which beats a wildcard; when the more specific branch fails further on, the matcher backtracks to the next
/// one. Registration order never matters.
///
/// A matcher is an immutable value, safe to share between threads; a ``RouteMatcherBuilder`` makes it:
///
/// ```swift
/// var builder = RouteMatcherBuilder()
/// try builder.add(RoutePattern("/menu/:dish"))
/// let matcher = builder.build()
/// matcher.match(path: "/menu/soup")?.parameters["dish"]  // "soup"
/// ```
public struct RouteMatcher: Sendable {
    /// Reads a parameter of a custom type from a segment's text: the value, or `nil` when the text is not of the type.
    public typealias Converter = @Sendable (String) -> (any Sendable)?

    /// Whether literal segments must match in letter case (parameters keep the URL's case).
    public let isCaseSensitive: Bool
    /// The patterns that name no scheme.
    private let anyScheme: MatchNode
    /// The patterns of a scheme (`bistro`) or of an http(s) scheme and host (`https://bistro.example`), by that text.
    private let schemes: [String: MatchNode]
    /// Every registered pattern, once, in registration order.
    private let registered: [RoutePattern]
    /// The converters of custom parameter types, by type name.
    private let converters: [String: Converter]

    /// Creates the matcher of a ``RouteMatcherBuilder``'s trie.
    init(
        caseSensitive: Bool,
        anyScheme: RouteNode,
        schemes: [String: RouteNode],
        registered: [RoutePattern],
        converters: [String: Converter]
    ) {
        isCaseSensitive = caseSensitive
        self.anyScheme = MatchNode(anyScheme)
        self.schemes = schemes.mapValues(MatchNode.init)
        self.registered = registered
        self.converters = converters
    }

    /// The registered patterns, by their text.
    public var patterns: [String: RoutePattern] {
        Dictionary(registered.map { ($0.text, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The registered pattern written as `text`, if any.
    func pattern(_ text: String) -> RoutePattern? {
        registered.first { $0.text == text }
    }

    // MARK: - Matching

    /// Matches a path such as `/menu/soup?size=large`: everything after `?` is read as query items.
    /// - Parameters:
    ///   - path: The path, with its query.
    ///   - scheme: The URL's scheme, if any: patterns of that scheme are tried before those of any scheme.
    ///   - host: The host of an http(s) URL, if any: patterns of that scheme and host are tried first, then those
    ///     of the scheme without a host, then those of any scheme.
    /// - Returns: The match, or `nil` when no pattern matches.
    public func match(path: String, scheme: String? = nil, host: String? = nil) -> RouteMatch? {
        let scheme = scheme?.lowercased()
        let hostRoot = scheme.flatMap { scheme in host.map { scheme + "://" + HostName.ascii($0) } }
        guard let query = path.utf8.firstIndex(of: UInt8(ascii: "?")) else {
            return match(pathPart: Substring(path), prefix: nil, scheme: scheme, hostRoot: hostRoot, query: nil)
        }
        return match(
            pathPart: path[..<query], prefix: nil, scheme: scheme, hostRoot: hostRoot,
            query: path[path.utf8.index(after: query)...])
    }

    /// Matches `url`. For a scheme other than http(s), the host is the first segment: `bistro://menu/3` is
    /// `/menu/3`. For http(s), patterns naming the URL's host are tried first (hosts compared lowercased, Punycode
    /// and Unicode alike), then those of the scheme that name no host, then those of any scheme.
    /// - Returns: The match, or `nil` when no pattern matches.
    public func match(url: URL) -> RouteMatch? {
        let scheme = url.scheme?.lowercased()
        let path = url.path(percentEncoded: true)
        var prefix: Substring?
        var hostRoot: String?
        if let scheme, scheme == "http" || scheme == "https" {
            if let host = url.host(percentEncoded: false), !host.isEmpty {
                hostRoot = scheme + "://" + HostName.ascii(host)
            }
        } else if scheme != nil, let host = url.host(percentEncoded: true), !host.isEmpty {
            prefix = Substring(host)
        }
        return match(
            pathPart: Substring(path), prefix: prefix, scheme: scheme, hostRoot: hostRoot,
            query: url.query(percentEncoded: true).map { Substring($0) })
    }

    /// Splits the path on `/` (bytes, not characters: `/` never occurs inside a multi-byte character), walks the
    /// trie, and reads the parameters of the endpoint found.
    private func match(
        pathPart: Substring,
        prefix: Substring?,
        scheme: String?,
        hostRoot: String?,
        query: Substring?
    ) -> RouteMatch? {
        var segments: [String] = []
        segments.reserveCapacity(pathPart.utf8.count / 2 + 2)
        if let prefix {
            segments.append(decoded(prefix))
        }
        let utf8 = pathPart.utf8
        var start = utf8.startIndex
        for index in utf8.indices where utf8[index] == UInt8(ascii: "/") {
            if start != index {
                segments.append(decoded(pathPart[start..<index]))
            }
            start = utf8.index(after: index)
        }
        if start != utf8.endIndex {
            segments.append(decoded(pathPart[start...]))
        }
        var found: Found?
        var capturedHost: String?
        if let hostRoot, let root = schemes[hostRoot] {
            found = find(in: root, segments, at: 0)
        }
        if found == nil, let scheme, let hostRoot,
            let root = schemes[scheme + RouteMatcherBuilder.capturedHostSuffix]
        {
            found = find(in: root, segments, at: 0)
            capturedHost = String(hostRoot.dropFirst(scheme.count + 3))
        }
        if found == nil, let scheme, let root = schemes[scheme] {
            found = find(in: root, segments, at: 0)
        }
        if found == nil {
            found = find(in: anyScheme, segments, at: 0)
        }
        guard let found else { return nil }
        var values: [String: any Sendable] = [:]
        if let query, !query.isEmpty {
            Self.readQuery(query, into: &values)
        }
        let pattern = found.endpoint.pattern
        if let name = pattern.hostParameter, let capturedHost {
            values[name] = capturedHost
        }
        var index = 0
        pattern.forEachSegment(including: found.endpoint.groups) { segment in
            switch segment {
            case .parameter(let name):
                let text = segments[index]
                values[name] = pattern.typedParameters[name].flatMap { value(of: text, type: $0.type) } ?? text
            case .wildcard:
                if found.wildcardStart < segments.count {
                    values[RouteParameters.wildcard] = Array(segments[found.wildcardStart...])
                }
            case .literal, .group:
                break
            }
            index += 1
        }
        return RouteMatch(pattern: pattern, parameters: RouteParameters(values))
    }

    /// An endpoint found by the walk, and where its wildcard's segments start (the number of segments when it has
    /// none).
    private typealias Found = (endpoint: RouteNode.Endpoint, wildcardStart: Int)

    /// Finds the endpoint for `segments[index...]` below `node`, whose run is already consumed: the literal child
    /// first, then the parameter children (typed ones first), then the node's wildcard; a branch that fails further
    /// on gives way to the next.
    private func find(in node: MatchNode, _ segments: [String], at index: Int) -> Found? {
        guard index < segments.count else {
            return node.endpoint.map { ($0, index) }
        }
        let segment = segments[index]
        if !node.literals.isEmpty, let child = node.literals[isCaseSensitive ? segment : segment.lowercased()],
            let found = enter(child, segments, at: index + 1)
        {
            return found
        }
        for branch in node.parameters where accepts(segment, branch.type) {
            if let found = enter(branch.node, segments, at: index + 1) {
                return found
            }
        }
        return node.wildcard.map { ($0, index) }
    }

    /// Consumes `node`'s run from `segments[index...]` (literals must be equal, a parameter takes one segment of its
    /// type), then finds the endpoint below it.
    private func enter(_ node: MatchNode, _ segments: [String], at index: Int) -> Found? {
        guard segments.count - index >= node.run.count else { return nil }
        var index = index
        for key in node.run {
            switch key {
            case .literal(let text):
                guard isCaseSensitive ? segments[index] == text : segments[index].lowercased() == text else {
                    return nil
                }
            case .parameter(let type):
                guard accepts(segments[index], type) else { return nil }
            }
            index += 1
        }
        return find(in: node, segments, at: index)
    }

    /// Whether a parameter of `type` takes `segment`.
    private func accepts(_ segment: String, _ type: RoutePattern.ParameterType) -> Bool {
        type == .text || value(of: segment, type: type) != nil
    }

    /// The value of `segment` as a parameter of `type`, or `nil` when the segment is not of the type.
    private func value(of segment: String, type: RoutePattern.ParameterType) -> (any Sendable)? {
        guard case .custom(let name) = type else { return type.value(of: segment) }
        return converters[name]?(segment)
    }

    private func decoded(_ segment: Substring) -> String {
        guard segment.utf8.contains(UInt8(ascii: "%")), let decoded = PercentEncoding.decode(segment) else {
            return String(segment)
        }
        return decoded
    }

    private static func readQuery(_ query: Substring, into values: inout [String: any Sendable]) {
        for item in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let rawName = parts.first, let name = PercentEncoding.decode(rawName, plusIsSpace: true) else {
                continue
            }
            let rawValue = parts.count > 1 ? parts[1] : ""
            let value = PercentEncoding.decode(rawValue, plusIsSpace: true) ?? String(rawValue)
            // A repeated name keeps every value, in order: `?tag=a&tag=b` is `["a", "b"]`.
            switch values[name] {
            case let earlier as String: values[name] = [earlier, value]
            case let earlier as [String]: values[name] = earlier + [value]
            default: values[name] = value
            }
        }
    }
}
