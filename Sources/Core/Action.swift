/// Something that happened and that a reducer may turn into a new state: a value, crossing threads freely.
///
/// ```swift
/// struct AddDish: Action { let dish: String }
/// ```
public protocol Action: Sendable {}

/// The enqueuing dispatcher: sends actions to a store from any thread or task, without waiting for them.
///
/// `dispatch(_:)` queues the action and returns; the store processes it later, on the main actor, after the actions
/// queued before it. It never processes the action before returning, not even when called on the main actor: for the
/// synchronous dispatch, after which the state is updated and subscribers told, call the store's own
/// `dispatch(_:)` on the main actor.
///
/// Implementations keep each caller's order: two actions dispatched one after the other by the same thread or task
/// are processed in that order.
public protocol ActionDispatcher: Sendable {
    /// Queues `action` to be processed on the main actor after the actions queued before it; returns at once.
    func dispatch(_ action: any Action)
}
