/// Why a ``StatePersistence`` could not restore or save its part of the state. A failed restore leaves the store's
/// state as it was (the app starts with its initial state) and every other row of the database as it was.
public enum StatePersistenceError: Error, Equatable, CustomStringConvertible {
    /// The stored row, or the state in it, does not decode: the row was damaged or written by other code. The next
    /// save replaces it.
    case corrupt(key: String, reason: String)
    /// The row was written by a newer version of the app (`found` > `known`): it is kept untouched, and this
    /// persistence saves nothing, so that the newer app finds it again.
    case newerVersion(key: String, found: Int, known: Int)
    /// The migration hook threw for a row of version `from`, or there is none for an older row. The next save
    /// replaces the row.
    case migrationFailed(key: String, from: Int, reason: String)
    /// The SQLite store failed to read or to write the row.
    case storeFailed(key: String, reason: String)
    /// The part of the state did not encode to JSON.
    case encodingFailed(key: String, reason: String)

    /// What went wrong, naming the key.
    public var description: String {
        switch self {
        case .corrupt(let key, let reason):
            return "the persisted state '\(key)' is corrupt: \(reason)"
        case .newerVersion(let key, let found, let known):
            return
                "the persisted state '\(key)' has version \(found), newer than this app's \(known): it is kept as it is"
        case .migrationFailed(let key, let from, let reason):
            return "the persisted state '\(key)' of version \(from) did not migrate: \(reason)"
        case .storeFailed(let key, let reason):
            return "the persisted state '\(key)' could not be read or written: \(reason)"
        case .encodingFailed(let key, let reason):
            return "the state '\(key)' could not be encoded: \(reason)"
        }
    }
}
