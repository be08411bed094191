import BrigadeReactive
import Testing

@Suite("Operators")
struct OperatorTests {
    @Test("distinct turns 10,10,20,20,30,30,30 into 10,20,30")
    func distinct() {
        let property = ObservableProperty(10)
        let distinct = property.distinct()
        let recorder = Recorder<Int>()
        let subscription = distinct.subscribe(recorder.record)
        for value in [10, 20, 20, 30, 30, 30] {
            property.value = value
        }
        #expect(recorder.values == [10, 20, 30])
        subscription.dispose()
    }

    @Test("distinct(by:) compares with the given function")
    func distinctBy() {
        let property = ObservableProperty("a")
        let recorder = Recorder<String>()
        let subscription = property.distinct(by: { $0.lowercased() == $1.lowercased() }).subscribe(recorder.record)
        for value in ["A", "b", "B", "c"] {
            property.value = value
        }
        #expect(recorder.values == ["a", "b", "c"])
        subscription.dispose()
    }

    @Test("map transforms every value")
    func map() {
        let property = ObservableProperty(2)
        let recorder = Recorder<String>()
        let subscription = property.map { "\($0 * 10)" }.subscribe(recorder.record)
        property.value = 3
        #expect(recorder.values == ["20", "30"])
        subscription.dispose()
    }

    @Test("filter holds the latest included value, nil before any")
    func filter() {
        let property = ObservableProperty(1)
        let even = property.filter { $0 % 2 == 0 }
        let recorder = Recorder<Int?>()
        let subscription = even.subscribe(recorder.record)
        for value in [3, 4, 5, 6] {
            property.value = value
        }
        #expect(recorder.values == [nil, 4, 6])
        #expect(even.value == 6)
        subscription.dispose()
    }

    @Test("combineLatest follows both properties")
    func combineLatest() {
        let name = ObservableProperty("tea")
        let count = ObservableProperty(1)
        let recorder = Recorder<String>()
        let subscription = name.combineLatest(count).subscribe { recorder.record("\($0.1) \($0.0)") }
        count.value = 2
        name.value = "coffee"
        #expect(recorder.values == ["1 tea", "2 tea", "2 coffee"])
        subscription.dispose()
    }

    @Test("a derived property is released once nothing holds it")
    func derivedReleased() {
        let source = ObservableProperty(0)
        weak var weakDerived: ObservableProperty<Int>?
        do {
            let derived = source.map { $0 + 1 }.distinct()
            weakDerived = derived
            #expect(weakDerived != nil)
            #expect(source.subscriberCount == 1)
        }
        #expect(weakDerived == nil)
        source.value = 1
        #expect(source.subscriberCount == 0)
    }

    @Test("a subscription keeps its derived property alive until disposed")
    func subscriptionKeepsDerivedAlive() {
        let source = ObservableProperty(0)
        let recorder = Recorder<Int>()
        weak var weakDerived: ObservableProperty<Int>?
        let subscription: SubscriptionReference
        do {
            let derived = source.map { $0 * 2 }
            weakDerived = derived
            subscription = derived.subscribe(recorder.record)
        }
        source.value = 5
        #expect(recorder.values == [0, 10])
        #expect(weakDerived != nil)
        subscription.dispose()
        #expect(weakDerived == nil)
        #expect(source.subscriberCount == 0)
    }

    @Test("a combined property is released with its subscriptions to both sources")
    func combinedReleased() {
        let first = ObservableProperty(0)
        let second = ObservableProperty(0)
        weak var weakCombined: ObservableProperty<(Int, Int)>?
        do {
            let combined = first.combineLatest(second)
            weakCombined = combined
        }
        #expect(weakCombined == nil)
        #expect(first.subscriberCount == 0)
        #expect(second.subscriberCount == 0)
    }
}

@Suite("Lifetimes")
struct LifetimeTests {
    @Test("10,000 subscribe-and-dispose cycles leave no subscriber, and no subscription alive")
    func subscribeDispose() {
        let property = ObservableProperty(0)
        let derived = property.map { $0 + 1 }
        var released = 0
        for index in 0..<10_000 {
            weak var weakSubscription: SubscriptionReference?
            do {
                let subscription = (index.isMultiple(of: 2) ? property : derived).subscribe { _ in }
                weakSubscription = subscription
                subscription.dispose()
            }
            if weakSubscription == nil {
                released += 1
            }
        }
        #expect(released == 10_000)
        #expect(property.subscriberCount == 1)  // the derived property's own subscription
        #expect(derived.subscriberCount == 0)
    }
}
