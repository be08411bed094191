import BrigadeCore
import BrigadeLocking

/// An ``BrigadeCore/ActionDispatcher`` that records what it is given instead of sending it anywhere: for testing code
/// that dispatches, such as an interactor or a routing handler.
///
/// ```swift
/// let dispatcher = RecordingActionDispatcher()
/// interactor.dispatcher = dispatcher
/// interactor.didTapPlace()
/// #expect(dispatcher.actions(of: PlaceOrder.self).count == 1)
/// ```
public final class RecordingActionDispatcher: ActionDispatcher {
    private let recorded = Locked<[any Action]>([])

    /// Creates an empty recorder.
    public init() {}

    /// Records `action`.
    public func dispatch(_ action: any Action) {
        recorded.withLock { $0.append(action) }
    }

    /// Every action recorded, in order.
    public var actions: [any Action] { recorded.withLock { $0 } }

    /// The recorded actions of type `type`, in order.
    public func actions<A: Action>(of type: A.Type) -> [A] {
        actions.compactMap { $0 as? A }
    }

    /// Forgets what was recorded.
    public func reset() {
        recorded.withLock { $0.removeAll() }
    }
}
