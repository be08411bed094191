import BrigadeCore
import BrigadeReactive
import BrigadeRedux
import Testing

struct Fields: Sendable, Equatable {
    var values = [Int](repeating: 0, count: 10)
    var f0 = 0, f1 = 0, f2 = 0, f3 = 0, f4 = 0, f5 = 0, f6 = 0, f7 = 0, f8 = 0, f9 = 0
}

struct SetField: Action {
    let index: Int
    let value: Int
}

struct Follow: Action {}

@MainActor
func makeCounterStore() -> Store<AppState> {
    let store = Store(initialState: AppState())
    store.reducers.add(on: \AppState.counter.count) { (count: inout Int, action: Add) in count += action.amount }
    store.reducers.add(on: \AppState.title) { (title: inout String, action: Rename) in title = action.name }
    store.reducers.add(on: \AppState.other) { (other: inout Int, _: Follow) in other += 1 }
    return store
}

@Suite("Selective notifications")
@MainActor
struct NotificationTests {
    @Test("10 subscribers select different fields; a dispatch that changes one notifies exactly one")
    func selective() {
        let store = Store(initialState: Fields())
        store.reducers.add(on: \Fields.self) { (fields: inout Fields, action: SetField) in
            fields.values[action.index] = action.value
        }
        let log = StateLog<Int>()
        let bag = SubscriptionReferenceBag()
        for index in 0..<10 {
            store.subscribe(select: { $0.values[index] }) { _ in log.values.append(index) }.add(to: bag)
        }
        log.values.removeAll()
        store.dispatch(SetField(index: 7, value: 42))
        #expect(log.values == [7])
        store.dispatch(SetField(index: 7, value: 42))
        #expect(log.values == [7])
    }

    @Test("a key-path subscriber is called once at subscription, then only when its value changed")
    func keyPathSubscriber() {
        let store = makeCounterStore()
        let titles = StateLog<String>()
        let bag = SubscriptionReferenceBag()
        store.subscribe(\.title) { titles.values.append($0) }.add(to: bag)
        store.dispatch(Add(amount: 1))
        store.dispatch(Rename(name: "Tapas"))
        store.dispatch(Rename(name: "Tapas"))
        #expect(titles.values == ["Bistro", "Tapas"])
    }

    @Test("subscribers of the same key path share a selection and are called in subscription order")
    func sharedKeyPath() {
        let store = makeCounterStore()
        let log = StateLog<String>()
        let bag = SubscriptionReferenceBag()
        store.subscribe(\.counter.count) { log.values.append("a\($0)") }.add(to: bag)
        store.subscribe(\.title) { log.values.append("t:\($0)") }.add(to: bag)
        store.subscribe(\.counter.count) { log.values.append("b\($0)") }.add(to: bag)
        log.values.removeAll()
        store.dispatch(Add(amount: 2))
        #expect(log.values == ["a2", "b2"])
        #expect(store.subscriberCount == 3)
    }

    @Test("whole-state subscriptions are told once per dispatch that ran a reducer")
    func wholeState() {
        let store = makeCounterStore()
        let log = StateLog<Int>()
        let bag = SubscriptionReferenceBag()
        store.subscribe { log.values.append($0.counter.count) }.add(to: bag)
        store.dispatch(Add(amount: 1))
        store.dispatch(Noop())
        store.dispatch(Add(amount: 1))
        #expect(log.values == [0, 1, 2])
    }

    @Test("a disposed subscriber is not told again, and an earlier subscriber can dispose a later one")
    func disposal() {
        let store = makeCounterStore()
        let log = StateLog<String>()
        var second: SubscriptionReference?
        let first = store.subscribe(\.counter.count) { count in
            log.values.append("first \(count)")
            if count == 1 {
                second?.dispose()
            }
        }
        second = store.subscribe(\.counter.count) { log.values.append("second \($0)") }
        log.values.removeAll()
        store.dispatch(Add(amount: 1))
        store.dispatch(Add(amount: 1))
        #expect(log.values == ["first 1", "first 2"])
        first.dispose()
        #expect(store.subscriberCount == 0)
    }

    @Test("a subscription disposed on another thread is not told again, and leaves the store")
    func disposalFromAnotherThread() async {
        let store = makeCounterStore()
        let log = StateLog<Int>()
        let kept = store.subscribe(\.counter.count) { log.values.append($0) }
        let disposed = store.subscribe(\.counter.count) { log.values.append(-$0) }
        await Task.detached { disposed.dispose() }.value
        store.dispatch(Add(amount: 1))
        #expect(log.values == [0, -0, 1])
        #expect(store.subscriberCount == 1)
        kept.dispose()
    }

    @Test("a subscriber disposed by a selector is not called once the selector returned")
    func disposalBySelector() {
        let store = makeCounterStore()
        let log = StateLog<String>()
        let victim = store.subscribe(\.counter.count) { log.values.append("victim \($0)") }
        let selecting = store.subscribe(select: { state -> Int in
            if state.counter.count == 1 {
                victim.dispose()
            }
            return state.counter.count
        }) { log.values.append("selector \($0)") }
        log.values.removeAll()
        store.dispatch(Add(amount: 1))
        #expect(log.values == ["selector 1"])
        selecting.dispose()
    }
}

@Suite("Transactions")
@MainActor
struct TransactionTests {
    @Test("a transaction of 5 dispatches notifies each subscriber at most once, with the final state")
    func transaction() {
        let store = makeCounterStore()
        let counts = StateLog<Int>()
        let titles = StateLog<String>()
        let whole = StateLog<Int>()
        let bag = SubscriptionReferenceBag()
        store.subscribe(\.counter.count) { counts.values.append($0) }.add(to: bag)
        store.subscribe(\.title) { titles.values.append($0) }.add(to: bag)
        store.state.subscribe { state in MainActor.assumeIsolated { whole.values.append(state.counter.count) } }
            .add(to: bag)
        store.transaction {
            for _ in 0..<5 {
                store.dispatch(Add(amount: 1))
            }
            #expect(store.currentState.counter.count == 5)
        }
        #expect(counts.values == [0, 5])
        #expect(titles.values == ["Bistro"])
        #expect(whole.values == [0, 5])
    }

    @Test("nested transactions notify only when the outermost ends")
    func nested() {
        let store = makeCounterStore()
        let counts = StateLog<Int>()
        let bag = SubscriptionReferenceBag()
        store.subscribe(\.counter.count) { counts.values.append($0) }.add(to: bag)
        store.transaction {
            store.dispatch(Add(amount: 1))
            store.transaction {
                store.dispatch(Add(amount: 1))
                store.dispatch(Add(amount: 1))
            }
            #expect(counts.values == [0])
            store.dispatch(Add(amount: 1))
        }
        #expect(counts.values == [0, 4])
    }

    @Test("a throwing transaction keeps the dispatches made before the throw, notifies once, and rethrows")
    func throwing() {
        struct Stop: Error {}
        let store = makeCounterStore()
        let counts = StateLog<Int>()
        let bag = SubscriptionReferenceBag()
        store.subscribe(\.counter.count) { counts.values.append($0) }.add(to: bag)
        #expect(throws: Stop.self) {
            try store.transaction {
                store.dispatch(Add(amount: 2))
                store.dispatch(Add(amount: 3))
                throw Stop()
            }
        }
        #expect(store.currentState.counter.count == 5)
        #expect(counts.values == [0, 5])
    }
}

@Suite("Priority subscribers")
@MainActor
struct PriorityTests {
    @Test("a priority subscriber's follow-up dispatch is processed before ordinary subscribers see the state, once")
    func followUp() {
        let store = makeCounterStore()
        let ordinary = StateLog<String>()
        let priority = StateLog<String>()
        let bag = SubscriptionReferenceBag()
        store.subscribe { ordinary.values.append("\($0.counter.count)/\($0.other)") }.add(to: bag)
        store.subscribe(\.counter.count, priority: 1) { count in
            priority.values.append("count \(count)")
            if count > 0 {
                store.dispatch(Follow())
            }
        }.add(to: bag)
        ordinary.values.removeAll()
        priority.values.removeAll()
        store.dispatch(Add(amount: 1))
        #expect(priority.values == ["count 1"])
        #expect(ordinary.values == ["1/1"])
    }

    @Test("priority subscribers run higher priority first, before every ordinary subscriber")
    func order() {
        let store = makeCounterStore()
        let log = StateLog<String>()
        let bag = SubscriptionReferenceBag()
        store.subscribe(\.counter.count) { _ in log.values.append("ordinary") }.add(to: bag)
        store.subscribe(\.counter.count, priority: 1) { _ in log.values.append("low") }.add(to: bag)
        store.subscribe(\.counter.count, priority: 5) { _ in log.values.append("high") }.add(to: bag)
        log.values.removeAll()
        store.dispatch(Add(amount: 1))
        #expect(log.values == ["high", "low", "ordinary"])
    }
}

@Suite("Long runs")
@MainActor
struct LongRunTests {
    @Test("a subscriber is told 100,000 times in a row; its call does not grow with each notification")
    func manyNotifications() {
        // A regression test: a subscriber's call kept in generic locked storage was re-wrapped in a thunk at every
        // read, until the stack overflowed.
        let store = makeCounterStore()
        var seen = 0
        let bag = SubscriptionReferenceBag()
        store.subscribe(\.counter.count) { _ in seen += 1 }.add(to: bag)
        for _ in 0..<100_000 {
            store.dispatch(Add(amount: 1))
        }
        #expect(seen == 100_001)
        #expect(store.currentState.counter.count == 100_000)
    }
}
