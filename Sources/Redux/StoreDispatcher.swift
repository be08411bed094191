import BrigadeCore
import BrigadeLocking

/// The enqueuing ``BrigadeCore/ActionDispatcher`` of a ``Store``: takes actions from any thread or task and hands them to the
/// store on the main actor, in the order they arrived, so each caller's order is kept.
///
/// It always defers: ``dispatch(_:)`` returns before the action is processed, even on the main actor (the store's
/// own ``Store/dispatch(_:)`` is the synchronous one). ``dispatchAndWait(_:)`` returns once the action, and the
/// actions queued before it, are processed and its asynchronous reducers finished.
///
/// ```swift
/// let dispatcher = store.actionDispatcher
/// Task.detached { dispatcher.dispatch(OrderPlaced(id: 7)) }
/// ```
///
/// It holds its store weakly: actions sent after the store is gone are dropped.
public final class StoreDispatcher: ActionDispatcher {
    private struct Pending {
        var actions: [any Action] = []
        var isScheduled = false
    }

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

    /// Dispatches `action` after the actions queued before it and waits like ``Store/dispatchAndWait(_:)``.
    public func dispatchAndWait(_ action: any Action) async {
        await MainActor.run { drain() }
        await deliverAndWait(action)
    }

    @MainActor
    private func drain() {
        let actions = pending.withLock { pending -> [any Action] in
            defer {
                pending.actions.removeAll()
                pending.isScheduled = false
            }
            return pending.actions
        }
        deliver(actions)
    }
}
