import BrigadeReactive
import BrigadeRedux
import Testing

/// What one subscriber of the model test holds and records.
@MainActor
private final class Recorder {
    var seen: [String] = []
}

/// The ways the model test subscribes: shared key-path groups, selector rows in columns of two selection types, the
/// whole state and the state observers.
private enum Way: CaseIterable {
    case countPath, titlePath, countSelector, titleSelector, remainderSelector, wholeState, observer

    /// What the subscriber selects from `state`; `nil` for those told every round that ran a reducer.
    func selection(_ state: AppState) -> String? {
        switch self {
        case .countPath, .countSelector: "\(state.counter.count)"
        case .titlePath, .titleSelector: state.title
        case .remainderSelector: "\(state.counter.count % 3)"
        case .wholeState, .observer: nil
        }
    }
}

/// One subscriber of the model test: what it should have been told, and what it holds.
@MainActor
private final class Subscriber {
    let way: Way
    let subscription: SubscriptionReference
    weak var recorder: Recorder?
    var expected: [String]
    var last: String?

    init(_ way: Way, store: Store<AppState>) {
        self.way = way
        let recorder = Recorder()
        self.recorder = recorder
        let state = store.currentState
        last = way.selection(state)
        // Every subscriber but an observer is told the state now.
        expected = way == .observer ? [] : ["\(state.counter.count)|\(state.title)|\(last ?? "")"]
        // The selectors capture the recorder too, so that its release shows that the selector was released.
        func note(_ state: AppState, _ value: String) {
            recorder.seen.append("\(state.counter.count)|\(state.title)|\(value)")
        }
        switch way {
        case .countPath:
            subscription = store.subscribe(\.counter.count) { [unowned store] in
                note(store.currentState, "\($0)")
            }
        case .titlePath:
            subscription = store.subscribe(\.title) { [unowned store] in note(store.currentState, $0) }
        case .countSelector:
            let select = { (state: AppState) in withExtendedLifetime(recorder) { state.counter.count } }
            subscription = store.subscribe(select: select) { [unowned store] in note(store.currentState, "\($0)") }
        case .titleSelector:
            let select = { (state: AppState) in withExtendedLifetime(recorder) { state.title } }
            subscription = store.subscribe(select: select) { [unowned store] in note(store.currentState, $0) }
        case .remainderSelector:
            let select = { (state: AppState) in withExtendedLifetime(recorder) { state.counter.count % 3 } }
            subscription = store.subscribe(select: select) { [unowned store] in note(store.currentState, "\($0)") }
        case .wholeState:
            subscription = store.subscribe { state in note(state, "") }
        case .observer:
            subscription = store.observeStates { state in
                MainActor.assumeIsolated { recorder.seen.append("\(state.counter.count)|\(state.title)|") }
            }
        }
    }

    /// Notes what a round that ran a reducer and ended with `state` should tell this subscriber.
    func expect(after state: AppState) {
        let new = way.selection(state)
        guard new == nil || new != last else { return }
        last = new
        expected.append("\(state.counter.count)|\(state.title)|\(new ?? "")")
    }
}

@Suite("Releasing many subscribers")
@MainActor
struct DisposalScaleTests {
    @Test(
        "subscribers of every kind disposed at random among dispatches: the others are told exactly what they select",
        arguments: 0..<20)
    func randomDisposals(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let store = makeCounterStore()
        var live: [Subscriber] = []
        var gone: [Subscriber] = []
        for step in 0..<120 {
            switch random.next(upperBound: 10) {
            case 0..<4:
                for _ in 0...random.next(upperBound: 8) {
                    live.append(Subscriber(Way.allCases[random.next(upperBound: Way.allCases.count)], store: store))
                }
            case 4..<7 where !live.isEmpty:
                // Some, or at times most, of the live subscribers leave, in any order.
                let leaving = random.next(upperBound: 2) == 0 ? 1 + random.next(upperBound: 3) : live.count * 3 / 4
                for _ in 0..<min(leaving, live.count) {
                    let subscriber = live.remove(at: random.next(upperBound: live.count))
                    subscriber.subscription.dispose()
                    #expect(subscriber.recorder == nil, "step \(step): a disposed \(subscriber.way) still holds")
                    gone.append(subscriber)
                }
            default:
                if random.next(upperBound: 2) == 0 {
                    store.dispatch(Add(amount: random.next(upperBound: 3)))
                } else {
                    store.dispatch(Rename(name: ["a", "b", "c"][random.next(upperBound: 3)]))
                }
                for subscriber in live {
                    subscriber.expect(after: store.currentState)
                }
            }
            #expect(store.subscriberCount == live.count, "step \(step)")
        }
        for subscriber in live {
            #expect(subscriber.recorder?.seen == subscriber.expected, "\(subscriber.way)")
        }
        #expect(gone.allSatisfy { $0.subscription.isDisposed })
    }

    @Test("a column whose rows mostly left keeps telling the rows that stay, each its own selection")
    func columnAfterMostLeft() {
        let store = makeCounterStore()
        var seen: [Int: [Int]] = [:]
        var subscriptions: [SubscriptionReference] = []
        for row in 0..<100 {
            subscriptions.append(
                store.subscribe(select: { state in state.counter.count + row }) { value in
                    seen[row, default: []].append(value)
                })
        }
        // Every row but those divisible by 7 leaves, one by one, between dispatches.
        for row in 0..<100 where row % 7 != 0 {
            subscriptions[row].dispose()
            if row % 10 == 0 {
                store.dispatch(Add(amount: 1))
            }
        }
        store.dispatch(Add(amount: 1))
        let count = store.currentState.counter.count
        #expect(store.subscriberCount == 15)
        for row in 0..<100 where row % 7 == 0 {
            #expect(seen[row]?.last == count + row)
            #expect(seen[row]?.count == count + 1)
        }
    }
}

/// A small deterministic generator (SplitMix64), so that a failing seed can be replayed.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1
    }

    mutating func next(upperBound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        value ^= value >> 31
        return Int(value % UInt64(upperBound))
    }
}
