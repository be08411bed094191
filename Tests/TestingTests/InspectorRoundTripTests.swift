import BrigadeCore
import BrigadeInspector
import BrigadeRedux
import BrigadeTesting
import Foundation
import Testing

/// A small state for many random sessions.
struct Till: Codable, Equatable, Sendable {
    var lines: [String] = []
    var total = 0
    var open = true
    /// Every action counts itself here, so a session knows when its effects' actions are all in.
    var applied = 0
}

struct RingUp: Action, Codable { let item: String; let price: Int }
struct VoidLine: Action, Codable { let index: Int }
struct Toggle: Action, Codable {}
/// Starts an effect that rings up `count` items, one at a time.
struct RingLater: Action, Codable { let count: Int }

@MainActor
func registerTill(_ reducers: ReducerContainer) {
    reducers.add(on: \Till.self) { (till: inout Till, action: RingUp) in
        till.lines.append(action.item)
        till.total += action.price
        till.applied += 1
    }
    reducers.add(on: \Till.self) { (till: inout Till, action: VoidLine) in
        if till.lines.indices.contains(action.index) {
            till.lines.remove(at: action.index)
        }
        till.applied += 1
    }
    reducers.add(on: \Till.self) { (till: inout Till, _: Toggle) in
        till.open.toggle()
        till.applied += 1
    }
    reducers.add(on: \Till.applied) { (applied: inout Int, _: RingLater) in applied += 1 }
    reducers.add(effectsOn: \Till.self) { (_: inout Till, action: RingLater) -> Effect in
        .run { send in
            for index in 0..<action.count {
                await send(RingUp(item: "later \(index)", price: index + 1))
            }
        }
    }
}

@Suite("InspectorReplay: random sessions round-trip")
@MainActor
struct InspectorRoundTripTests {
    /// 1,000 sessions; BRIGADE_INSPECTOR_SESSIONS_SCALE multiplies them (0.1 for a quick run, 10 for a long one).
    static var sessionCount: Int {
        let scale = ProcessInfo.processInfo.environment["BRIGADE_INSPECTOR_SESSIONS_SCALE"].flatMap(Double.init) ?? 1
        return max(1, Int(1_000 * scale))
    }

    @Test(
        "random sessions of actions and effects, recorded, written, read back and replayed, give the same states byte for byte"
    )
    func roundTrip() async throws {
        var generator = SeededGenerator(state: 28)
        let registry = ActionRegistry()
        registry.register(RingUp.self)
        registry.register(VoidLine.self)
        registry.register(Toggle.self)
        registry.register(RingLater.self)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for number in 0..<Self.sessionCount {
            // Record: a random mix of actions, some starting effects whose actions arrive while others are sent.
            let store = Store(initialState: Till())
            registerTill(store.reducers)
            let inspector = Inspector(app: "Till \(number)")
            inspector.attach(to: store)
            var expected = 0
            for _ in 0..<Int.random(in: 1...12, using: &generator) {
                switch Int.random(in: 0..<10, using: &generator) {
                case 0..<5:
                    store.dispatch(RingUp(item: "item \(Int.random(in: 0..<5, using: &generator))", price: 2))
                case 5..<7: store.dispatch(VoidLine(index: Int.random(in: 0..<3, using: &generator)))
                case 7: store.dispatch(Toggle())
                default:
                    let count = Int.random(in: 0...3, using: &generator)
                    store.dispatch(RingLater(count: count))
                    expected += count
                }
                expected += 1
                if Bool.random(using: &generator) {
                    await Task.yield()
                }
            }
            await store.effectsFinished()
            var spins = 0
            while store.currentState.applied < expected, spins < 10_000 {
                await Task.yield()
                spins += 1
            }
            try #require(store.currentState.applied == expected, "session \(number): the effects' actions are all in")

            // Export and import: the same session, the same bytes.
            let recorded = await inspector.session()
            let data = try recorded.data()
            let session = try InspectorSession(data: data)
            #expect(session == recorded)
            #expect(try session.data() == data)

            // Replay: the same states, byte for byte.
            let replaying = TestStore(initialState: Till()) { registerTill($0) }
            let outcome = try await InspectorReplay.check(session: session, store: replaying, registry: registry)
            let recordedStates = session.actions.compactMap(\.state).map(\.description)
            #expect(outcome.divergence == nil, "session \(number)")
            #expect(outcome.states.map(\.description) == recordedStates, "session \(number)")
            #expect(outcome.seqs == session.actions.map(\.seq))
            let final = try encoder.encode(replaying.store.currentState)
            #expect(final == (try encoder.encode(store.currentState)), "session \(number)")
            await replaying.finish()
            if outcome.divergence != nil {
                break
            }
        }
    }
}
