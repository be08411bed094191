import BrigadeCore
import BrigadeLocking

/// The enqueuing ``BrigadeCore/ActionDispatcher`` of a ``Store``: takes actions from any thread or task and hands them to the
/// store on the main actor, in the order they arrived, so each caller's order is kept.
///
/// It always defers: ``dispatch(_:)`` returns before the action is processed, even on the main actor (the store's
/// own ``Store/dispatch(_:fileID:line:)`` is the synchronous one). ``dispatchAndWait(_:)`` returns once the action,
/// and the actions queued before it, are processed and its asynchronous reducers finished.
///
/// ```swift
/// let dispatcher = store.actionDispatcher
/// Task.detached { dispatcher.dispatch(OrderPlaced(id: 7)) }
/// ```
///
/// It holds its store weakly: actions sent after the store is gone are dropped.
///
/// ## Back-pressure
///
/// A producer that never waits can queue actions faster than the main actor processes them. ``send(_:)`` is the
/// dispatch for such producers: it suspends while ``queueLimit`` actions are queued and returns once its action is
/// queued, so a loop of `await dispatcher.send(action)` never holds more than ``queueLimit`` actions in the queue,
/// however fast it runs.
///
/// ```swift
/// let dispatcher = store.actionDispatcher
/// Task.detached {
///     for order in incomingOrders {
///         await dispatcher.send(OrderPlaced(id: order))
///     }
/// }
/// ```
///
/// The synchronous ``dispatch(_:)`` never waits and never drops an action: past ``queueLimit`` it still queues, so
/// its queue is bounded only by its callers' rate. Use it from code that dispatches in response to events (a tap, a
/// response), and ``send(_:)`` from loops that produce actions on their own.
public final class StoreDispatcher: ActionDispatcher {
    private struct Pending {
        var actions: [any Action] = []
        var isScheduled = false
        /// The senders waiting for room, first come first queued, each with its action.
        var waiting: [(action: any Action, continuation: CheckedContinuation<Void, Never>)] = []
        var limit = StoreDispatcher.defaultQueueLimit
    }

    /// The ``queueLimit`` of a new dispatcher: 1,024 actions.
    public static let defaultQueueLimit = 1_024

    private let pending = Locked(Pending())
    private let deliver: @MainActor @Sendable ([any Action]) -> Void
    private let deliverAndWait: @MainActor @Sendable (any Action) async -> Void

    init(
        deliver: @escaping @MainActor @Sendable ([any Action]) -> Void,
        deliverAndWait: @escaping @MainActor @Sendable (any Action) async -> Void
    ) {
        self.deliver = deliver
        self.deliverAndWait = deliverAndWait
    }

    /// Queues `action` for the store and returns at once; it is dispatched on the main actor after the actions queued
    /// before it.
    public func dispatch(_ action: any Action) {
        let schedule = pending.withLock { pending -> Bool in
            pending.actions.append(action)
            defer { pending.isScheduled = true }
            return !pending.isScheduled
        }
        if schedule {
            Task { @MainActor in
                self.drain()
            }
        }
    }

    /// Queues `action` for the store, first waiting while ``queueLimit`` actions are queued; returns once it is
    /// queued, before it is processed.
    ///
    /// Senders waiting for room queue their actions in the order they started waiting, after the actions queued
    /// before them. Cancelling the calling task does not withdraw the action: it is queued when there is room.
    public func send(_ action: any Action) async {
        let queued = pending.withLock { pending -> Bool? in
            guard pending.waiting.isEmpty, pending.actions.count < pending.limit else { return nil }
            pending.actions.append(action)
            defer { pending.isScheduled = true }
            return !pending.isScheduled
        }
        if let schedule = queued {
            if schedule {
                Task { @MainActor in
                    self.drain()
                }
            }
            return
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let schedule = pending.withLock { pending -> Bool in
                pending.waiting.append((action, continuation))
                defer { pending.isScheduled = true }
                return !pending.isScheduled
            }
            if schedule {
                Task { @MainActor in
                    self.drain()
                }
            }
        }
    }

    /// The most actions ``send(_:)`` lets wait in the queue; ``defaultQueueLimit`` unless set, at least 1.
    ///
    /// ``dispatch(_:)`` does not wait for room: it queues past the limit.
    public var queueLimit: Int {
        get { pending.withLock { $0.limit } }
        set { pending.withLock { $0.limit = max(1, newValue) } }
    }

    /// How many actions are queued and not yet handed to the store.
    public var queuedCount: Int {
        pending.withLock { $0.actions.count }
    }

    /// Dispatches `action` after the actions queued before it and waits like
    /// ``Store/dispatchAndWait(_:fileID:line:)``.
    public func dispatchAndWait(_ action: any Action) async {
        await MainActor.run { drain() }
        await deliverAndWait(action)
    }

    /// Hands the queued actions to the store, then lets waiting senders queue theirs, up to the limit; schedules
    /// another drain for those.
    @MainActor
    private func drain() {
        let (actions, admitted, again) = pending.withLock {
            pending -> ([any Action], [CheckedContinuation<Void, Never>], Bool) in
            let actions = pending.actions
            pending.actions.removeAll()
            let count = min(pending.waiting.count, pending.limit)
            let admitted = pending.waiting[..<count]
            pending.actions.append(contentsOf: admitted.map(\.action))
            pending.waiting.removeFirst(count)
            pending.isScheduled = !pending.actions.isEmpty || !pending.waiting.isEmpty
            return (actions, admitted.map(\.continuation), pending.isScheduled)
        }
        for continuation in admitted {
            continuation.resume()
        }
        if again {
            Task { @MainActor in
                self.drain()
            }
        }
        deliver(actions)
    }
}
