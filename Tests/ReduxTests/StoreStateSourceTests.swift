import BrigadeCore
import BrigadeReactive
import BrigadeRedux
import Testing

@Suite("Store: one source of truth")
@MainActor
struct StoreStateSourceTests {
    @Test("the store's observable state is read-only: its value has no setter a user can reach")
    func readOnly() {
        let path: AnyKeyPath = \Store<Counter>.state.value
        #expect(!(path is ReferenceWritableKeyPath<Store<Counter>, Counter>))
        #expect(path is KeyPath<Store<Counter>, Counter>)
    }

    @Test("the observable state, currentState and key-path subscribers agree after every dispatch")
    func agree() {
        let store = Store(initialState: Counter())
        store.reducers.add(on: \Counter.count) { (count: inout Int, action: Add) in count += action.amount }
        let bag = SubscriptionReferenceBag()
        let whole = StateLog<Int>()
        let selected = StateLog<Int>()
        store.state.subscribe { state in MainActor.assumeIsolated { whole.values.append(state.count) } }.add(to: bag)
        store.subscribe(\.count) { selected.values.append($0) }.add(to: bag)
        store.dispatch(Add(amount: 2))
        store.dispatch(Add(amount: 3))
        #expect(store.state.value == store.currentState)
        #expect(whole.values == [0, 2, 5])
        #expect(selected.values == [0, 2, 5])
    }
}

@Suite("Store: observing its states, and its state property made when first read")
@MainActor
struct ObserveStatesTests {
    @Test("an observer is told the settled state once per dispatch or transaction that ran a reducer, never at once")
    func toldPerRound() {
        let store = Store(initialState: Counter())
        store.reducers.add(on: \Counter.count) { (count: inout Int, action: Add) in count += action.amount }
        let log = StateLog<Int>()
        let subscription = store.observeStates { state in MainActor.assumeIsolated { log.values.append(state.count) } }
        #expect(log.values.isEmpty)
        store.dispatch(Add(amount: 2))
        store.transaction {
            store.dispatch(Add(amount: 1))
            store.dispatch(Add(amount: 1))
        }
        store.dispatch(Noop())  // no reducer ran: not told
        store.dispatch(Add(amount: 0))  // a reducer ran and left the state equal: told
        #expect(log.values == [2, 4, 4])
        subscription.dispose()
        store.dispatch(Add(amount: 1))
        #expect(log.values == [2, 4, 4])
    }

    @Test("observers are told after the priority subscribers and before the ordinary ones, in subscription order")
    func order() {
        let store = Store(initialState: Counter())
        store.reducers.add(on: \Counter.count) { (count: inout Int, action: Add) in count += action.amount }
        let log = StateLog<String>()
        let bag = SubscriptionReferenceBag()
        store.subscribe(\.count, initial: false) { log.values.append("ordinary \($0)") }.add(to: bag)
        store.observeStates { state in MainActor.assumeIsolated { log.values.append("first \(state.count)") } }
            .add(to: bag)
        store.subscribe(\.count, priority: 1, initial: false) { log.values.append("priority \($0)") }.add(to: bag)
        store.observeStates { state in MainActor.assumeIsolated { log.values.append("second \(state.count)") } }
            .add(to: bag)
        store.dispatch(Add(amount: 1))
        #expect(log.values == ["priority 1", "first 1", "second 1", "ordinary 1"])
    }

    @Test("an observer disposed by an earlier one in the same round is not told, and leaves the count")
    func disposedByAnEarlierOne() {
        let store = Store(initialState: Counter())
        store.reducers.add(on: \Counter.count) { (count: inout Int, action: Add) in count += action.amount }
        let log = StateLog<Int>()
        let bag = SubscriptionReferenceBag()
        var victim: SubscriptionReference?
        store.observeStates { _ in MainActor.assumeIsolated { victim?.dispose() } }.add(to: bag)
        victim = store.observeStates { state in MainActor.assumeIsolated { log.values.append(state.count) } }
        #expect(store.subscriberCount == 2)
        store.dispatch(Add(amount: 1))
        #expect(log.values.isEmpty)
        #expect(store.subscriberCount == 1)
    }

    @Test("an observer added by another during a round is told in that round, then every round after")
    func addedDuringARound() {
        let store = Store(initialState: Counter())
        store.reducers.add(on: \Counter.count) { (count: inout Int, action: Add) in count += action.amount }
        let log = StateLog<Int>()
        let bag = SubscriptionReferenceBag()
        // The observer keeps what it makes in a bag of its own, and the store weakly: were it `bag`, which holds the
        // observer's own subscription, or the store, which holds the observer, each would keep the other alive.
        let lateBag = SubscriptionReferenceBag()
        store.observeStates { [weak store] state in
            MainActor.assumeIsolated {
                guard state.count == 1, let store else { return }
                store.observeStates { state in MainActor.assumeIsolated { log.values.append(state.count) } }
                    .add(to: lateBag)
            }
        }.add(to: bag)
        store.dispatch(Add(amount: 1))
        store.dispatch(Add(amount: 1))
        #expect(log.values == [1, 2])
    }

    @Test("a key-path subscriber made by an observer is first told the state now, then each change")
    func subscriberMadeByAnObserver() {
        let store = Store(initialState: Counter())
        store.reducers.add(on: \Counter.count) { (count: inout Int, action: Add) in count += action.amount }
        let bag = SubscriptionReferenceBag()
        // A bag of the observer's own, and the store held weakly: see `addedDuringARound`.
        let lateBag = SubscriptionReferenceBag()
        let existing = StateLog<Int>()
        let late = StateLog<Int>()
        store.subscribe(\.count) { existing.values.append($0) }.add(to: bag)
        store.observeStates { [weak store] state in
            MainActor.assumeIsolated {
                guard state.count == 2, late.values.isEmpty, let store else { return }
                store.subscribe(\.count) { late.values.append($0) }.add(to: lateBag)
            }
        }.add(to: bag)
        store.dispatch(Add(amount: 2))
        #expect(late.values == [2])
        store.dispatch(Add(amount: 1))
        #expect(late.values == [2, 3])
        #expect(existing.values == [0, 2, 3])
    }

    @Test("a source's default observation first carries the state now, so a follower misses no value")
    func defaultObservationStartsWithTheStateNow() {
        let source = PropertySource(ObservableProperty(1))
        let log = StateLog<Int>()
        let subscription = source.observeStates { value in MainActor.assumeIsolated { log.values.append(value) } }
        source.property.value = 2
        #expect(log.values == [1, 2])
        #expect(source.currentState == 2)
        #expect(source.stateEquality == nil)
        subscription.dispose()
    }

    @Test("the state property is made when first read, with the state then, and publishes every change after it")
    func stateMadeWhenRead() {
        let store = Store(initialState: Counter())
        store.reducers.add(on: \Counter.count) { (count: inout Int, action: Add) in count += action.amount }
        store.dispatch(Add(amount: 2))
        let state = store.state
        #expect(store.state === state)
        #expect(state.value.count == 2)
        let log = StateLog<Int>()
        let bag = SubscriptionReferenceBag()
        state.subscribe { value in MainActor.assumeIsolated { log.values.append(value.count) } }.add(to: bag)
        store.dispatch(Add(amount: 3))
        store.dispatch(Add(amount: 0))  // equal: an Equatable state is not published again
        #expect(log.values == [2, 5])
        #expect(state.value == store.currentState)
    }

    @Test("the state property made inside a transaction starts with its changes and is not told them twice")
    func stateMadeInATransaction() {
        let store = Store(initialState: Counter())
        store.reducers.add(on: \Counter.count) { (count: inout Int, action: Add) in count += action.amount }
        let log = StateLog<Int>()
        let bag = SubscriptionReferenceBag()
        store.transaction {
            store.dispatch(Add(amount: 4))
            store.state.subscribe { value in MainActor.assumeIsolated { log.values.append(value.count) } }.add(to: bag)
        }
        #expect(log.values == [4])
        store.dispatch(Add(amount: 1))
        #expect(log.values == [4, 5])
    }
}

@Suite("Store: subscribing while changes are pending")
@MainActor
struct SubscribeWhilePendingTests {
    @Test("a key-path subscriber added inside a transaction, beside an existing one, is first told the current value")
    func insideTransaction() {
        let store = Store(initialState: Counter())
        store.reducers.add(on: \Counter.count) { (count: inout Int, action: Add) in count += action.amount }
        let bag = SubscriptionReferenceBag()
        let existing = StateLog<Int>()
        let late = StateLog<Int>()
        store.subscribe(\.count) { existing.values.append($0) }.add(to: bag)
        store.transaction {
            store.dispatch(Add(amount: 5))
            store.subscribe(\.count) { late.values.append($0) }.add(to: bag)
        }
        #expect(late.values == [5])
        #expect(existing.values == [0, 5])
        store.dispatch(Add(amount: 1))
        #expect(late.values == [5, 6])
        #expect(existing.values == [0, 5, 6])
    }

    @Test("a subscriber added by a priority subscriber during its round is first told the current value")
    func insidePriorityRound() {
        let store = Store(initialState: Counter())
        store.reducers.add(on: \Counter.count) { (count: inout Int, action: Add) in count += action.amount }
        let bag = SubscriptionReferenceBag()
        // The priority subscriber keeps what it subscribes in a bag of its own: were it `bag`, which holds the
        // priority subscription itself, the handler would keep that bag, and so its own subscription, alive forever.
        let lateBag = SubscriptionReferenceBag()
        let late = StateLog<Int>()
        let lateWhole = StateLog<Int>()
        store.subscribe(\.count) { _ in }.add(to: bag)
        store.subscribe { _ in }.add(to: bag)
        var added = false
        store.subscribe(\.count, priority: 1) { count in
            guard count == 5, !added else { return }
            added = true
            store.subscribe(\.count) { late.values.append($0) }.add(to: lateBag)
            store.subscribe { lateWhole.values.append($0.count) }.add(to: lateBag)
        }.add(to: bag)
        store.dispatch(Add(amount: 5))
        #expect(late.values == [5])
        #expect(lateWhole.values.first == 5)
        store.dispatch(Add(amount: 1))
        #expect(late.values == [5, 6])
        #expect(lateWhole.values.last == 6)
    }

    @Test("a store whose priority subscriber holds it and subscribes during its round is released once all end")
    func releasedAfterPriorityRound() {
        weak var released: Store<Counter>?
        do {
            let store = Store(initialState: Counter())
            store.reducers.add(on: \Counter.count) { (count: inout Int, action: Add) in count += action.amount }
            let bag = SubscriptionReferenceBag()
            store.subscribe(\.count) { _ in }.add(to: bag)
            store.subscribe { _ in }.add(to: bag)
            var late: [SubscriptionReference] = []
            store.subscribe(\.count, priority: 1) { count in
                guard count == 5, late.isEmpty else { return }
                late.append(store.subscribe(\.count) { _ in })
                late.append(store.subscribe { _ in })
            }.add(to: bag)
            store.dispatch(Add(amount: 5))
            store.dispatch(Add(amount: 1))
            #expect(store.subscriberCount == 5)
            bag.dispose()
            late.forEach { $0.dispose() }
            #expect(store.subscriberCount == 0)
            released = store
        }
        #expect(released == nil)
    }

    @Test("once the late group's subscribers are gone, later subscribers share the key path's group again")
    func groupsMerge() {
        let store = Store(initialState: Counter())
        store.reducers.add(on: \Counter.count) { (count: inout Int, action: Add) in count += action.amount }
        let bag = SubscriptionReferenceBag()
        store.subscribe(\.count) { _ in }.add(to: bag)
        var late: SubscriptionReference?
        store.transaction {
            store.dispatch(Add(amount: 5))
            late = store.subscribe(\.count) { _ in }
        }
        late?.dispose()
        let after = StateLog<Int>()
        store.subscribe(\.count) { after.values.append($0) }.add(to: bag)
        store.dispatch(Add(amount: 1))
        #expect(after.values == [5, 6])
        #expect(store.subscriberCount == 2)
    }
}

/// Remembers the last middleware context it was given, as a middleware that dispatches later from a task does.
@MainActor
private final class ContextKeeper {
    var contexts: [MiddlewareContext<Counter>] = []
}

@Suite("Store: middleware context lifetime")
@MainActor
struct MiddlewareContextLifetimeTests {
    @Test("a context kept past its store reads the store's last state and drops dispatches, without trapping")
    func outlivesStore() {
        let keeper = ContextKeeper()
        weak var released: Store<Counter>?
        do {
            let store = Store(
                initialState: Counter(),
                middleware: [
                    Middleware { context, action, next in
                        MainActor.assumeIsolated { keeper.contexts.append(context) }
                        next(action)
                    }
                ])
            store.reducers.add(on: \Counter.count) { (count: inout Int, action: Add) in count += action.amount }
            store.dispatch(Add(amount: 4))
            store.dispatch(Add(amount: 3))
            released = store
        }
        #expect(released == nil)
        #expect(keeper.contexts.count == 2)
        for context in keeper.contexts {
            #expect(context.state.count == 7)
            context.dispatch(Add(amount: 1))
            #expect(context.state.count == 7)
        }
    }

    @Test("a context dispatches to its store while the store lives; the actions are processed after the current one")
    func dispatchesWhileAlive() {
        let store = Store(
            initialState: Counter(),
            middleware: [
                Middleware { context, action, next in
                    next(action)
                    if let add = action as? Add, add.amount == 1 {
                        context.dispatch(Add(amount: 10))
                    }
                }
            ])
        store.reducers.add(on: \Counter.count) { (count: inout Int, action: Add) in count += action.amount }
        store.dispatch(Add(amount: 1))
        #expect(store.currentState.count == 11)
    }
}

@Suite("History: read-only observables")
@MainActor
struct HistoryReadOnlyTests {
    @Test("canUndo and canRedo are read-only: only the history sets them")
    func readOnly() {
        let undo: AnyKeyPath = \History<Counter>.canUndo.value
        let redo: AnyKeyPath = \History<Counter>.canRedo.value
        #expect(!(undo is ReferenceWritableKeyPath<History<Counter>, Bool>))
        #expect(!(redo is ReferenceWritableKeyPath<History<Counter>, Bool>))
    }
}

/// A state source with nothing but its property: the protocol's defaults at work.
@MainActor
private final class PropertySource: ObservableStateSource {
    let property: ObservableProperty<Int>
    let state: ReadOnlyObservableProperty<Int>

    init(_ property: ObservableProperty<Int>) {
        self.property = property
        state = property.readOnly
    }
}
