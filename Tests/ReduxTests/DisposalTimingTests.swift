import BrigadeReactive
import BrigadeRedux
import Testing

/// What a subscriber's handler holds: a screen, a cache, a large buffer. The tests watch it go.
@MainActor
private final class Payload {
    var seen: [Int] = []
}

/// The three ways to subscribe to a store.
enum SubscriberKind: String, CaseIterable, CustomTestStringConvertible {
    case keyPath = "a key-path subscriber"
    case selector = "a selector subscriber"
    case wholeState = "a whole-state subscriber"
    case stateObserver = "a state observer (observeStates)"

    var testDescription: String { rawValue }
}

@MainActor
private func subscribe(
    _ kind: SubscriberKind,
    to store: Store<AppState>,
    holding payload: Payload
) -> SubscriptionReference {
    switch kind {
    case .keyPath:
        return store.subscribe(\.counter.count) { payload.seen.append($0) }
    case .selector:
        return store.subscribe(select: { state in state.counter.count }) { payload.seen.append($0) }
    case .wholeState:
        return store.subscribe { payload.seen.append($0.counter.count) }
    case .stateObserver:
        // An observer gets no first call: the payload records the state it starts from, as the others' first call does.
        payload.seen.append(store.currentState.counter.count)
        return store.observeStates { state in MainActor.assumeIsolated { payload.seen.append(state.counter.count) } }
    }
}

@Suite("When a disposed subscription lets go of what its handler holds")
@MainActor
struct DisposalTimingTests {
    @Test(
        "disposed on the main actor outside a round: released by the time dispose returns",
        arguments: SubscriberKind.allCases)
    func outsideARound(kind: SubscriberKind) {
        let store = makeCounterStore()
        weak var held: Payload?
        let subscription: SubscriptionReference
        do {
            let payload = Payload()
            held = payload
            subscription = subscribe(kind, to: store, holding: payload)
        }
        #expect(held?.seen == [0])
        subscription.dispose()
        #expect(held == nil)
        #expect(store.subscriberCount == 0)
    }

    @Test(
        "disposed by an earlier subscriber during a round: released by the end of the round, and not told",
        arguments: SubscriberKind.allCases)
    func insideARound(kind: SubscriberKind) {
        let store = makeCounterStore()
        let bag = SubscriptionReferenceBag()
        weak var held: Payload?
        var releasedDuringTheRound = false
        var victim: SubscriptionReference?
        store.subscribe(\.counter.count) { count in
            guard count == 1 else { return }
            victim?.dispose()
            releasedDuringTheRound = held == nil
        }.add(to: bag)
        do {
            let payload = Payload()
            held = payload
            victim = subscribe(kind, to: store, holding: payload)
        }
        store.dispatch(Add(amount: 1))
        #expect(held == nil)
        // Released at once, in fact, not only by the end of the round.
        #expect(releasedDuringTheRound)
        #expect(store.subscriberCount == 1)
    }

    @Test(
        "disposed by a selector while the selectors of a round run: its selector and handler released by the end of the round"
    )
    func whileSelectorsRun() {
        let store = makeCounterStore()
        let bag = SubscriptionReferenceBag()
        weak var held: Payload?
        var victim: SubscriptionReference?
        store.subscribe(select: { state -> Int in
            if state.counter.count == 1 {
                victim?.dispose()
            }
            return state.counter.count
        }) { _ in }.add(to: bag)
        do {
            let payload = Payload()
            held = payload
            victim = store.subscribe(select: { state in payload.seen.count + state.counter.count }) {
                payload.seen.append($0)
            }
        }
        store.dispatch(Add(amount: 1))
        #expect(held == nil)
        #expect(store.subscriberCount == 1)
    }

    @Test(
        "disposed on another thread: released once the main actor takes it in, which reading the count waits for",
        arguments: SubscriberKind.allCases)
    func fromAnotherThread(kind: SubscriberKind) async {
        let store = makeCounterStore()
        weak var held: Payload?
        let subscription: SubscriptionReference
        do {
            let payload = Payload()
            held = payload
            subscription = subscribe(kind, to: store, holding: payload)
        }
        await Task.detached {
            subscription.dispose()
        }.value
        #expect(subscription.isDisposed)
        #expect(store.subscriberCount == 0)
        #expect(held == nil)
    }

    @Test(
        "disposed on another thread, then a dispatch: the round takes it in before it tells anyone",
        arguments: SubscriberKind.allCases)
    func fromAnotherThreadBeforeARound(kind: SubscriberKind) async {
        let store = makeCounterStore()
        weak var held: Payload?
        let subscription: SubscriptionReference
        do {
            let payload = Payload()
            held = payload
            subscription = subscribe(kind, to: store, holding: payload)
        }
        await Task.detached {
            subscription.dispose()
        }.value
        store.dispatch(Add(amount: 1))
        #expect(held == nil)
    }

    @Test("a handler whose release disposes another subscription leaves the store consistent")
    func releaseThatDisposes() {
        final class Owner {
            let bag = SubscriptionReferenceBag()
        }
        let store = makeCounterStore()
        let log = StateLog<String>()
        let keep = SubscriptionReferenceBag()
        store.subscribe(select: { $0.counter.count }) { log.values.append("kept \($0)") }.add(to: keep)
        weak var ownerGone: Owner?
        let outer: SubscriptionReference
        do {
            let owner = Owner()
            ownerGone = owner
            // The inner subscription is disposed when the owner's bag goes, which is when the outer handler goes.
            store.subscribe(select: { $0.counter.count * 2 }) { log.values.append("inner \($0)") }.add(to: owner.bag)
            outer = store.subscribe(select: { $0.counter.count * 3 }) { _ in _ = owner }
        }
        outer.dispose()
        #expect(ownerGone == nil)
        #expect(store.subscriberCount == 1)
        log.values.removeAll()
        store.dispatch(Add(amount: 1))
        #expect(log.values == ["kept 1"])
    }
}
