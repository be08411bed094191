import BrigadeCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A pattern that matched a URL, with the parameters taken from the URL: path parameters over query items (a query
/// name given more than once is a `[String]` of its values, in order).
public struct RouteMatch: Sendable {
    /// The registered pattern that matched.
    public let pattern: RoutePattern
    /// Path parameters (percent-decoded; a wildcard's segments under `*`) over query items.
    public let parameters: RouteParameters
}

/// Matches URLs against route patterns with a trie: the cost of a match grows with the number of segments in the
/// URL, not with the number of patterns.
///
/// At each segment a literal beats a typed parameter (`:id<int>`, then `:id<uuid>`), which beats a parameter of any
/// text, which beats a wildcard; when the more specific branch fails further
/// on, the matcher backtracks to the next one. Registration order never matters. The walk is a loop with its own
/// stack, so a pattern or URL of any number of segments (50,000, say) matches without deep recursion.
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
    private let anyScheme = Node(run: [])
    private var schemes: [String: Node] = [:]
    /// Every registered pattern, once, in registration order; endpoints refer to them by index.
    private var registered: [RoutePattern] = []
    /// What each endpoint of the trie stands for.
    private var endpoints: [Endpoint] = []
    /// The parameter names of the endpoints whose shape leaves out an optional group with parameters.
    private var variantNames: [[String]] = []
    /// The converters of custom parameter types, by type name.
    private var converters: [String: (String) -> (any Sendable)?] = [:]

    /// Creates an empty matcher.
    /// - Parameter caseSensitive: Whether literal segments must match in letter case; `true` by default.
    public init(caseSensitive: Bool = true) {
        isCaseSensitive = caseSensitive
    }

    /// The registered patterns, by their text.
    public var patterns: [String: RoutePattern] {
        Dictionary(registered.map { ($0.text, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Registers the parameter type `name` for patterns such as `/menu/:dish<dish>`: a segment is taken when
    /// `converter` gives a value for its (percent-decoded) text, and that value is the parameter. Register a type
    /// before the patterns that use it; `int` and `uuid` are built in and cannot be replaced. Registering a name again
    /// replaces its converter.
    ///
    /// ```swift
    /// matcher.add(parameterType: "dish") { Dish(rawValue: $0) }
    /// try matcher.add(RoutePattern("/menu/:dish<dish>"))
    /// ```
    public func add(parameterType name: String, converter: @escaping (String) -> (any Sendable)?) {
        converters[name] = converter
    }

    /// The value of `segment` as a parameter of `type`, or `nil` when the segment is not of the type.
    private func value(of segment: Substring, type: RoutePattern.ParameterType) -> (any Sendable)? {
        guard case .custom(let name) = type else { return type.value(of: segment) }
        return converters[name]?(String(segment))
    }

    /// The registered pattern written as `text`, if any.
    func pattern(_ text: String) -> RoutePattern? {
        registered.first { $0.text == text }
    }

    /// Registers `pattern`. Registering the same text again does nothing.
    /// - Throws: ``WireframeError/conflictingPattern(pattern:existing:)`` when another pattern already matches one of
    ///   the same URL shapes; nothing is registered then.
    public func add(_ pattern: RoutePattern) throws(WireframeError) {
        let scheme = pattern.scheme.map { scheme in pattern.host.map { scheme + "://" + $0 } ?? scheme }
        let root = scheme.map { schemes[$0] ?? Node(run: []) } ?? anyScheme
        let variants = pattern.variants
        for variant in variants {
            for segment in variant {
                if case .custom(let name) = segment.type, converters[name] == nil {
                    throw .invalidSegment(
                        pattern: pattern.text, position: segment.position,
                        reason:
                            "parameter type '\(name)' has no converter (register it with add(parameterType:converter:))"
                    )
                }
            }
        }
        let keyed = variants.map { $0.map(key) }
        for variant in keyed {
            if let existing = root.endpoint(for: variant) {
                let text = registered[Int(endpoints[Int(existing)].pattern)].text
                if text == pattern.text { return }
                throw .conflictingPattern(pattern: pattern.text, existing: text)
            }
        }
        let patternIndex = Int32(registered.count)
        registered.append(pattern)
        for (variant, segments) in zip(keyed, variants) {
            let names = segments.compactMap { segment -> String? in
                if case .parameter(let name) = segment.kind { return name }
                return nil
            }
            var namesIndex: Int32 = -1
            if names != pattern.parameterNames.filter({ $0 != RouteParameters.wildcard }) {
                namesIndex = Int32(variantNames.count)
                variantNames.append(names)
            }
            root.insert(variant, endpoint: Int32(endpoints.count))
            endpoints.append(Endpoint(pattern: patternIndex, names: namesIndex))
        }
        if let scheme {
            schemes[scheme] = root
        }
    }

    /// Matches a path such as `/menu/soup?size=large`: everything after `?` is read as query items.
    /// - Parameters:
    ///   - path: The path, with its query.
    ///   - scheme: The URL's scheme, if any: patterns of that scheme are tried before those of any scheme.
    ///   - host: The host of an http(s) URL, if any: patterns of that scheme and host are tried first, then those
    ///     of the scheme without a host, then those of any scheme.
    public func match(path: String, scheme: String? = nil, host: String? = nil) -> RouteMatch? {
        let utf8 = path.utf8
        let scheme = scheme?.lowercased()
        let hostRoot = scheme.flatMap { scheme in host.map { scheme + "://" + HostName.ascii($0) } }
        guard let query = utf8.firstIndex(of: UInt8(ascii: "?")) else {
            return match(pathPart: Substring(path), prefix: nil, scheme: scheme, hostRoot: hostRoot, query: nil)
        }
        return match(
            pathPart: path[..<query], prefix: nil, scheme: scheme, hostRoot: hostRoot,
            query: path[utf8.index(after: query)...])
    }

    /// Matches `url`. For a scheme other than http(s), the host is the first segment: `bistro://menu/3` is
    /// `/menu/3`. For http(s), patterns naming the URL's host are tried first (hosts compared lowercased, Punycode
    /// and Unicode alike), then those of the scheme that name no host, then those of any scheme.
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

    /// Splits the path on `/` (bytes, not characters: `/` never occurs inside a multi-byte character) into a
    /// temporary buffer, walks the trie, and builds the parameters of the endpoint found.
    private func match(
        pathPart: Substring,
        prefix: Substring?,
        scheme: String?,
        hostRoot: String?,
        query: Substring?
    ) -> RouteMatch? {
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
                var found: (endpoint: Int32, wildcardStart: Int, captured: Int)?
                if let hostRoot, let root = schemes[hostRoot] {
                    found = find(root, segments, captures)
                }
                if found == nil, let scheme, let root = schemes[scheme] {
                    found = find(root, segments, captures)
                }
                if found == nil {
                    found = find(anyScheme, segments, captures)
                }
                guard let found else { return nil }
                let endpoint = endpoints[Int(found.endpoint)]
                let pattern = registered[Int(endpoint.pattern)]
                let names = endpoint.names < 0 ? pattern.parameterNames : variantNames[Int(endpoint.names)]
                var values: [String: any Sendable] = [:]
                if let query, !query.isEmpty {
                    Self.readQuery(query, into: &values)
                }
                for (name, segment) in zip(names, captures.prefix(found.captured)) {
                    values[name] =
                        pattern.parameterTypes[name].flatMap { value(of: segments[segment], type: $0) }
                        ?? String(segments[segment])
                }
                if found.wildcardStart < segments.count {
                    values[RouteParameters.wildcard] = segments[found.wildcardStart...].map { String($0) }
                }
                return RouteMatch(pattern: pattern, parameters: RouteParameters(values))
            }
        }
    }

    /// Walks the trie from `root`, most specific branch first, backtracking through a stack of its own (one frame
    /// per node entered, never more than one per segment), and records the index of each segment a parameter took
    /// in `captures`. Returns the endpoint, where a wildcard capture starts (`segments.count` when there is none) and
    /// how many captures it has.
    private func find(
        _ root: Node,
        _ segments: UnsafeBufferPointer<Substring>,
        _ captures: UnsafeMutableBufferPointer<Int>
    ) -> (endpoint: Int32, wildcardStart: Int, captured: Int)? {
        withUnsafeTemporaryAllocation(of: Frame.self, capacity: segments.count + 1) { frames in
            frames.initializeElement(at: 0, to: Frame(node: root, index: 0, captured: 0))
            var depth = 1
            defer { _ = frames.prefix(depth).deinitialize() }
            while depth > 0 {
                let top = depth - 1
                let frame = frames[top]
                let node = frame.node
                guard frame.index < segments.count else {
                    if node.endpoint >= 0 {
                        return (node.endpoint, segments.count, frame.captured)
                    }
                    _ = frames.moveElement(from: top)
                    depth -= 1
                    continue
                }
                var next: Node?
                switch frame.stage {
                case 0:
                    frames[top].stage = 1
                    if node.literalCount > 0 {
                        let segment = segments[frame.index]
                        next = node.literal(isCaseSensitive ? segment : Substring(segment.lowercased()))
                    }
                case let stage where Int(stage) <= node.parameters.count:
                    frames[top].stage = stage + 1
                    next = node.parameters[Int(stage) - 1]
                default:
                    if node.wildcard >= 0 {
                        return (node.wildcard, frame.index, frame.captured)
                    }
                    _ = frames.moveElement(from: top)
                    depth -= 1
                    continue
                }
                guard let next else { continue }
                var index = frame.index
                var captured = frame.captured
                if enter(next, segments, &index, captures, &captured) {
                    frames.initializeElement(at: depth, to: Frame(node: next, index: index, captured: captured))
                    depth += 1
                }
            }
            return nil
        }
    }

    /// Consumes `node`'s run of keys from `segments[index...]`: literals must be equal, a parameter takes any one
    /// segment (recorded in `captures`). Returns `false` when the run does not fit.
    private func enter(
        _ node: Node,
        _ segments: UnsafeBufferPointer<Substring>,
        _ index: inout Int,
        _ captures: UnsafeMutableBufferPointer<Int>,
        _ captured: inout Int
    ) -> Bool {
        guard segments.count - index >= node.run.count else { return false }
        for key in node.run {
            switch key {
            case .literal(let text):
                let segment = segments[index]
                guard isCaseSensitive ? segment == text : segment.lowercased() == text else { return false }
            case .parameter(let type):
                if type != .text, value(of: segments[index], type: type) == nil { return false }
                captures[captured] = index
                captured += 1
            }
            index += 1
        }
        return true
    }

    private func key(_ segment: RoutePattern.Segment) -> PatternKey {
        switch segment.kind {
        case .literal(let text):
            let decoded = PercentEncoding.decode(text) ?? text
            return .key(.literal(isCaseSensitive ? decoded : decoded.lowercased()))
        case .parameter:
            return .key(.parameter(segment.type))
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
            let value = PercentEncoding.decode(rawValue, plusIsSpace: true) ?? String(rawValue)
            // A repeated name keeps every value, in order: `?tag=a&tag=b` is `["a", "b"]`.
            switch values[name] {
            case let earlier as String: values[name] = [earlier, value]
            case let earlier as [String]: values[name] = earlier + [value]
            default: values[name] = value
            }
        }
    }

    // MARK: - Trie

    /// One segment of a pattern in the trie: a literal (decoded, lowercased when matching ignores case) or a
    /// parameter (its name is the endpoint's, as patterns of other names share the node).
    private enum Key: Equatable {
        case literal(String)
        case parameter(RoutePattern.ParameterType)
    }

    /// A pattern's segment as registered: a key, or the trailing wildcard.
    private enum PatternKey {
        case key(Key)
        case wildcard
    }

    /// An endpoint: the registered pattern (an index into `registered`) and its parameter names (an index into
    /// `variantNames`, or -1 for the pattern's own ``RoutePattern/parameterNames``).
    private struct Endpoint {
        let pattern: Int32
        let names: Int32
    }

    /// A step of the walk: the node entered, the segment after its run, the captures so far, and which branch to
    /// try next (0 literal, 1 to n the n parameter children, typed ones first, then the wildcard).
    private struct Frame {
        let node: Node
        let index: Int
        let captured: Int
        var stage: UInt8 = 0
    }

    /// A node of the trie. A chain of nodes with one child each and no endpoint is one node whose `run` holds the
    /// chain's keys, so a pattern that shares no prefix costs one node whatever its length.
    private final class Node {
        /// The keys this node stands for, after its parent's (empty only for a root).
        var run: [Key]
        /// Children whose run starts with a literal: an open-addressing table (linear probing, a power of two in
        /// size, at most three quarters full) keyed by that first literal; empty when there are none.
        var literals: [Node?] = []
        /// The children whose run starts with a parameter, typed ones first (see
        /// ``RoutePattern/ParameterType``): at most one per type.
        var parameters: [Node] = []
        var literalCount: Int32 = 0
        /// The endpoint of the URLs that end here, or -1.
        var endpoint: Int32 = -1
        /// The endpoint of the URLs that go on past here (one segment or more) into a wildcard, or -1.
        var wildcard: Int32 = -1

        init(run: [Key]) {
            self.run = run
        }

        /// The first literal of the node's run, which keys it in its parent's table.
        var firstLiteral: String? {
            if case .literal(let text) = run.first { return text }
            return nil
        }

        /// The child whose run starts with `segment`.
        func literal(_ segment: Substring) -> Node? {
            guard !literals.isEmpty else { return nil }
            let mask = literals.count - 1
            var slot = segment.hashValue & mask
            while let node = literals[slot] {
                if case .literal(let text) = node.run[0], segment == text {
                    return node
                }
                slot = (slot + 1) & mask
            }
            return nil
        }

        /// Puts `child` in the literal table under its first literal, which no other child has.
        func addLiteral(_ child: Node) {
            if (Int(literalCount) + 1) * 4 > literals.count * 3 {
                let old = literals
                literals = Array(repeating: nil, count: Swift.max(2, old.count * 2))
                literalCount = 0
                for case let node? in old {
                    place(node)
                }
            }
            place(child)
        }

        /// Replaces the child keyed by `old`'s first literal with `new`, which has the same first literal.
        func replaceLiteral(_ old: Node, with new: Node) {
            for slot in literals.indices where literals[slot] === old {
                literals[slot] = new
                return
            }
        }

        private func place(_ node: Node) {
            let mask = literals.count - 1
            var slot = Substring(node.firstLiteral ?? "").hashValue & mask
            while literals[slot] != nil {
                slot = (slot + 1) & mask
            }
            literals[slot] = node
            literalCount += 1
        }

        /// The endpoint already registered for exactly this shape, if any.
        func endpoint(for variant: [PatternKey]) -> Int32? {
            var node = self
            var offset = node.run.count
            for pattern in variant {
                guard case .key(let key) = pattern else {
                    guard offset == node.run.count else { return nil }
                    return node.wildcard >= 0 ? node.wildcard : nil
                }
                if offset == node.run.count {
                    guard let child = node.child(for: key) else { return nil }
                    node = child
                    offset = 0
                }
                guard node.run[offset] == key else { return nil }
                offset += 1
            }
            guard offset == node.run.count, node.endpoint >= 0 else { return nil }
            return node.endpoint
        }

        func child(for key: Key) -> Node? {
            switch key {
            case .literal(let text): literal(Substring(text))
            case .parameter: parameters.first { $0.run[0] == key }
            }
        }

        /// Registers `endpoint` for the shape `variant`, splitting a node's run where the shape leaves it.
        func insert(_ variant: [PatternKey], endpoint: Int32) {
            var node = self
            var position = 0
            while position < variant.count {
                guard case .key(let key) = variant[position] else {
                    node.wildcard = endpoint
                    return
                }
                guard let child = node.child(for: key) else {
                    var run: [Key] = []
                    var wildcard = false
                    for pattern in variant[position...] {
                        switch pattern {
                        case .key(let key): run.append(key)
                        case .wildcard: wildcard = true
                        }
                    }
                    let leaf = Node(run: run)
                    if wildcard {
                        leaf.wildcard = endpoint
                    } else {
                        leaf.endpoint = endpoint
                    }
                    node.attach(leaf)
                    return
                }
                var offset = 0
                while offset < child.run.count, position < variant.count,
                    case .key(let next) = variant[position], next == child.run[offset]
                {
                    offset += 1
                    position += 1
                }
                node = offset == child.run.count ? child : node.split(child, at: offset)
            }
            node.endpoint = endpoint
        }

        func attach(_ child: Node) {
            if case .parameter(let type) = child.run[0] {
                let index = parameters.firstIndex {
                    if case .parameter(let other) = $0.run[0] { return type < other }
                    return false
                }
                parameters.insert(child, at: index ?? parameters.count)
            } else {
                addLiteral(child)
            }
        }

        /// Splits `child`'s run after `offset` keys: a new node with the first keys takes its place, with `child`
        /// (keeping the rest) as its only child. Returns the new node.
        func split(_ child: Node, at offset: Int) -> Node {
            let head = Node(run: Array(child.run[..<offset]))
            child.run.removeFirst(offset)
            if case .parameter = head.run[0] {
                if let index = parameters.firstIndex(where: { $0 === child }) {
                    parameters[index] = head
                }
            } else {
                replaceLiteral(child, with: head)
            }
            head.attach(child)
            return head
        }
    }
}
