import BrigadeReactive
import Foundation

/// The last value a kept subscriber saw, and how many signals a kept observer got.
// Unchecked Sendable: `lock` guards `last` and `received`.
final class Seen: @unchecked Sendable {
    private let lock = NSLock()
    private var last = Int.min
    private var received = 0

    func saw(_ value: Int) {
        lock.lock()
        last = value
        received += 1
        lock.unlock()
    }

    var lastValue: Int {
        lock.lock()
        defer { lock.unlock() }
        return last
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return received
    }
}

/// (b) An `ObservableProperty` (and a `map`, two `filter`s, a `distinct` and a `combineLatest` of it) and a
/// `SignalBus` with concurrent writers and subscribers subscribing and leaving on other threads, some kept to the end.
/// Writer 0 sets even values, writer 1 odd ones; the final value, set once they stopped, is even.
@MainActor
final class ReactiveSoak: SoakWorkload {
    let memoryBoundKiBPerMinute = 512.0
    private let property = ObservableProperty(0)
    private let bus = SignalBus()
    private let signal = SignalBus.Signal<Int>("soak")
    private let writes = (0..<2).map { _ in Tally() }
    private let sends = (0..<2).map { _ in Tally() }
    private let stopFlag = StopFlag()
    private let workers = Workers()
    private var derived: ObservableProperty<Int>?
    /// What the kept subscribers of the other operators saw last: `filter` of the even values, of the odd values
    /// (`Int.min` while it holds `nil`), `distinct`, and the first member of `combineLatest` with the map.
    private let operatorSeen = (evens: Seen(), odds: Seen(), distinct: Seen(), combined: Seen())
    private var operators: [AnyObject] = []
    private var kept: [SubscriptionReference] = []
    private let keptSeen = (0..<10).map { _ in Seen() }
    private let keptObservers = (0..<5).map { _ in NSObject() }
    private let keptReceived = (0..<5).map { _ in Seen() }
    private let churned = Tally()
    /// The property's and the derived property's subscribers once the kept ones subscribed (a derived property
    /// counts as one of its source's).
    private var keptCounts = (property: 0, derived: 0)

    func start() async throws {
        let derived = property.map { $0 * 2 }
        self.derived = derived
        for slot in 0..<5 {
            let seen = keptSeen[slot]
            kept.append(property.subscribe { seen.saw($0) })
        }
        for slot in 5..<10 {
            let seen = keptSeen[slot]
            kept.append(derived.subscribe { seen.saw($0) })
        }
        for (observer, seen) in zip(keptObservers, keptReceived) {
            try bus.observe(signal, observer: observer) { seen.saw($0) }
        }
        let evens = property.filter { $0 % 2 == 0 }
        let odds = property.filter { $0 % 2 != 0 }
        let distinct = property.distinct(by: ==)
        let combined = property.combineLatest(derived)
        operators = [evens, odds, distinct, combined]
        let seen = operatorSeen
        kept.append(evens.subscribe { seen.evens.saw($0 ?? .min) })
        kept.append(odds.subscribe { seen.odds.saw($0 ?? .min) })
        kept.append(distinct.subscribe { seen.distinct.saw($0) })
        kept.append(combined.subscribe { seen.combined.saw($0.0) })
        keptCounts = (property.subscriberCount, derived.subscriberCount)
        let (property, bus, signal, stopFlag, writes, sends, churned) = (
            property, bus, signal, stopFlag, writes, sends, churned
        )
        workers.start(2, name: "property writer") { writer in
            var value = writer
            while !stopFlag.isRaised {
                property.value = value
                value += 2
                writes[writer].add()
            }
        }
        workers.start(2, name: "bus sender") { sender in
            while !stopFlag.isRaised {
                bus.send(signal, sender)
                sends[sender].add()
            }
        }
        workers.start(2, name: "subscriber churn") { _ in
            while !stopFlag.isRaised {
                let first = property.subscribe { _ in }
                let second = derived.subscribe(initial: false) { _ in }
                let observer = NSObject()
                try? bus.observe(signal, observer: observer) { _ in }
                first.dispose()
                second.dispose()
                bus.stopObserving(signal, observer: observer)
                churned.add()
            }
        }
    }

    var operations: Int { (writes + sends).map(\.count).reduce(0, +) }

    func stop() async -> Bool {
        stopFlag.raise()
        return await workers.join()
    }

    func verify() async -> [String] {
        var failures: [String] = []
        let final = -42
        property.value = final
        // Every kept subscriber ends on the final value once the writers stopped (waiting up to 10 s).
        let deadline = Date().addingTimeInterval(10)
        func reached() -> Bool {
            keptSeen[..<5].allSatisfy { $0.lastValue == final }
                && keptSeen[5...].allSatisfy { $0.lastValue == final * 2 }
        }
        while !reached(), Date() < deadline {
            try? await Task.sleep(for: .milliseconds(50))
        }
        if !reached() {
            let short = keptSeen.count { seen in seen.lastValue != final && seen.lastValue != final * 2 }
            failures.append(
                "data: \(short) of \(keptSeen.count) kept subscribers did not reach the final value in 10 s")
        }
        // What each operator's doc says of the final value: the even filter, `distinct` and `combineLatest` hold it;
        // the odd filter keeps an odd value it was shown, or nil if the coalesced deliveries showed it none.
        let seen = operatorSeen
        func operatorsReached() -> Bool {
            [seen.evens, seen.distinct, seen.combined].allSatisfy { $0.lastValue == final }
        }
        while !operatorsReached(), Date() < deadline {
            try? await Task.sleep(for: .milliseconds(50))
        }
        if !operatorsReached() {
            failures.append(
                "data: filter, distinct and combineLatest ended on \(seen.evens.lastValue), \(seen.distinct.lastValue), "
                    + "\(seen.combined.lastValue), not the final \(final)")
        }
        let odd = seen.odds.lastValue
        if odd != .min, odd % 2 == 0 || odd < 0 {
            failures.append("data: the odd filter holds \(odd), a value it should have left out")
        }
        let sent = sends.map(\.count).reduce(0, +)
        let received = keptReceived.map(\.count)
        if received.contains(where: { $0 != sent }) {
            failures.append("data: kept observers received \(received) signals, \(sent) were sent")
        }
        let counts = (property.subscriberCount, derived?.subscriberCount ?? 0)
        if counts != keptCounts {
            failures.append(
                "data: the property and its map have \(counts.0) and \(counts.1) subscribers; \(keptCounts.property) and "
                    + "\(keptCounts.derived) were kept")
        }
        print(
            "[reactive] \(writes.map(\.count).reduce(0, +)) writes, \(sent) signals, \(churned.count) subscriber rounds"
        )
        return failures
    }
}
