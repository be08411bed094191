import Foundation

/// Records what a subscriber receives, from any thread, and lets a test wait a bounded time for a value.
final class Watcher<Value: Sendable & Equatable>: @unchecked Sendable {
    // `condition` guards `received`.
    private let condition = NSCondition()
    private var received: [Value] = []

    /// Everything received, in order.
    var values: [Value] {
        condition.lock()
        defer { condition.unlock() }
        return received
    }

    /// Records `value` and wakes the waiters.
    func record(_ value: Value) {
        condition.lock()
        received.append(value)
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until the last value received is `value`, at most `seconds`; `false` if it never came.
    func waitForLast(_ value: Value, seconds: Double = 30) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while received.last != value {
            if !condition.wait(until: deadline) {
                return received.last == value
            }
        }
        return true
    }
}

/// Runs `body` on `count` threads of their own (not the test's concurrency pool, which a blocked test thread may
/// starve) and waits at most `seconds` for all to end; `false` if some did not.
func runThreads(_ count: Int, seconds: Double = 60, _ body: @escaping @Sendable (Int) -> Void) -> Bool {
    let done = DispatchSemaphore(value: 0)
    for index in 0..<count {
        Thread {
            body(index)
            done.signal()
        }.start()
    }
    let deadline = DispatchTime.now() + seconds
    for _ in 0..<count where done.wait(timeout: deadline) == .timedOut {
        return false
    }
    return true
}
