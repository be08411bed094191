import BrigadeCore
import BrigadeReactive
import BrigadeRedux
import Testing

@Suite("Store")
@MainActor
struct StoreTests {
    @Test("a reducer applies only when both the action type and the state type match")
    func reducerMatching() {
        let store = Store(initialState: Counter())
        store.reducers.add(reduceFunction: { (_, _: Increment, state: Counter) in
            var state = state
            state.count += 1
            return state
        })
        store.reducers.add(reduceFunction: { (_, _: Increment, state: Int) in state + 100 })
        store.dispatch(Increment())
        store.dispatch(Rename(name: "x"))
        #expect(store.currentState.count == 1)
        #expect(store.currentState.name == "counter")
    }

    @Test("code a key-path reducer calls reads the store's state as it was before the action, whole")
    func readDuringReduce() {
        let store = Store(initialState: Counter(count: 1, log: ["launch"]))
        var seen: [Counter] = []
        store.reducers.add(on: \Counter.log) { [weak store] (log: inout [String], _: Increment) in
            log.append("first")
            store.map { seen.append($0.currentState) }
            log.append("second")
        }
        store.reducers.add(on: \Counter.count) { [weak store] (count: inout Int, _: Increment) in
            count += 1
            store.map { seen.append($0.currentState) }
        }
        store.dispatch(Increment())
        #expect(seen == [Counter(count: 1, log: ["launch"]), Counter(count: 1, log: ["launch"])])
        #expect(store.currentState == Counter(count: 2, log: ["launch", "first", "second"]))
    }

    @Test("an action no reducer handles leaves the state unchanged and notifies nobody")
    func unhandledAction() {
        let store = Store(initialState: Counter(count: 3))
        let log = StateLog<Int>()
        let bag = SubscriptionReferenceBag()
        store.state.subscribe { value in MainActor.assumeIsolated { log.values.append(value.count) } }.add(to: bag)
        store.dispatch(Noop())
        #expect(store.currentState == Counter(count: 3))
        #expect(log.values == [3])
    }

    @Test("a subscriber sees the initial state on subscribe, then exactly one new state per dispatch")
    func subscriberSeesEachDispatch() {
        let store = Store(initialState: AppState())
        store.reducers.add(on: \AppState.counter.count) { (count: inout Int, action: Add) in count += action.amount }
        let log = StateLog<Int>()
        let bag = SubscriptionReferenceBag()
        store.state.subscribe { value in MainActor.assumeIsolated { log.values.append(value.counter.count) } }
            .add(to: bag)
        #expect(log.values == [0])
        store.dispatch(Add(amount: 2))
        #expect(log.values == [0, 2])
        store.dispatch(Add(amount: 3))
        #expect(log.values == [0, 2, 5])
    }

    @Test("key-path reducers write the part they name, stored, computed or behind a subscript, and nothing else")
    func keyPathReducerParts() {
        let store = Store(initialState: KeyPathParts())
        // Stored and nested (reached at its offset), computed, and through a subscript (through the key path).
        store.reducers.add(on: \KeyPathParts.inner.count) { (count: inout Int, action: Add) in count += action.amount }
        store.reducers.add(on: \KeyPathParts.doubled) { (doubled: inout Int, action: Add) in doubled += action.amount }
        store.reducers.add(on: \KeyPathParts.items[1]) { (item: inout String, action: Rename) in item = action.name }
        store.reducers.add(on: \KeyPathParts.pair.1) { (second: inout String, action: Rename) in second += action.name }
        store.dispatch(Add(amount: 3))
        #expect(store.currentState.inner.count == 3)
        #expect(store.currentState.base == 1)  // doubled 0 + 3, halved
        store.dispatch(Rename(name: "b"))
        #expect(store.currentState.items == ["a", "b", "c"])
        #expect(store.currentState.pair == (1, "xb"))
        #expect(store.currentState.inner.name == "inner")
    }

    @Test("two reducers for one action both apply, in registration order, each on the previous result")
    func chainedReducers() {
        let store = Store(initialState: AppState())
        store.reducers.add(on: \AppState.counter) { (counter: inout Counter, action: Rename) in
            counter.log.append("first \(action.name)")
            counter.name = action.name
        }
        store.reducers.add(
            reducer: FunctionalReducer { (_, action: Rename, state: AppState) in
                var state = state
                state.counter.log.append("second saw \(state.counter.name)")
                state.title = action.name.uppercased()
                return state
            })
        store.dispatch(Rename(name: "tapas"))
        #expect(store.currentState.counter.log == ["first tapas", "second saw tapas"])
        #expect(store.currentState.title == "TAPAS")
    }

    @Test("an ActionReducer reducer registered on a key path reduces that part")
    func actionReducerOnKeyPath() {
        struct RenameReducer: ActionReducer {
            func reduce(provider: any ReducerProvider, action: Rename, state: String) -> String { action.name }
        }
        let store = Store(initialState: AppState())
        store.reducers.add(reducer: RenameReducer(), on: \AppState.title)
        store.dispatch(Rename(name: "Tavern"))
        #expect(store.currentState.title == "Tavern")
        #expect(store.reducers.reducerCount == 1)
    }

    @Test("a VISPER-style AppReducer reduces each part through the reducer provider")
    func visperAppReducer() {
        struct Root: AppReducer {
            func reduce(provider: any ReducerProvider, action: any Action, state: AppState) -> AppState {
                AppState(
                    counter: provider.reduce(action: action, state: state.counter),
                    title: provider.reduce(action: action, state: state.title),
                    other: state.other)
            }
        }
        let redux = Redux(initialState: AppState(), appReducer: Root())
        redux.reducerContainer.add(reduceFunction: { (_, action: Add, counter: Counter) in
            var counter = counter
            counter.count += action.amount
            return counter
        })
        redux.reducerContainer.add(reduceFunction: { (_, action: Rename, title: String) in action.name })
        redux.store.dispatch(Add(amount: 4))
        redux.store.dispatch(Rename(name: "Chez"))
        #expect(redux.store.currentState.counter.count == 4)
        #expect(redux.store.currentState.title == "Chez")
    }

    @Test("a dispatch from inside a subscriber is processed afterwards, and the values are seen in order")
    func dispatchFromSubscriber() {
        let store = Store(initialState: Counter())
        store.reducers.add(on: \Counter.count) { (count: inout Int, action: Add) in count += action.amount }
        let first = StateLog<Int>()
        let second = StateLog<Int>()
        let bag = SubscriptionReferenceBag()
        store.state.subscribe { value in
            MainActor.assumeIsolated {
                first.values.append(value.count)
                if value.count == 1 {
                    store.dispatch(Add(amount: 10))
                    // Queued, not recursed: the state is still the one being delivered.
                    first.values.append(store.currentState.count)
                }
            }
        }.add(to: bag)
        store.state.subscribe { value in MainActor.assumeIsolated { second.values.append(value.count) } }.add(to: bag)
        store.dispatch(Add(amount: 1))
        #expect(first.values == [0, 1, 1, 11])
        #expect(second.values == [0, 1, 11])
        #expect(store.currentState.count == 11)
    }

    @Test("8 tasks each dispatch 10,000 actions from background threads: the count is exact, each task's order kept")
    func concurrentDispatch() async {
        struct Tally: Sendable {
            var count = 0
            var last: [Int: Int] = [:]
            var outOfOrder = 0
        }
        let store = Store(initialState: Tally())
        store.reducers.add(on: \Tally.self) { (tally: inout Tally, tick: Tick) in
            tally.count += 1
            if let last = tally.last[tick.task], last >= tick.index {
                tally.outOfOrder += 1
            }
            tally.last[tick.task] = tick.index
        }
        let dispatcher = store.actionDispatcher
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for index in 0..<10_000 {
                        dispatcher.dispatch(Tick(task: task, index: index))
                    }
                }
            }
        }
        await dispatcher.dispatchAndWait(Noop())
        #expect(store.currentState.count == 80_000)
        #expect(store.currentState.outOfOrder == 0)
        #expect(store.currentState.last.values.allSatisfy { $0 == 9_999 })
    }
}

@Suite("Async reducers")
@MainActor
struct AsyncReducerTests {
    @Test("the awaitable dispatch returns after the new state is visible")
    func awaitableDispatch() async {
        let store = Store(initialState: AppState())
        store.reducers.add(reducer: AsyncAdd(), on: \AppState.counter)
        await store.dispatchAndWait(Add(amount: 5))
        #expect(store.currentState.counter.count == 5)
        #expect(store.state.value.counter.count == 5)
    }

    @Test("the awaitable dispatch waits for a reducer that completes only when the test lets it")
    func lateReducer() async {
        let gate = Gate()
        let store = Store(initialState: Counter())
        store.reducers.add(reducer: GatedAdd(gate: gate))
        store.reducers.add(on: \Counter.name) { (name: inout String, _: Add) in name = "adding" }
        let log = StateLog<String>()
        let waiting = Task { @MainActor in
            await store.dispatchAndWait(Add(amount: 1))
            log.values.append("returned with \(store.currentState.count)")
        }
        await gate.arrival()
        #expect(store.currentState.name == "adding")
        #expect(store.currentState.count == 0)
        #expect(log.values.isEmpty)
        await gate.open(with: 100)
        await waiting.value
        #expect(log.values == ["returned with 101"])
    }

    @Test("an action with no async reducer completes its awaitable dispatch at once")
    func noAsyncReducer() async {
        let store = Store(initialState: Counter())
        store.reducers.add(on: \Counter.count) { (count: inout Int, _: Increment) in count += 1 }
        await store.dispatchAndWait(Increment())
        #expect(store.currentState.count == 1)
    }

    @Test("an async reducer that never finishes does not keep the store alive")
    func pendingReducerDoesNotLeakStore() async {
        let gate = Gate()
        weak var weakStore: Store<Counter>?
        do {
            let store = Store(initialState: Counter())
            weakStore = store
            store.reducers.add(reducer: GatedAdd(gate: gate))
            store.dispatch(Add(amount: 1))
            await gate.arrival()
        }
        #expect(weakStore == nil)
        await gate.open(with: 0)
    }

    @Test("cancelling an awaiting caller returns early and leaves the store consistent")
    func cancellation() async {
        let gate = Gate()
        let store = Store(initialState: Counter())
        store.reducers.add(reducer: GatedAdd(gate: gate))
        let waiting = Task { @MainActor in
            await store.dispatchAndWait(Add(amount: 1))
        }
        await gate.arrival()
        waiting.cancel()
        await waiting.value
        #expect(store.currentState.count == 0)
        // The reducer goes on after its caller stopped waiting, and its change still lands, once.
        var states = store.state.values.makeAsyncIterator()
        await gate.open(with: 1)
        var seen: [Int] = []
        while let state = await states.next() {
            seen.append(state.count)
            if state.count != 0 { break }
        }
        // `values` holds only the newest unread state: the 0 is skipped when the change lands before the first read.
        #expect(seen == [0, 2] || seen == [2])
        #expect(store.currentState.count == 2)
    }
}

@Suite("Store lifetimes")
@MainActor
struct StoreLifetimeTests {
    @Test("a store torn down with 100 pending async reducers and 100 subscribers is released")
    func teardownWithPendingWork() async {
        let barrier = Barrier()
        weak var weakStore: Store<Counter>?
        do {
            let store = Store(initialState: Counter())
            weakStore = store
            store.reducers.add(reducer: BarrierAdd(barrier: barrier))
            let bag = SubscriptionReferenceBag()
            for _ in 0..<100 {
                store.subscribe(\.count) { _ in }.add(to: bag)
                store.dispatch(Add(amount: 1))
            }
            await barrier.arrivals(100)
        }
        #expect(weakStore == nil)
        await barrier.releaseAll()
    }
}

/// Holds any number of waiters until released.
actor Barrier {
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var arrivalWaiter: (count: Int, continuation: CheckedContinuation<Void, Never>)?

    func pass() async {
        await withCheckedContinuation { continuation in
            waiters.append(continuation)
            if let waiter = arrivalWaiter, waiters.count >= waiter.count {
                arrivalWaiter = nil
                waiter.continuation.resume()
            }
        }
    }

    func arrivals(_ count: Int) async {
        if waiters.count >= count { return }
        await withCheckedContinuation { arrivalWaiter = (count, $0) }
    }

    func releaseAll() {
        for waiter in waiters {
            waiter.resume()
        }
        waiters.removeAll()
    }
}

struct BarrierAdd: AsyncActionReducer {
    let barrier: Barrier

    func reduce(action: Add, state: Counter) async -> @Sendable (Counter) -> Counter {
        await barrier.pass()
        return { $0 }
    }
}
