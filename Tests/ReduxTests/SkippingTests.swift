import BrigadeCore
import BrigadeReactive
import BrigadeRedux
import Testing

@MainActor
@Suite("Skipping what a subscriber already knows")
struct SkippingTests {
    private func counterStore() -> Store<Counter> {
        let store = Store(initialState: Counter())
        store.reducers.add(on: \Counter.count) { (count: inout Int, action: Add) in count += action.amount }
        store.reducers.add(on: \Counter.count) { (_: inout Int, _: Noop) in }
        return store
    }

    @Test("a key-path subscriber that skips the current value is first told on the next change")
    func keyPathSkipsInitial() {
        let store = counterStore()
        var seen: [Int] = []
        let subscription = store.subscribe(\.count, initial: false) { seen.append($0) }
        #expect(seen.isEmpty)
        store.dispatch(Add(amount: 2))
        store.dispatch(Noop())
        store.dispatch(Add(amount: 1))
        #expect(seen == [2, 3])
        subscription.dispose()
    }

    @Test("selector and whole-state subscribers can skip the current value too")
    func selectorAndWholeStateSkipInitial() {
        let store = counterStore()
        var selected: [Bool] = []
        var states: [Int] = []
        let bag = SubscriptionReferenceBag()
        store.subscribe(select: { $0.count > 1 }, initial: false) { selected.append($0) }.add(to: bag)
        store.subscribe(initial: false) { states.append($0.count) }.add(to: bag)
        #expect(selected.isEmpty && states.isEmpty)
        store.dispatch(Add(amount: 2))
        #expect(selected == [true])
        #expect(states == [2])
    }

    @Test("a subscriber that skips and one that does not share a key path, each told what it asked for")
    func sharedGroup() {
        let store = counterStore()
        var first: [Int] = []
        var second: [Int] = []
        let bag = SubscriptionReferenceBag()
        store.subscribe(\.count) { first.append($0) }.add(to: bag)
        store.subscribe(\.count, initial: false) { second.append($0) }.add(to: bag)
        store.dispatch(Add(amount: 5))
        #expect(first == [0, 5])
        #expect(second == [5])
    }

    @Test("the observable state of an Equatable state skips a dispatch that left it equal")
    func equatableStateSkipsEqual() {
        let store = counterStore()
        let log = StateLog<Int>()
        let subscription = store.state.subscribe { state in MainActor.assumeIsolated { log.values.append(state.count) }
        }
        store.dispatch(Noop())
        store.dispatch(Add(amount: 0))
        store.dispatch(Add(amount: 4))
        store.dispatch(Noop())
        #expect(log.values == [0, 4])
        subscription.dispose()
    }
}
