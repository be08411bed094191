import BrigadeLocking
import BrigadeReactive
import Dispatch
import Foundation
import Testing

/// Collects what a subscriber receives, from any thread.
final class Recorder<Value: Sendable>: Sendable {
    private let storage = Locked<[Value]>([])

    var values: [Value] { storage.withLock { $0 } }

    func record(_ value: Value) {
        storage.withLock { $0.append(value) }
    }
}

@Suite("ObservableProperty")
struct ObservablePropertyTests {
    @Test("subscribe replays the current value first")
    func replayOnSubscribe() {
        let property = ObservableProperty(7)
        let recorder = Recorder<Int>()
        let subscription = property.subscribe(recorder.record)
        #expect(recorder.values == [7])
        property.value = 8
        #expect(recorder.values == [7, 8])
        subscription.dispose()
    }

    @Test("a subscriber that skips the current value is told only the values set after it subscribed")
    func skipCurrentValue() {
        let property = ObservableProperty(7)
        let recorder = Recorder<Int>()
        let subscription = property.subscribe(initial: false, recorder.record)
        #expect(recorder.values.isEmpty)
        property.value = 8
        property.value = 9
        #expect(recorder.values == [8, 9])
        subscription.dispose()
        property.value = 10
        #expect(recorder.values == [8, 9])
    }

    @Test("a subscriber that skips the current value, added from inside a delivery, gets only later values")
    func skipCurrentValueDuringDelivery() {
        let property = ObservableProperty(0)
        let recorder = Recorder<Int>()
        let bag = SubscriptionReferenceBag()
        property.subscribe { value in
            if value == 1 {
                property.subscribe(initial: false, recorder.record).add(to: bag)
                property.value = 2
            }
        }.add(to: bag)
        property.value = 1
        #expect(recorder.values == [2])
        property.readOnly.subscribe(initial: false) { recorder.record($0 * 100) }.add(to: bag)
        property.value = 3
        #expect(recorder.values == [2, 3, 300])
        // The first subscriber holds the property and the bag that holds its own subscription: only disposing ends it.
        bag.dispose()
    }

    @Test("a subscriber is told before the setter returns, in subscription order")
    func subscriptionOrder() {
        let property = ObservableProperty("a")
        let recorder = Recorder<String>()
        let bag = SubscriptionReferenceBag()
        for index in 0..<5 {
            property.subscribe { recorder.record("\(index):\($0)") }.add(to: bag)
        }
        property.value = "b"
        #expect(recorder.values.suffix(5) == ["0:b", "1:b", "2:b", "3:b", "4:b"])
    }

    @Test("disposing twice is safe and stops delivery")
    func disposeTwice() {
        let property = ObservableProperty(0)
        let recorder = Recorder<Int>()
        let subscription = property.subscribe(recorder.record)
        subscription.dispose()
        subscription.dispose()
        property.value = 1
        #expect(recorder.values == [0])
        #expect(subscription.isDisposed)
        #expect(property.subscriberCount == 0)
    }

    @Test("a bag disposes all its subscriptions when released")
    func bagDisposesAll() {
        let property = ObservableProperty(0)
        let recorder = Recorder<Int>()
        var bag: SubscriptionReferenceBag? = SubscriptionReferenceBag()
        for _ in 0..<3 {
            if let bag {
                property.subscribe(recorder.record).add(to: bag)
            }
        }
        #expect(property.subscriberCount == 3)
        bag = nil
        property.value = 1
        #expect(property.subscriberCount == 0)
        #expect(recorder.values == [0, 0, 0])
    }

    @Test("a subscription disposed by an earlier subscriber in the same round is not called")
    func disposeDuringRound() {
        let property = ObservableProperty(0)
        let recorder = Recorder<Int>()
        let second = Locked<SubscriptionReference?>(nil)
        let first = property.subscribe { value in
            if value == 1 {
                second.withLock { $0?.dispose() }
            }
        }
        second.withLock { $0 = property.subscribe(recorder.record) }
        property.value = 1
        #expect(recorder.values == [0])
        first.dispose()
    }

    @Test("a value set from inside a subscriber is delivered after the round, to every subscriber, in order")
    func reentrantSet() {
        let property = ObservableProperty(0)
        let first = Recorder<Int>()
        let second = Recorder<Int>()
        let bag = SubscriptionReferenceBag()
        property.subscribe { value in
            first.record(value)
            if value < 3 {
                property.value = value + 1
            }
        }.add(to: bag)
        property.subscribe(second.record).add(to: bag)
        // The second subscriber's replay was queued behind the first subscriber's re-entrant sets.
        #expect(first.values == [0, 1, 2, 3])
        #expect(second.values == [3])
        property.value = 10
        #expect(first.values == [0, 1, 2, 3, 10])
        #expect(second.values == [3, 10])
    }

    @Test("re-entrant sets reach a later subscriber after the current round, in order")
    func reentrantOrderForLaterSubscribers() {
        let property = ObservableProperty(0)
        let first = Recorder<Int>()
        let second = Recorder<Int>()
        let bag = SubscriptionReferenceBag()
        property.subscribe(second.record).add(to: bag)
        property.subscribe { value in
            first.record(value)
            if value == 1 {
                property.value = 2
            }
        }.add(to: bag)
        property.value = 1
        #expect(first.values == [0, 1, 2])
        #expect(second.values == [0, 1, 2])
        #expect(property.value == 2)
    }

    @Test("8 threads × 10,000 concurrent sets: no value twice, the same order for every subscriber, the last one kept")
    func concurrentSets() async {
        let property = ObservableProperty(-1)
        let first = Recorder<Int>()
        let second = Recorder<Int>()
        let bag = SubscriptionReferenceBag()
        property.subscribe(first.record).add(to: bag)
        property.subscribe(second.record).add(to: bag)
        let threads = 8
        let perThread = 10_000
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<perThread {
                property.value = thread * perThread + index
            }
        }
        // A value set while another thread delivered may be skipped for a later one (a property has a value, not a
        // queue), but none comes twice, and every subscriber sees the same values in the same order.
        let seen = first.values.dropFirst()
        #expect(Set(seen).count == seen.count)
        #expect(first.values == second.values)
        // Each thread's own values arrive in the order it set them.
        var last = [Int](repeating: -1, count: threads)
        var ordered = true
        for value in seen {
            let thread = value / perThread
            ordered = ordered && value > last[thread]
            last[thread] = value
        }
        #expect(ordered)
        // Every setter has returned: the last value set was delivered.
        #expect(property.value == first.values.last)
    }

    @Test("values is an AsyncSequence starting with the current value")
    func asyncValues() async {
        let property = ObservableProperty(1)
        var iterator = property.values.makeAsyncIterator()
        #expect(await iterator.next() == 1)
        property.value = 2
        #expect(await iterator.next() == 2)
    }

    @Test("a values reader slower than the writers skips to the latest value and holds no queue")
    func asyncValuesCoalesce() async {
        let property = ObservableProperty(0)
        var iterator = property.values.makeAsyncIterator()
        #expect(await iterator.next() == 0)
        // The reader takes nothing while 10,000 values are set: it is owed the latest one only.
        for value in 1...10_000 {
            property.value = value
        }
        #expect(await iterator.next() == 10_000)
        property.value = 10_001
        #expect(await iterator.next() == 10_001)
    }

    @Test(
        "a values reader racing a writer thread never gets an older value after a newer one, and ends on the last",
        .timeLimit(.minutes(1)))
    func asyncValuesRacingAWriter() async {
        let property = ObservableProperty(0)
        let sets = 100_000
        var iterator = property.values.makeAsyncIterator()
        Thread {
            for value in 1...sets {
                property.value = value
            }
        }.start()
        var last = -1
        var ordered = true
        while let value = await iterator.next() {
            ordered = ordered && value > last
            last = value
            if value == sets { break }
        }
        #expect(ordered)
        #expect(last == sets)
    }
}
