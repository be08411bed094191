import BrigadeLocking
import BrigadeReactive

/// One subscriber of a store, until it is disposed; it is also its subscription's disposal (see ``DisposalQueue``).
@MainActor
@usableFromInline
class _StoreSubscriberEntry {
    /// Increasing with each subscription: the order subscribers are called in. Set when the entry joins the store.
    final var id: UInt64 = 0
    /// In a ``_SelectorColumn``, the subscriber's row.
    @usableFromInline final var _row = 0
    /// `false` once the subscription is disposed and the main actor took that in.
    @usableFromInline final var _isActive = true
    /// The number of the group the subscriber is a member of (see ``_StoreSubscribers``); 0 for an observer of the
    /// states. A number, not a reference: a weak reference to a group would slow every retain of it in a round.
    final var groupNumber: UInt64 = 0
    /// Whether the subscription was disposed, from any thread; guarded by the lock of `disposals`.
    nonisolated final let disposal = DisposalMark()
    /// Where a disposal is queued for the main actor.
    nonisolated final let disposals: DisposalQueue

    init(disposals: DisposalQueue) {
        self.disposals = disposals
    }

    /// Releases what the subscriber calls, and with it what that holds (a handler that captures the store would
    /// otherwise keep it alive). Called after `_isActive` was cleared, when the store's lists are consistent: what
    /// the handler held may run user code as it goes.
    func releaseHandler() {}

    /// Marks the subscriber disposed and releases its handler.
    final func deactivate() {
        _isActive = false
        releaseHandler()
    }
}

extension _StoreSubscriberEntry: Disposable {
    /// Queues the subscriber's disposal; any thread.
    nonisolated func dispose() {
        disposals.dispose(self)
    }

    /// Whether ``dispose()`` was called.
    nonisolated var isDisposed: Bool {
        disposals.isDisposed(self)
    }
}

/// A subscriber of a selection of type `Selection`.
@MainActor
@usableFromInline
final class _SelectionSubscriber<Selection>: _StoreSubscriberEntry {
    @usableFromInline var _handler: ((Selection) -> Void)?

    init(disposals: DisposalQueue, _ handler: @escaping (Selection) -> Void) {
        _handler = handler
        super.init(disposals: disposals)
    }

    override func releaseHandler() {
        _handler = nil
    }
}

/// Whether a subscriber's disposal was queued: set once, from any thread.
final class DisposalMark: @unchecked Sendable {
    // `isQueued` is guarded by the lock of the `DisposalQueue` of the subscriber that holds the mark: it is read and
    // written only inside that queue's `lock.withLock`.
    fileprivate(set) var isQueued = false

    /// Sets the mark; returns whether it was clear. Call with the queue's lock held.
    func set() -> Bool {
        guard !isQueued else { return false }
        isQueued = true
        return true
    }
}
