/// A node of the route trie.
///
/// A node stands for a run of one or more pattern segments: the one that leads to it (the literal that keys it in
/// its parent's ``literals``, or the type of its entry in the parent's ``parameters``) and then ``run``. A chain of
/// nodes with one child each and no endpoint is one node, so a pattern that shares no prefix with another costs one
/// node whatever its length.
struct RouteNode: Sendable {
    /// A segment of a pattern's shape as the trie keys it.
    enum Key: Equatable, Sendable {
        /// A literal, percent-decoded (and lowercased when matching ignores case).
        case literal(String)
        /// A parameter of the type: its name belongs to the endpoint, as patterns of other names share the node.
        case parameter(RoutePattern.ParameterType)
    }

    /// A child that a parameter of `type` leads to.
    struct ParameterBranch: Sendable {
        let type: RoutePattern.ParameterType
        var node: RouteNode
    }

    /// What an endpoint stands for: a pattern and which of its optional groups the shape includes.
    struct Endpoint: Sendable {
        let pattern: RoutePattern
        /// The pattern's ``RoutePattern/Variant/groups``.
        let groups: UInt16
    }

    /// The segments after the one that leads here; empty for a root and for most branch points.
    var run: [Key] = []
    /// The children whose first segment is a literal, by that literal.
    var literals: [String: RouteNode] = [:]
    /// The children whose first segment is a parameter, one per type, typed ones first (see
    /// ``RoutePattern/ParameterType``).
    var parameters: [ParameterBranch] = []
    /// The endpoint of the URLs that end here.
    var endpoint: Endpoint?
    /// The endpoint of the URLs that go on past here (one segment or more) into a wildcard.
    var wildcard: Endpoint?

    /// The endpoint registered for exactly the shape `keys` (after this node's run), if any.
    func endpoint(for keys: ArraySlice<Key>, endsInWildcard: Bool) -> Endpoint? {
        guard let first = keys.first else {
            return endsInWildcard ? wildcard : endpoint
        }
        let rest = keys.dropFirst()
        guard let child = child(for: first), rest.starts(with: child.run) else { return nil }
        return child.endpoint(for: rest.dropFirst(child.run.count), endsInWildcard: endsInWildcard)
    }

    /// Registers `endpoint` for the shape `keys` (after this node's run), creating and splitting nodes as needed.
    mutating func insert(_ keys: ArraySlice<Key>, endsInWildcard: Bool, endpoint: Endpoint) {
        guard let first = keys.first else {
            if endsInWildcard {
                wildcard = endpoint
            } else {
                self.endpoint = endpoint
            }
            return
        }
        let rest = keys.dropFirst()
        switch first {
        case .literal(let text):
            if literals[text] == nil {
                literals[text] = RouteNode(leaf: rest, endsInWildcard: endsInWildcard, endpoint: endpoint)
            } else {
                literals[text]?.follow(rest, endsInWildcard: endsInWildcard, endpoint: endpoint)
            }
        case .parameter(let type):
            if let index = parameters.firstIndex(where: { $0.type == type }) {
                parameters[index].node.follow(rest, endsInWildcard: endsInWildcard, endpoint: endpoint)
            } else {
                let leaf = RouteNode(leaf: rest, endsInWildcard: endsInWildcard, endpoint: endpoint)
                attach(ParameterBranch(type: type, node: leaf))
            }
        }
    }

    /// A node for the rest of a shape that no registered shape shares.
    private init(leaf keys: ArraySlice<Key>, endsInWildcard: Bool, endpoint: Endpoint) {
        run = Array(keys)
        if endsInWildcard {
            wildcard = endpoint
        } else {
            self.endpoint = endpoint
        }
    }

    /// Creates a node for `run` with no children and no endpoint.
    init(run: [Key] = []) {
        self.run = run
    }

    /// Continues a registration into this node: where `keys` leave the run, the node splits into a head with the
    /// shared keys and a child with the rest (and everything the node had).
    private mutating func follow(_ keys: ArraySlice<Key>, endsInWildcard: Bool, endpoint: Endpoint) {
        let shared = zip(run, keys).prefix { $0 == $1 }.count
        if shared < run.count {
            let branch = run[shared]
            var tail = self
            tail.run = Array(run[(shared + 1)...])
            self = RouteNode(run: Array(run[..<shared]))
            switch branch {
            case .literal(let text): literals[text] = tail
            case .parameter(let type): attach(ParameterBranch(type: type, node: tail))
            }
        }
        insert(keys.dropFirst(shared), endsInWildcard: endsInWildcard, endpoint: endpoint)
    }

    private mutating func attach(_ branch: ParameterBranch) {
        let index = parameters.firstIndex { branch.type < $0.type } ?? parameters.endIndex
        parameters.insert(branch, at: index)
    }

    private func child(for key: Key) -> RouteNode? {
        switch key {
        case .literal(let text): literals[text]
        case .parameter(let type): parameters.first { $0.type == type }?.node
        }
    }
}

/// A node of a built ``RouteMatcher``: a ``RouteNode`` made immutable and shared by reference, so that a parent's
/// dictionary holds an 8-byte reference per child.
final class MatchNode: Sendable {
    /// A child that a parameter of `type` leads to.
    struct ParameterBranch: Sendable {
        let type: RoutePattern.ParameterType
        let node: MatchNode
    }

    let run: [RouteNode.Key]
    let literals: [String: MatchNode]
    /// One per type, typed ones first.
    let parameters: [ParameterBranch]
    let endpoint: RouteNode.Endpoint?
    let wildcard: RouteNode.Endpoint?

    /// The immutable copy of `node` and everything below it.
    init(_ node: RouteNode) {
        run = node.run
        // An empty dictionary or array stays the shared empty one (`mapValues` would allocate storage for it).
        literals = node.literals.isEmpty ? [:] : node.literals.mapValues(MatchNode.init)
        parameters =
            node.parameters.isEmpty
            ? [] : node.parameters.map { ParameterBranch(type: $0.type, node: MatchNode($0.node)) }
        endpoint = node.endpoint
        wildcard = node.wildcard
    }
}
