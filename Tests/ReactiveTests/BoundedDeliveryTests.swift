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
        let received = watcher.values
        #expect(received.count == 3)
        #expect(received.prefix(2) == [0, 1])
        #expect(received.last == final)
        bag.dispose()
    }

    @Test("subscribe makes only its own first call: a value another thread sets during it comes from elsewhere")
    func subscribeDeliversOnlyItsFirstCall() {
        let property = ObservableProperty(0)
        let bag = SubscriptionReferenceBag()
        let kept = Watcher<Int>()
        property.subscribe { value in
            CallCount.current?.count.withLock { $0 += 1 }
            kept.record(value)
        }.add(to: bag)
        let inFirstCall = DispatchSemaphore(value: 0)
        let written = DispatchSemaphore(value: 0)
        Thread {
            _ = inFirstCall.wait(timeout: .now() + 30)
            property.value = 1
            written.signal()
        }.start()
        let calls = CallCount()
        let added = Watcher<Int>()
        CallCount.$current.withValue(calls) {
            property.subscribe { value in
                CallCount.current?.count.withLock { $0 += 1 }
                added.record(value)
                if value == 0 {
                    inFirstCall.signal()
                    _ = written.wait(timeout: .now() + 30)
                }
            }.add(to: bag)
        }
        #expect(calls.count.withLock { $0 } == 1)
        #expect(added.waitForLast(1))
        #expect(kept.waitForLast(1))
        #expect(added.values == [0, 1])
        #expect(kept.values == [0, 1])
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
        let churners = Locked(2)
        // The writers write until both churning threads have subscribed and unsubscribed 300 times.
        let finished = runThreads(4) { thread in
            if thread < 2 {
                var index = 0
                while churners.withLock({ $0 > 0 }) && index < 999_999 {
                    index += 1
                    property.value = thread * 1_000_000 + index
                    // Pauses between sets leave moments when nobody delivers, when a subscriber's first call runs.
                    busyWork()
                }
                return
            }
            defer { churners.withLock { $0 -= 1 } }
            for _ in 0..<300 {
                let calls = CallCount()
                // The first call takes a while, so that writers set values during it.
                let subscription = CallCount.$current.withValue(calls) {
                    property.subscribe { _ in
                        if CallCount.current?.count.withLock({ $0 += 1 }) != nil {
                            busyWork()
                        }
                    }
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

    @Test("a property mapped while another thread delivers gets a value set meanwhile once, not twice")
    func mappedDuringDeliveryOnce() {
        let source = ObservableProperty(0)
        let bag = SubscriptionReferenceBag()
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        source.subscribe { value in
            if value == 1 {
                holding.signal()
                _ = release.wait(timeout: .now() + 30)
            }
        }.add(to: bag)
        // A first writer delivers 1 and is held in a subscriber while the mapped property is made.
        let firstWriter = DispatchSemaphore(value: 0)
        Thread {
            source.value = 1
            firstWriter.signal()
        }.start()
        #expect(holding.wait(timeout: .now() + 30) == .success)
        // A second writer sets 2 while the mapped property connects, during its first transform.
        let secondWriter = DispatchSemaphore(value: 0)
        let isFirst = Locked(true)
        let mapped = source.map { value in
            if isFirst.withLock({ first in
                defer { first = false }; return first
            }) {
                Thread {
                    source.value = 2
                    secondWriter.signal()
                }.start()
                _ = secondWriter.wait(timeout: .now() + 30)
            }
            return value * 10
        }
        let watcher = Watcher<Int>()
        mapped.subscribe(watcher.record).add(to: bag)
        release.signal()
        #expect(firstWriter.wait(timeout: .now() + 30) == .success)
        #expect(watcher.waitForLast(20))
        #expect(watcher.values == [10, 20])
        bag.dispose()
    }

    @Test("map and filter made while two writers run deliver each value once, in order, and end on the latest")
    func derivedDeliverEachValueOnce() {
        let source = ObservableProperty(0)
        let writing = Locked(true)
        let repeats = Locked(0)
        let writersDone = DispatchSemaphore(value: 0)
        for writer in 1...2 {
            Thread {
                var index = 0
                while writing.withLock({ $0 }) && index < 999_999 {
                    index += 1
                    source.value = writer * 1_000_000 + index
                }
                writersDone.signal()
            }.start()
        }
        var live:
            [(ObservableProperty<Int>, ObservableProperty<Int?>, SubscriptionReferenceBag, Watcher<Int>, Watcher<Int?>)] =
                []
        for _ in 0..<150 {
            // The first transform takes a while, so that writers set values while the new property connects.
            let isFirst = Locked(true)
            let mapped = source.map { value in
                if isFirst.withLock({ first in
                    defer { first = false }; return first
                }) {
                    busyWork()
                }
                return value
            }
            let filtered = source.filter { _ in true }
            let bag = SubscriptionReferenceBag()
            let watcher = Watcher<Int>()
            for property in [mapped, filtered.map { $0 ?? 0 }] {
                let seen = Locked((last: [0, 0, 0], all: Set<Int>()))
                property.subscribe { value in
                    let isNew = seen.withLock { seen -> Bool in
                        let writer = value / 1_000_000
                        defer { seen.last[writer] = value }
                        return seen.all.insert(value).inserted && value >= seen.last[writer]
                    }
                    if !isNew {
                        repeats.withLock { $0 += 1 }
                    }
                }.add(to: bag)
            }
            mapped.subscribe(watcher.record).add(to: bag)
            // The delivering thread reaches `filtered` after `mapped`: the test waits for each on its own.
            let filteredWatcher = Watcher<Int?>()
            filtered.subscribe(filteredWatcher.record).add(to: bag)
            live.append((mapped, filtered, bag, watcher, filteredWatcher))
            if live.count > 10 {
                live.removeFirst().2.dispose()
            }
        }
        writing.withLock { $0 = false }
        #expect(writersDone.wait(timeout: .now() + 30) == .success)
        #expect(writersDone.wait(timeout: .now() + 30) == .success)
        #expect(repeats.withLock { $0 } == 0)
        let final = source.value
        for (mapped, filtered, bag, watcher, filteredWatcher) in live {
            #expect(watcher.waitForLast(final))
            #expect(filteredWatcher.waitForLast(final))
            #expect(mapped.value == final)
            #expect(filtered.value == final)
            bag.dispose()
        }
    }
}

/// About 10 µs of work that the optimizer cannot drop: long enough for other threads to set values meanwhile.
private func busyWork() {
    let sink = Locked(0)
    var value = 0
    for index in 0..<2_000 {
        value = value &* 31 &+ index
    }
    sink.withLock { $0 = value }
}
