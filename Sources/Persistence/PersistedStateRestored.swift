import BrigadeCore

/// The action a ``StatePersistence`` dispatches once at launch with the part of the state it restored, as the JSON it
/// read (after migration): the persistence's own reducer decodes it into the part. It is an ordinary action: the
/// action log records it, and a replay restores the same value.
///
/// It carries JSON rather than the part itself so that the part need not be `Sendable` through a generic parameter:
/// in an app target with default main-actor isolation, the part's `Codable` conformance is isolated to the main actor,
/// where the reducer decodes it.
public struct PersistedStateRestored: Action, Codable, Equatable {
    /// The persistence's key.
    public let key: String
    /// The restored part, encoded as JSON.
    public let json: String

    /// Creates the action.
    public init(key: String, json: String) {
        self.key = key
        self.json = json
    }
}
