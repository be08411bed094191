import BrigadeLocking
import Testing

/// Requires `value` to be Sendable, at compile time.
private func sendable<T: Sendable>(_ value: T) -> T { value }

@Suite("Locked")
struct LockedTests {
    @Test("withLock gives the body the value to change, and returns the body's result")
    func changesAndReturns() {
        let counter = Locked(0)
        let result = counter.withLock { value -> Int in
            value += 2
            return value * 10
        }
        #expect(result == 20)
        #expect(counter.withLock { $0 } == 2)
    }

    @Test("copies share one value and one lock")
    func copiesShare() {
        let first = Locked([1])
        let second = first
        second.withLock { $0.append(2) }
        #expect(first.withLock { $0 } == [1, 2])
        #expect(!first.isEmpty)
        #expect(Locked([Int]()).isEmpty)
    }

    @Test("concurrent changes from many tasks are all kept")
    func concurrentChanges() async {
        let counter = sendable(Locked(0))
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<10_000 {
                        counter.withLock { $0 += 1 }
                    }
                }
            }
        }
        #expect(counter.withLock { $0 } == 80_000)
    }

    @Test("an error thrown by the body is rethrown and the lock is released")
    func releasesOnThrow() {
        struct Failure: Error {}
        let value = Locked(1)
        #expect(throws: Failure.self) {
            try value.withLock { _ in throw Failure() }
        }
        #expect(value.withLock { $0 } == 1)
    }
}

@Suite("Lock")
struct LockTests {
    @Test("withLock runs the body and returns its result; concurrent sections exclude each other")
    func excludes() async {
        let lock = sendable(Lock())
        let counter = sendable(Locked(0))
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<5_000 {
                        lock.withLock { counter.withLock { $0 += 1 } }
                    }
                }
            }
        }
        #expect(lock.withLock { 7 } == 7)
        #expect(counter.withLock { $0 } == 20_000)
    }
}

@Suite("ClosureBox")
struct ClosureBoxTests {
    @Test("the closure is taken once; afterwards the box is empty")
    func takenOnce() {
        let runs = Locked(0)
        let box = ClosureBox { runs.withLock { $0 += 1 } }
        #expect(!box.isEmpty)
        box.take()?()
        #expect(box.take() == nil)
        #expect(box.isEmpty)
        #expect(runs.withLock { $0 } == 1)
    }
}
