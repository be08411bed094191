import BrigadeLocking
import BrigadeReactive

/// The subscribers of a store disposed, from any thread, and not yet deactivated by the main actor.
///
/// A disposal made on the main actor is taken in before ``dispose(_:)`` returns: the subscriber is deactivated and its
/// handler released at once (its row in a ``_SelectorColumn`` goes when no refresh is running, at the latest at the
/// end of the round). A disposal made on another thread waits for the main actor: the store takes the queue in before
/// it calls subscribers, when subscribing and when counting subscribers, and the first disposal of a batch also starts
/// a task on the main actor, so that an idle store does not keep a disposed handler, and what it holds, indefinitely.
/// That task is the only way to reach the main actor without blocking a thread; a caller waits for it through
/// ``Store/subscriberCount``.
///
/// The store also checks the queue before the first subscriber call of each notification round and before each later
/// one: the number of queued entries is an `AtomicCount` (BrigadeLocking), one atomic load where the platform has
/// `Atomic` instead of a lock.
final class DisposalQueue: @unchecked Sendable {
    // `lock` guards `entries`, `takeIn` and the `DisposalMark` of every entry made with this queue.
    fileprivate let lock = Lock()
    fileprivate var entries: [_StoreSubscriberEntry] = []
    /// The number of `entries`: written under `lock` after they changed, read without it.
    private let count = AtomicCount.make()
    /// Takes the queued disposals in: set by the store's subscribers, `nil` once they are gone, when the queue
    /// releases the handlers itself.
    private var takeIn: (@MainActor @Sendable () -> Void)?

    init() {}

    /// Sets what takes the queued disposals in, on the main actor.
    func onDisposal(_ takeIn: @escaping @MainActor @Sendable () -> Void) {
        lock.withLock { self.takeIn = takeIn }
    }

    /// Queues `entry`, unless it was queued already, and takes it in now on the main actor, else soon.
    func dispose(_ entry: _StoreSubscriberEntry) {
        let startsBatch = lock.withLock { () -> Bool? in
            guard entry.disposal.set() else { return nil }
            entries.append(entry)
            entriesChanged()
            return entries.count == 1
        }
        if let startsBatch {
            takeInQueued(startingTask: startsBatch)
        }
    }

    /// Marks the store's subscribers gone: the queue then releases the handlers of the entries queued, and of those
    /// queued later, itself. A queued entry holds the queue, so they would keep each other alive, and their
    /// subscriptions may still be held by what their handlers hold.
    func close() {
        let hasEntries = lock.withLock {
            takeIn = nil
            return !entries.isEmpty
        }
        if hasEntries {
            takeInQueued(startingTask: true)
        }
    }

    /// Takes the queued disposals in at once on the main thread; elsewhere, in a task on the main actor if
    /// `startingTask` (a batch's first disposal), else in the task an earlier disposal started.
    private func takeInQueued(startingTask: Bool) {
        if MainThread.isCurrent {
            MainActor.assumeIsolated { takeInNow() }
        } else if startingTask {
            Task { @MainActor in self.takeInNow() }
        }
    }

    /// Deactivates the queued entries, through the store's subscribers while they exist.
    @MainActor
    private func takeInNow() {
        if let takeIn = lock.withLock({ takeIn }) {
            takeIn()
        } else {
            for entry in take() {
                entry.deactivate()
            }
        }
    }

    /// Whether `entry` was disposed.
    func isDisposed(_ entry: _StoreSubscriberEntry) -> Bool {
        lock.withLock { entry.disposal.isQueued }
    }

    /// Whether no disposal is waiting.
    var isEmpty: Bool {
        count.load() == 0
    }

    /// The waiting disposals, leaving none.
    func take() -> [_StoreSubscriberEntry] {
        lock.withLock {
            defer {
                entries.removeAll()
                entriesChanged()
            }
            return entries
        }
    }

    /// Called with the lock held whenever `entries` changed.
    private func entriesChanged() {
        count.store(entries.count)
    }
}
