import BrigadeEntity

/// One persisted part of a state, as the SQLite store keeps it: its key, the version of its encoding, and the JSON.
struct PersistedStateRow: StorableEntity {
    static let entityTypeName = "Brigade.PersistedState"

    let id: String
    let version: Int
    let json: String
}
