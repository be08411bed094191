import BrigadeCore
import BrigadeEntity
import BrigadeReactive
import BrigadeRedux
import BrigadeServices
import Foundation

/// Keeps a `Codable` part of a store's state in a ``BrigadeServices/SQLiteStore``: restored at launch, saved after it
/// changes.
///
/// ```swift
/// let database = try kitchen.resolve(SQLiteStore.self)
/// let persistence = StatePersistence(store: store, part: \AppState.order, database: database, key: "order")
/// do {
///     try await persistence.restore()  // then keeps it saved
/// } catch {
///     print(error)  // a StatePersistenceError: the app starts with its initial order
/// }
/// ```
///
/// - Restore: ``restore()`` reads the row of `key` and dispatches ``PersistedStateRestored`` with its value; from
///   then on the part is saved after every dispatch that changed it. Call it at launch, before the user acts.
/// - Coalesced: a change schedules one save `delay` later (on `clock`); every change until then goes into that save,
///   so many dispatches make few writes. ``flush()`` saves at once (when the app goes to the background).
/// - Each save is one SQLite transaction replacing the row: a process killed during a save loses at most the changes
///   not yet saved, and never leaves a half-written row.
/// - Versioned: the row holds `version`. An older row goes through `migrate` first; a newer one is
///   ``StatePersistenceError/newerVersion(key:found:known:)`` and stays untouched (nothing is saved over it); a row
///   that does not decode is ``StatePersistenceError/corrupt(key:reason:)``. In every such case the state keeps its
///   initial value, and the database's other rows are not touched.
@MainActor
public final class StatePersistence<State: Sendable, Part: Codable & Equatable> {
    /// Turns a row of an older version into the JSON of the current one: given the stored JSON and its version.
    public typealias Migration = @MainActor (_ json: Data, _ storedVersion: Int) throws -> Data

    /// The row's key in the database.
    public let key: String
    /// The version of the encoding this app writes.
    public let version: Int
    /// How many saves were written.
    public private(set) var saveCount = 0
    /// The last error of a restore or a save, `nil` while none failed.
    public private(set) var lastError: StatePersistenceError?
    /// Told about every error of a save (a restore throws its own).
    public var onError: ((StatePersistenceError) -> Void)?

    private let store: Store<State>
    private let part: WritableKeyPath<State, Part>
    private let database: SQLiteStore
    private let migrate: Migration?
    private let delay: Duration
    private let clock: any Clock<Duration>
    private var subscription: SubscriptionReference?
    /// Whether the part changed since the last save began.
    private var isDirty = false
    /// Whether saving is allowed: not over a row of a newer version.
    private var savesAllowed = true
    private var isFlushing = false
    /// The running save: it waits `delay`, then writes until nothing changed.
    private var saver: Task<Void, Never>?
    /// The save's wait, cancelled by ``flush()``.
    private var wait: Task<Void, any Error>?
    private var lastSaved: Part?

    /// Creates the persistence of one part of `store`'s state; nothing is read or written before ``restore()``.
    /// - Parameters:
    ///   - store: The store whose state is kept.
    ///   - part: The part kept.
    ///   - database: The SQLite store the row goes to, usually the kitchen's.
    ///   - key: The row's key, unique among the app's persisted parts.
    ///   - version: The version of `Part`'s encoding; raise it when the encoding changes, and migrate.
    ///   - delay: How long after a change the save is written, gathering the changes made meanwhile.
    ///   - clock: The clock `delay` runs on; a `ManualClock` in a test.
    ///   - migrate: Turns an older row's JSON into the current version's; runs on the main actor, so it may use the
    ///     part's own (main-actor) `Codable` conformance in an app target with default main-actor isolation.
    public init(
        store: Store<State>,
        part: WritableKeyPath<State, Part>,
        database: SQLiteStore,
        key: String,
        version: Int = 1,
        delay: Duration = .milliseconds(250),
        clock: any Clock<Duration> = ContinuousClock(),
        migrate: Migration? = nil
    ) {
        self.store = store
        self.part = part
        self.database = database
        self.key = key
        self.version = version
        self.delay = delay
        self.clock = clock
        self.migrate = migrate
        store.reducers.add(on: part) { (value: inout Part, action: PersistedStateRestored) in
            if action.key == key, let restored = try? JSONDecoder().decode(Part.self, from: Data(action.json.utf8)) {
                value = restored
            }
        }
    }

    /// Reads the saved part and dispatches ``PersistedStateRestored`` with it (nothing when none was saved), then
    /// keeps the part saved after each change, even when the restore failed (except over a newer row).
    /// - Throws: ``StatePersistenceError``: the state then keeps its value.
    public func restore() async throws(StatePersistenceError) {
        defer { keep() }
        do {
            guard let value = try await read() else { return }
            store.dispatch(PersistedStateRestored(key: key, json: value.json), at: nil)
            if value.migrated {
                changed()
            } else {
                lastSaved = value.part
            }
        } catch {
            lastError = error
            throw error
        }
    }

    /// Writes the pending change now, without waiting for the delay, and returns once it is saved (or failed).
    public func flush() async {
        isFlushing = true
        defer { isFlushing = false }
        wait?.cancel()
        while let saver {
            await saver.value
        }
    }

    /// Stops saving: changes made afterwards are not saved. A save already written stays.
    public func stop() {
        subscription?.dispose()
        subscription = nil
        isDirty = false
        wait?.cancel()
    }

    // MARK: - Reading

    private func read() async throws(StatePersistenceError) -> (part: Part, json: String, migrated: Bool)? {
        let row: PersistedStateRow?
        do {
            row = try await database.get(PersistedStateRow.self, id: key)
        } catch let error as EntityStoreError {
            if case .decodingFailed(_, let reason) = error {
                throw .corrupt(key: key, reason: reason)
            }
            throw .storeFailed(key: key, reason: "\(error)")
        } catch {
            throw .storeFailed(key: key, reason: "\(error)")
        }
        guard let row else { return nil }
        guard row.version <= version else {
            savesAllowed = false
            throw .newerVersion(key: key, found: row.version, known: version)
        }
        var json = Data(row.json.utf8)
        if row.version < version {
            guard let migrate else {
                throw .migrationFailed(key: key, from: row.version, reason: "no migration was given")
            }
            do {
                json = try migrate(json, row.version)
            } catch {
                throw .migrationFailed(key: key, from: row.version, reason: "\(error)")
            }
        }
        do {
            return (
                try JSONDecoder().decode(Part.self, from: json), String(decoding: json, as: UTF8.self),
                row.version < version
            )
        } catch {
            throw .corrupt(key: key, reason: "\(error)")
        }
    }

    // MARK: - Saving

    private func keep() {
        guard subscription == nil, savesAllowed else { return }
        subscription = store.subscribe(part, initial: false) { [weak self] _ in
            self?.changed()
        }
    }

    private func changed() {
        guard savesAllowed else { return }
        isDirty = true
        if saver == nil {
            saver = Task { [weak self] in
                await self?.save()
            }
        }
    }

    private func save() async {
        if !isFlushing {
            let wait = Task { [clock, delay] in try await clock.sleep(for: delay) }
            self.wait = wait
            _ = await wait.result
            self.wait = nil
        }
        while isDirty {
            isDirty = false
            let value = store.currentState[keyPath: part]
            if value != lastSaved {
                await write(value)
            }
        }
        saver = nil
    }

    private func write(_ value: Part) async {
        let json: String
        do {
            json = String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
        } catch {
            fail(.encodingFailed(key: key, reason: "\(error)"))
            return
        }
        do {
            try await database.persist([PersistedStateRow(id: key, version: version, json: json)])
        } catch {
            fail(.storeFailed(key: key, reason: "\(error)"))
            return
        }
        lastSaved = value
        saveCount += 1
    }

    private func fail(_ error: StatePersistenceError) {
        lastError = error
        onError?(error)
    }
}
