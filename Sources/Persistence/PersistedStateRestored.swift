import BrigadeCore

/// The action a ``StatePersistence`` dispatches once at launch with the part of the state it restored. It is an
/// ordinary action: the action log records it, and a replay restores the same value.
public struct PersistedStateRestored<Value: Codable & Sendable>: Action, Codable {
    /// The persistence's key.
    public let key: String
    /// The restored value.
    public let value: Value

    /// Creates the action.
    public init(key: String, value: Value) {
        self.key = key
        self.value = value
    }
}
