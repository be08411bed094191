import BrigadeKitchen
import BrigadeTesting
import Testing

/// A service of the generated graphs: made with no argument (verify never makes one).
protocol GraphNode: Sendable { init() }
final class N0: GraphNode { init() {} }
final class N1: GraphNode { init() {} }
final class N2: GraphNode { init() {} }
final class N3: GraphNode { init() {} }
final class N4: GraphNode { init() {} }
final class N5: GraphNode { init() {} }
final class N6: GraphNode { init() {} }
final class N7: GraphNode { init() {} }
final class N8: GraphNode { init() {} }
final class N9: GraphNode { init() {} }
final class N10: GraphNode { init() {} }
final class N11: GraphNode { init() {} }
/// A type no graph registers.
final class Unregistered: GraphNode { init() {} }
protocol Lookout: Sendable {}
extension Unregistered: Lookout {}

let nodeTypes: [any GraphNode.Type] = [
    N0.self, N1.self, N2.self, N3.self, N4.self, N5.self, N6.self, N7.self,
    N8.self, N9.self, N10.self, N11.self,
]

/// A graph of the twelve node types: each depends on some later ones (no cycle), all shared.
struct Graph {
    var dependencies: [[Int]]
    var scopes: [Kitchen.Scope]
    var registered: Set<Int>
    var facetOfUnregistered = false

    init(seed: UInt64) {
        var generator = SeededGenerator(state: seed)
        dependencies = (0..<nodeTypes.count).map { index in
            (index + 1..<nodeTypes.count).filter { _ in Int.random(in: 0..<4, using: &generator) == 0 }
        }
        scopes = Array(repeating: .shared, count: nodeTypes.count)
        registered = Set(nodeTypes.indices)
    }

    /// The kitchen of this graph, each node registered with its declared dependencies.
    func kitchen() throws -> Kitchen {
        let kitchen = Kitchen()
        for index in registered.sorted() {
            func register<Node: GraphNode>(_ type: Node.Type) throws {
                try kitchen.registerNonisolated(
                    type, scope: scopes[index], dependsOn: dependencies[index].map { nodeTypes[$0] }
                ) { _ in Node() }
            }
            try register(nodeTypes[index])
        }
        if facetOfUnregistered {
            try kitchen.register(facet: (any Lookout).self, of: Unregistered.self) { $0 }
        }
        return kitchen
    }
}

@Suite("Kitchen.verify(): the whole graph before the first screen")
struct KitchenVerifyTests {
    @Test("a sound graph verifies, running no factory; closures without declared dependencies are listed")
    func sound() throws {
        let kitchen = Kitchen()
        let made = Counter()
        try kitchen.autoregisterNonisolated(Doorman.self) { (greeter: Greeter) in
            made.increment()
            return Doorman(greeter)
        }
        try kitchen.registerNonisolated(Greeter.self) { _ in
            made.increment()
            return Greeter("hi")
        }
        let verification = try kitchen.verify()
        #expect(verification.checked == 1 && verification.undeclared == ["Greeter"])
        #expect(made.value == 0)
        #expect(try kitchen.resolve(Doorman.self).greeter.word == "hi")
    }

    @Test("every problem at once, each with its chain: missing, a facet of an unregistered type, a cycle, a captive")
    func problems() throws {
        let kitchen = Kitchen()
        try kitchen.registerNonisolated(N0.self, dependsOn: [N1.self, Unregistered.self]) { _ in N0() }
        try kitchen.registerNonisolated(N1.self, dependsOn: [N2.self]) { _ in N1() }
        try kitchen.registerNonisolated(N2.self, dependsOn: [N1.self, N3.self]) { _ in N2() }
        try kitchen.registerNonisolated(N3.self, scope: .session) { _ in N3() }
        try kitchen.register(facet: (any Lookout).self, of: Unregistered.self) { $0 }
        let error = #expect(throws: KitchenError.self) { try kitchen.verify() }
        guard case .invalidGraph(let problems) = error else {
            Issue.record("expected invalidGraph, got \(String(describing: error))")
            return
        }
        #expect(
            problems == [
                .notRegistered(chain: ["Lookout", "Unregistered"]),
                .notRegistered(chain: ["N0", "Unregistered"]),
                .captiveDependency(chain: ["N2", "N3"]),
                .cycle(chain: ["N1", "N2", "N1"]),
            ])
        #expect(
            error?.description.hasPrefix("the kitchen's graph has 4 problem(s): Lookout -> Unregistered") == true)
    }

    @Test("a child's graph is its registrations over its parent's")
    func child() throws {
        let parent = Kitchen()
        try parent.registerNonisolated(N0.self, dependsOn: [N1.self]) { _ in N0() }
        #expect(throws: KitchenError.self) { try parent.verify() }
        let child = parent.makeChild()
        try child.registerNonisolated(N1.self) { _ in N1() }
        #expect(try child.verify().checked == 1)
    }

    /// 100 mutants of seeded graphs (a registration removed, a cycle added, a facet of an unregistered type, a shared
    /// service over a session one): verify catches every one and names it; the graphs as made pass.
    @Test("100 seeded mutants are each caught; the unmutated graphs pass", arguments: 0..<100)
    func mutants(seed: Int) throws {
        var graph = Graph(seed: UInt64(seed))
        _ = try graph.kitchen().verify()
        var generator = SeededGenerator(state: UInt64(seed) &* 31 &+ 7)
        let edges = graph.dependencies.indices.flatMap { from in graph.dependencies[from].map { (from, $0) } }
        let expected: KitchenError
        switch seed % 4 {
        case 0 where !edges.isEmpty:
            let (from, to) = edges[Int.random(in: edges.indices, using: &generator)]
            graph.registered.remove(to)
            expected = .notRegistered(chain: ["N\(from)", "N\(to)"])
        case 1 where !edges.isEmpty:
            let (from, to) = edges[Int.random(in: edges.indices, using: &generator)]
            graph.dependencies[to].append(from)
            expected = .cycle(chain: ["N\(from)", "N\(to)", "N\(from)"])
        case 3 where !edges.isEmpty:
            let (from, to) = edges[Int.random(in: edges.indices, using: &generator)]
            graph.scopes[to] = .session
            expected = .captiveDependency(chain: ["N\(from)", "N\(to)"])
        default:
            graph.facetOfUnregistered = true
            expected = .notRegistered(chain: ["Lookout", "Unregistered"])
        }
        let error = #expect(throws: KitchenError.self) { try graph.kitchen().verify() }
        guard case .invalidGraph(let problems) = error else {
            Issue.record("seed \(seed): expected invalidGraph, got \(String(describing: error))")
            return
        }
        if case .cycle(let chain) = expected {
            // The added edge closes a ring through both ends (maybe through other nodes too): the ring is named.
            #expect(
                problems.contains {
                    if case .cycle(let found) = $0 { Set(chain).isSubset(of: found) } else { false }
                }, "seed \(seed): \(problems)")
        } else {
            #expect(problems.contains(expected), "seed \(seed): \(problems)")
        }
    }
}
