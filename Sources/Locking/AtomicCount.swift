#if canImport(Synchronization)
import Synchronization
#endif

/// A count written by threads that hold a lock of their own and read without taking it: an `Atomic<Int>` where the
/// Synchronization module has one (macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2), a ``Locked`` count below
/// that floor.
///
/// A store reads its disposal queue's count before each subscriber call of a notification round: one atomic load
/// instead of a lock on the platforms that have `Atomic`.
///
/// ```swift
/// let waiting = AtomicCount.make()
/// waiting.store(entries.count)  // releasing: what was written before is seen by a reader of the count
/// if waiting.load() > 0 { takeIn() }  // acquiring
/// ```
package class AtomicCount: @unchecked Sendable {
    // Unchecked: `count` is a `Locked`, which guards it; the subclass keeps an `Atomic` instead.
    private let count = Locked(0)

    fileprivate init() {}

    /// The count of the platform: atomic where `Atomic` exists, else behind a lock.
    package static func make() -> AtomicCount {
        #if canImport(Synchronization)
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return SynchronizationAtomicCount()
        }
        #endif
        return AtomicCount()
    }

    /// The count last stored (acquiring: what its writer wrote before storing it is visible after).
    package func load() -> Int {
        count.withLock { $0 }
    }

    /// Stores `value` (releasing).
    package func store(_ value: Int) {
        count.withLock { $0 = value }
    }
}

#if canImport(Synchronization)
/// An ``AtomicCount`` kept in the Synchronization module's `Atomic`.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
private final class SynchronizationAtomicCount: AtomicCount, @unchecked Sendable {
    // Unchecked: `value` is an `Atomic`, safe from any thread.
    private let value = Atomic<Int>(0)

    override func load() -> Int {
        value.load(ordering: .acquiring)
    }

    override func store(_ value: Int) {
        self.value.store(value, ordering: .releasing)
    }
}
#endif
