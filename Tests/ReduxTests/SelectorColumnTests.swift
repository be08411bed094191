import BrigadeCore
import BrigadeReactive
import BrigadeRedux
import Testing

@MainActor
private func makeFieldsStore() -> Store<Fields> {
    let store = Store(initialState: Fields())
    store.reducers.add(on: \Fields.self) { (fields: inout Fields, action: SetField) in
        fields.values[action.index] = action.value
    }
    return store
}

@Suite("Selector subscribers kept side by side")
@MainActor
struct SelectorColumnTests {
    @Test("after some selector subscribers left, each of the others is told its own selection, and only on change")
    func disposalsKeepEachSelectionItsOwn() {
        let store = makeFieldsStore()
        let log = StateLog<String>()
        var subscriptions: [SubscriptionReference] = []
        for index in 0..<10 {
            subscriptions.append(store.subscribe(select: { $0.values[index] }) { log.values.append("\(index)=\($0)") })
        }
        for index in [0, 2, 5, 7] {
            subscriptions[index].dispose()
        }
        log.values.removeAll()
        store.transaction {
            for index in 0..<10 {
                store.dispatch(SetField(index: index, value: 10 + index))
            }
        }
        #expect(log.values == ["1=11", "3=13", "4=14", "6=16", "8=18", "9=19"])
        log.values.removeAll()
        store.dispatch(SetField(index: 8, value: 80))
        store.dispatch(SetField(index: 7, value: 70))
        store.dispatch(SetField(index: 8, value: 80))
        #expect(log.values == ["8=80"])
        #expect(store.subscriberCount == 6)
    }

    @Test("selector, key-path and whole-state subscribers changed by one transaction are told in subscription order")
    func orderAcrossKinds() {
        let store = makeCounterStore()
        let log = StateLog<String>()
        let bag = SubscriptionReferenceBag()
        store.subscribe(select: { $0.counter.count }) { log.values.append("count \($0)") }.add(to: bag)
        store.subscribe(\.title) { log.values.append("title \($0)") }.add(to: bag)
        store.subscribe(select: { $0.title.count }) { log.values.append("length \($0)") }.add(to: bag)
        store.subscribe { log.values.append("state \($0.counter.count)") }.add(to: bag)
        store.subscribe(select: { $0.counter.count * 2 }) { log.values.append("double \($0)") }.add(to: bag)
        store.subscribe(select: { $0.other }) { log.values.append("other \($0)") }.add(to: bag)
        log.values.removeAll()
        store.transaction {
            store.dispatch(Add(amount: 3))
            store.dispatch(Rename(name: "Café"))
        }
        #expect(log.values == ["count 3", "title Café", "length 4", "state 3", "double 6"])
    }

    @Test("a handler that disposes a later selector subscriber and subscribes a new one during a round")
    func changesDuringARound() {
        let store = makeFieldsStore()
        let log = StateLog<String>()
        let bag = SubscriptionReferenceBag()
        var later: SubscriptionReference?
        store.subscribe(select: { $0.values[0] }) { value in
            log.values.append("first \(value)")
            guard value == 1 else { return }
            later?.dispose()
            store.subscribe(select: { $0.values[1] }) { log.values.append("new \($0)") }.add(to: bag)
        }.add(to: bag)
        later = store.subscribe(select: { $0.values[0] }) { log.values.append("later \($0)") }
        store.subscribe(select: { $0.values[0] + 100 }) { log.values.append("last \($0)") }.add(to: bag)
        log.values.removeAll()
        store.dispatch(SetField(index: 0, value: 1))
        #expect(log.values == ["first 1", "new 0", "last 101"])
        log.values.removeAll()
        store.dispatch(SetField(index: 1, value: 5))
        store.dispatch(SetField(index: 0, value: 2))
        #expect(log.values == ["new 5", "first 2", "last 102"])
        #expect(store.subscriberCount == 3)
        // The first handler holds the store and the bag that holds its own subscription: only disposing breaks that.
        bag.dispose()
        #expect(store.subscriberCount == 0)
    }

    @Test("a selector that takes disposals in while the selectors run leaves every row its own selection")
    func disposalsTakenInBySelector() {
        let store = makeFieldsStore()
        let log = StateLog<String>()
        let bag = SubscriptionReferenceBag()
        let first = store.subscribe(select: { $0.values[0] }) { log.values.append("first \($0)") }
        store.subscribe(select: { [unowned store] state -> Int in
            // Reading the count takes in the disposal of `first` while the selectors of the round run.
            _ = store.subscriberCount
            return state.values[1]
        }) { log.values.append("counting \($0)") }.add(to: bag)
        store.subscribe(select: { $0.values[2] }) { log.values.append("third \($0)") }.add(to: bag)
        first.dispose()
        log.values.removeAll()
        store.transaction {
            store.dispatch(SetField(index: 0, value: 1))
            store.dispatch(SetField(index: 2, value: 3))
        }
        #expect(log.values == ["third 3"])
        log.values.removeAll()
        store.dispatch(SetField(index: 1, value: 2))
        store.dispatch(SetField(index: 2, value: 4))
        #expect(log.values == ["counting 2", "third 4"])
        #expect(store.subscriberCount == 2)
    }

    @Test("a store subscription disposed twice, from another thread, leaves the store once")
    func isDisposed() async {
        let store = makeFieldsStore()
        let log = StateLog<Int>()
        let kept = store.subscribe(select: { $0.values[3] }) { log.values.append(-$0) }
        let subscription = store.subscribe(select: { $0.values[3] }) { log.values.append($0) }
        #expect(!subscription.isDisposed)
        await Task.detached {
            subscription.dispose()
            subscription.dispose()
        }.value
        #expect(subscription.isDisposed)
        store.dispatch(SetField(index: 3, value: 9))
        #expect(log.values == [-0, 0, -9])
        #expect(store.subscriberCount == 1)
        kept.dispose()
        #expect(store.subscriberCount == 0)
    }

    @Test("subscribers disposed from another thread leave the store without a dispatch, and the store goes")
    func cleanUpWithoutDispatch() async {
        weak var released: Store<Fields>?
        var subscriptions: [SubscriptionReference] = []
        do {
            let store = makeFieldsStore()
            released = store
            for index in 0..<3 {
                // Each selector holds the store: only leaving the store's lists lets it go.
                subscriptions.append(store.subscribe(select: { state in store.currentState.values[index] }) { _ in })
            }
        }
        #expect(released != nil)
        let taken = subscriptions
        subscriptions.removeAll()
        await Task.detached {
            for subscription in taken {
                subscription.dispose()
            }
        }.value
        // Back on the main actor: reading the count takes the disposals in, as the store's next round would.
        #expect(released?.subscriberCount ?? 0 == 0)
        #expect(released == nil)
    }

    @Test("a selector that takes in the disposal of its column's last subscriber while it subscribes is still told")
    func subscribingSelectorEmptiesItsColumn() {
        let store = makeFieldsStore()
        let log = StateLog<String>()
        let bag = SubscriptionReferenceBag()
        var only: SubscriptionReference? = store.subscribe(select: { $0.values[0] }) { log.values.append("only \($0)") }
        store.subscribe(select: { [unowned store] state -> Int in
            if let first = only {
                // Disposes the only other `Int` selector subscriber and takes the disposal in, emptying its column,
                // while this subscriber subscribes.
                only = nil
                first.dispose()
                _ = store.subscriberCount
            }
            return state.values[1]
        }) { log.values.append("new \($0)") }.add(to: bag)
        store.dispatch(SetField(index: 1, value: 7))
        #expect(log.values == ["only 0", "new 0", "new 7"])
        #expect(store.subscriberCount == 1)
    }

    @Test("disposals of a bag released with its store free the subscribers and what their handlers hold")
    func disposalsAfterTheStoreWent() {
        weak var held: StateLog<Int>?
        weak var storeGone: Store<Fields>?
        do {
            let store = makeFieldsStore()
            storeGone = store
            let log = StateLog<Int>()
            held = log
            let bag = SubscriptionReferenceBag()
            for index in 0..<3 {
                store.subscribe(select: { $0.values[index] }) { log.values.append($0) }.add(to: bag)
            }
            withExtendedLifetime((store, bag)) {}
        }
        #expect(storeGone == nil)
        #expect(held == nil)
    }

    @Test(
        "a subscription disposed after its store went, or just before with its disposal not yet taken in, releases its handler and what the handler holds",
        arguments: [false, true])
    func disposalAroundTheStoreGoing(disposedBeforeTheStoreWent: Bool) {
        final class Screen {
            var subscription: SubscriptionReference?
            var title = ""
        }
        weak var released: Screen?
        var screen: Screen? = Screen()
        released = screen
        do {
            let store = makeCounterStore()
            let owner = screen
            // The handler holds the screen, which holds the subscription: a cycle only the disposal breaks.
            screen?.subscription = store.subscribe(\.title) { owner?.title = $0 }
            if disposedBeforeTheStoreWent {
                // Queued for the store, which goes before it takes the disposal in.
                screen?.subscription?.dispose()
            }
        }
        if !disposedBeforeTheStoreWent {
            screen?.subscription?.dispose()
        }
        screen = nil
        #expect(released == nil)
    }
}
