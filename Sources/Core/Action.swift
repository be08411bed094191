/// Something that happened and that a reducer may turn into a new state: a value, crossing threads freely.
///
/// ```swift
/// struct AddDish: Action { let dish: String }
/// ```
public protocol Action: Sendable {}

/// Sends actions to a store. Callable from any thread or task.
///
/// Implementations keep each caller's order: two actions dispatched one after the other by the same thread or task
/// are processed in that order.
public protocol ActionDispatcher: Sendable {
    /// Sends `action` to be processed; returns without waiting when called off the main actor.
    func dispatch(_ action: any Action)
}
