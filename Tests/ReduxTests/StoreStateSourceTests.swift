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
