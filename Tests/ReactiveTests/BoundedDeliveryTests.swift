import BrigadeLocking
import BrigadeReactive
import Dispatch
import Foundation
import Testing

/// Counts the subscriber calls made on one thread while it is inside one `subscribe` call.
private final class CallCount: Sendable {
    let count = Locked(0)

    /// The count of the `subscribe` call under way on this thread, if any.
    @TaskLocal static var current: CallCount?
}

@Suite("Bounded, ordered and exact deliveries")
struct BoundedDeliveryTests {
    @Test("a subscriber that falls behind gets the latest value, not a queue of the values set meanwhile")
    func fallingBehindCoalesces() {
        let property = ObservableProperty(0)
        let watcher = Watcher<Int>()
        let blocked = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let bag = SubscriptionReferenceBag()
        property.subscribe { value in
            watcher.record(value)
            if value == 1 {
                blocked.signal()
                _ = release.wait(timeout: .now() + 30)
            }
        }.add(to: bag)
        // The first writer delivers 1 and is held inside the subscriber; 4,000 sets from two other threads follow.
        let firstWriter = DispatchSemaphore(value: 0)
        Thread {
            property.value = 1
            firstWriter.signal()
        }.start()
        #expect(blocked.wait(timeout: .now() + 30) == .success)
        let wrote = runThreads(2) { thread in
            for index in 0..<2_000 {
                property.value = 2 + thread * 2_000 + index
            }
        }
        #expect(wrote)
        let final = property.value
        release.signal()
        #expect(firstWriter.wait(timeout: .now() + 30) == .success)
        #expect(watcher.waitForLast(final))
        // The held writer delivered the latest value once, not each of the 4,000.
        #expect(watcher.values == [0, 1, final])
        bag.dispose()
    }

    @Test("writers and churning subscribers: subscribe makes one call at most, values come once, in order, to the end")
    func writersAndChurningSubscribers() {
        let property = ObservableProperty(-1)
        let bag = SubscriptionReferenceBag()
        let kept = (0..<6).map { _ in Watcher<Int>() }
        let disorder = Locked(0)
        for watcher in kept {
            let lastPerWriter = Locked([-1, -1])
            property.subscribe { value in
                CallCount.current?.count.withLock { $0 += 1 }
                if value >= 0 {
                    let ordered = lastPerWriter.withLock { last -> Bool in
                        defer { last[value / 1_000_000] = value }
                        return value > last[value / 1_000_000]
                    }
                    if !ordered {
                        disorder.withLock { $0 += 1 }
                    }
                }
                watcher.record(value)
            }.add(to: bag)
        }
        let mostCallsInSubscribe = Locked(0)
        let writing = Locked(true)
        let finished = runThreads(4) { thread in
            if thread < 2 {
                for index in 0..<3_000 {
                    property.value = thread * 1_000_000 + index
                }
                writing.withLock { $0 = false }
                return
            }
            var iterations = 0
            while iterations < 100 || (writing.withLock { $0 } && iterations < 10_000) {
                iterations += 1
                let calls = CallCount()
                let subscription = CallCount.$current.withValue(calls) {
                    property.subscribe { _ in CallCount.current?.count.withLock { $0 += 1 } }
                }
                let made = calls.count.withLock { $0 }
                mostCallsInSubscribe.withLock { $0 = max($0, made) }
                subscription.dispose()
            }
        }
        #expect(finished)
        #expect(mostCallsInSubscribe.withLock { $0 } <= 1)
        #expect(disorder.withLock { $0 } == 0)
        let final = property.value
        for watcher in kept {
            #expect(watcher.waitForLast(final))
            #expect(Set(watcher.values).count == watcher.values.count)
        }
        bag.dispose()
    }

    @Test("combineLatest under two writer threads never delivers a pair older than one it delivered")
    func combineLatestIsMonotonic() {
        let first = ObservableProperty(0)
        let second = ObservableProperty(0)
        let combined = first.combineLatest(second)
        let watcher = Watcher<Int>()
        let last = Locked((0, 0))
        let regressions = Locked(0)
        let subscription = combined.subscribe { pair in
            let older = last.withLock { last -> Bool in
                defer { last = pair }
                return pair.0 < last.0 || pair.1 < last.1
            }
            if older {
                regressions.withLock { $0 += 1 }
            }
            watcher.record(pair.0 * 100_000 + pair.1)
        }
        let count = 5_000
        let wrote = runThreads(2) { thread in
            for value in 1...count {
                if thread == 0 {
                    first.value = value
                } else {
                    second.value = value
                }
            }
        }
        #expect(wrote)
        #expect(watcher.waitForLast(count * 100_000 + count))
        #expect(regressions.withLock { $0 } == 0)
        #expect(combined.value == (count, count))
        subscription.dispose()
    }

    @Test("map and filter made while a writer runs deliver each value once, in order, and end on the latest")
    func derivedDeliverEachValueOnce() {
        let source = ObservableProperty(0)
        let writing = Locked(true)
        let repeats = Locked(0)
        let writer = DispatchSemaphore(value: 0)
        Thread {
            var value = 0
            while writing.withLock({ $0 }) && value < 1_000_000 {
                value += 1
                source.value = value
            }
            writer.signal()
        }.start()
        var live: [(ObservableProperty<Int>, ObservableProperty<Int?>, SubscriptionReferenceBag, Watcher<Int>)] = []
        for _ in 0..<150 {
            let mapped = source.map { $0 }
            let filtered = source.filter { _ in true }
            let bag = SubscriptionReferenceBag()
            let watcher = Watcher<Int>()
            for property in [mapped, filtered.map { $0 ?? -1 }] {
                let last = Locked(-1)
                property.subscribe { value in
                    let isNew = last.withLock { last -> Bool in
                        defer { last = value }
                        return value > last
                    }
                    if !isNew {
                        repeats.withLock { $0 += 1 }
                    }
                }.add(to: bag)
            }
            mapped.subscribe(watcher.record).add(to: bag)
            live.append((mapped, filtered, bag, watcher))
            if live.count > 10 {
                live.removeFirst().2.dispose()
            }
        }
        writing.withLock { $0 = false }
        #expect(writer.wait(timeout: .now() + 30) == .success)
        #expect(repeats.withLock { $0 } == 0)
        let final = source.value
        for (mapped, filtered, bag, watcher) in live {
            #expect(watcher.waitForLast(final))
            #expect(mapped.value == final)
            #expect(filtered.value == final)
            bag.dispose()
        }
    }
}
