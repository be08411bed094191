import BrigadeReactive
import Dispatch
import Foundation
import Testing

/// Signals shared by a test's thread and its writer thread; DispatchSemaphore is thread-safe.
private final class Handshake: @unchecked Sendable {
    let initialStarted = DispatchSemaphore(value: 0)
    let firstSet = DispatchSemaphore(value: 0)
    let catchUpStarted = DispatchSemaphore(value: 0)
    let secondSet = DispatchSemaphore(value: 0)
    let writerDone = DispatchSemaphore(value: 0)
    // `lock` guards `timedOut`: the waits that did not end in time, written by both threads.
    private let lock = NSLock()
    private var timedOut: [String] = []

    /// Waits for `semaphore` at most 2 s; a wait that times out is recorded under `name`, so the test fails
    /// instead of hanging.
    func wait(_ semaphore: DispatchSemaphore, _ name: String) {
        if semaphore.wait(timeout: .now() + 2) == .timedOut {
            lock.withLock { timedOut.append(name) }
        }
    }

    var waitsTimedOut: [String] { lock.withLock { timedOut } }
}

@Suite("Derived properties created while another thread sets the source")
struct DerivedPropertyRaceTests {
    @Test("a value set while the new derived property catches up is not overwritten by the older one")
    func catchUpDoesNotOverwrite() {
        let source = ObservableProperty(0)
        let handshake = Handshake()
        // The writer runs on a thread of its own: the test's thread (one of the concurrency pool's) blocks below until
        // it has written, and a block queued on the pool or a global queue might never get a thread to run on.
        Thread {
            handshake.wait(handshake.initialStarted, "initialStarted")
            source.value = 1  // before the derived property is connected: it must catch up with 1
            handshake.firstSet.signal()
            handshake.wait(handshake.catchUpStarted, "catchUpStarted")
            source.value = 2  // while it catches up with 1
            handshake.secondSet.signal()
            handshake.writerDone.signal()
        }.start()
        let derived = source.map { value -> Int in
            if value == 0 {
                handshake.initialStarted.signal()
                handshake.wait(handshake.firstSet, "firstSet")
            } else if value == 1 {
                handshake.catchUpStarted.signal()
                handshake.wait(handshake.secondSet, "secondSet")
            }
            return value * 10
        }
        handshake.wait(handshake.writerDone, "writerDone")
        #expect(handshake.waitsTimedOut.isEmpty)
        #expect(source.value == 2)
        // `map` does not deliver what another thread set during its catch-up: 2 comes from a background thread.
        let watcher = Watcher<Int>()
        let subscription = derived.subscribe(watcher.record)
        #expect(watcher.waitForLast(20))
        #expect(derived.value == 20)
        subscription.dispose()
    }

    @Test("stress: every derived property made during a burst of writes ends on the source's latest value")
    func stress() async {
        for iteration in 0..<300 {
            let source = ObservableProperty(0)
            let writer = Task.detached {
                for value in 1...20 {
                    source.value = value
                }
            }
            let mapped = source.map { $0 + 1 }
            let distinct = source.distinct()
            let filtered = source.filter { $0 % 2 == 0 }
            await writer.value
            // What the writer set during a catch-up may come from a background thread: wait for it, boundedly.
            #expect(Self.waitFor(21, in: mapped), "iteration \(iteration)")
            #expect(Self.waitFor(20, in: distinct), "iteration \(iteration)")
            #expect(Self.waitFor(20, in: filtered.map { $0 ?? -1 }), "iteration \(iteration)")
        }
    }
}

extension DerivedPropertyRaceTests {
    /// Whether `property` holds `value` within 30 s.
    static func waitFor(_ value: Int, in property: ObservableProperty<Int>) -> Bool {
        let watcher = Watcher<Int>()
        let subscription = property.subscribe(watcher.record)
        defer { subscription.dispose() }
        return watcher.waitForLast(value)
    }
}

@Suite("ReadOnlyObservableProperty")
struct ReadOnlyObservablePropertyTests {
    final class Seen: @unchecked Sendable {
        // Written only by the test's own thread, in the property's synchronous deliveries.
        var values: [Int] = []
    }

    @Test("a read-only view replays the current value, sees every change of its property, and derives from it")
    func view() {
        let count = ObservableProperty(1)
        let view = count.readOnly
        let seen = Seen()
        let subscription = view.subscribe { seen.values.append($0) }
        let doubled = view.map { $0 * 2 }
        let both = view.combineLatest(ObservableProperty("x").readOnly)
        count.value = 2
        #expect(seen.values == [1, 2])
        #expect(view.value == 2)
        #expect(doubled.value == 4)
        #expect(both.value == (2, "x"))
        subscription.dispose()
    }
}
