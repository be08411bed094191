import BrigadeEntity
// Foundation, not only FoundationEssentials: ids are put in Unicode normalization form C.
import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An ``BrigadeEntity/EntityStore`` on the system SQLite: entities JSON-encoded in one table
/// keyed by type (``BrigadeEntity/StorableEntity/entityTypeName``) and id, write-ahead logging, real transactions, and a
/// schema version with migrations.
///
/// ```swift
/// let store = try SQLiteStore(path: directory + "/bistro.sqlite")
/// try await store.persist(order)
/// let placed = try await store.getAll(Order.self)
/// ```
///
/// - Values reach SQL only as bound parameters.
/// - A committed write survives a killed process: the database runs in WAL mode with full synchronisation, and every
///   write is one transaction.
/// - Opening a file that is not a SQLite database throws ``SQLiteError/notADatabase(path:reason:)`` and leaves it
///   untouched.
/// - `PRAGMA user_version` holds the app's schema version: migration *n* (counting from 1) brings the database from
///   version *n − 1* to *n*, in a transaction of its own, with the version change: all of it or nothing.
/// - SQLite's blocking work (waiting up to the busy timeout, 5 s by default, for another process's lock; disk I/O)
///   runs on a serial dispatch queue of the store's own, never on Swift's concurrency pool; the calling task is
///   suspended meanwhile.
/// - Ids are compared as the memory store and Swift's `String ==` compare them: every character, NUL included,
///   counts, and canonically equivalent text (`"caf\u{E9}"` and `"cafe\u{301}"`) is one id. The entity itself is
///   stored as given, so the id read back is the one persisted.
/// - Once SQLite has reported the file damaged (``SQLiteError/notADatabase(path:reason:)``), every later write
///   throws that same error and leaves the file as it is; reads still try, so what is intact can be saved.
public actor SQLiteStore: EntityStore {
    /// A migration: gets the database inside a transaction and changes its schema.
    public typealias Migration = @Sendable (SQLiteDatabase) throws -> Void

    private let connection: SQLiteConnection
    private var isClosed = false
    /// The database file's path.
    public nonisolated let path: String

    /// Opens, or creates, the database at `path` and brings its schema up to date.
    ///
    /// Opening runs on the calling thread (it may wait up to `busyTimeout` for another process's lock); from async
    /// code, use ``open(path:migrations:busyTimeout:)``. Every later call runs on the store's own queue.
    /// - Parameters:
    ///   - path: The database file; created when missing.
    ///   - migrations: The app's migrations, oldest first; the database ends at version `migrations.count`.
    ///   - busyTimeout: How long a statement waits for another connection's or process's lock before it fails with
    ///     SQLite's "database is locked"; 5 seconds by default.
    /// - Throws: ``SQLiteError/notADatabase(path:reason:)`` for a file that is not a SQLite database,
    ///   ``SQLiteError/schemaTooNew(found:known:)`` for a database from a newer app,
    ///   ``SQLiteError/negativeSchemaVersion(path:found:)`` for a version no migration gives (the file is not
    ///   changed in either case), ``SQLiteError/migrationFailed(version:reason:)``, or another ``SQLiteError``.
    public init(path: String, migrations: [Migration] = [], busyTimeout: Duration = .seconds(5)) throws(SQLiteError) {
        try Self.checkHeader(path)
        let database = try SQLiteDatabase(path: path, busyTimeout: busyTimeout)
        let found = try database.userVersion
        guard found >= 0 else {
            throw .negativeSchemaVersion(path: path, found: found)
        }
        guard found <= migrations.count else {
            throw .schemaTooNew(found: found, known: migrations.count)
        }
        try Self.configure(database)
        try Self.migrate(database, from: found, with: migrations)
        connection = SQLiteConnection(database, storeName: "SQLiteStore")
        self.path = path
    }

    /// Opens, or creates, the database at `path` and brings its schema up to date, as
    /// ``init(path:migrations:busyTimeout:)`` does, but on a dispatch queue: waiting for another process's lock, or
    /// running the migrations, never occupies a thread of Swift's concurrency pool.
    /// - Parameters:
    ///   - path: The database file; created when missing.
    ///   - migrations: The app's migrations, oldest first; the database ends at version `migrations.count`.
    ///   - busyTimeout: How long a statement waits for another connection's lock; 5 seconds by default.
    /// - Returns: The open store.
    /// - Throws: As ``init(path:migrations:busyTimeout:)``.
    public static func open(
        path: String,
        migrations: [Migration] = [],
        busyTimeout: Duration = .seconds(5)
    ) async throws(SQLiteError) -> SQLiteStore {
        let result = await withCheckedContinuation { continuation in
            DispatchQueue(label: "Brigade.SQLiteStore.open").async {
                continuation.resume(
                    returning: Result { () throws(SQLiteError) in
                        try SQLiteStore(path: path, migrations: migrations, busyTimeout: busyTimeout)
                    })
            }
        }
        return try result.get()
    }

    /// Keeps every entity type.
    public nonisolated func isResponsible<T: StorableEntity>(for type: T.Type) -> Bool {
        true
    }

    /// Stores `entities` in one transaction, replacing those with the same ids.
    public func persist<T: StorableEntity>(_ entities: [T]) async throws {
        try await write { writer in try writer.persist(entities) }
    }

    /// The entity of `type` with `id`, found through the primary key.
    public func get<T: StorableEntity>(_ type: T.Type, id: T.ID) async throws -> T? {
        let parameters: [SQLiteValue] = [.text(Self.typeName(type)), .text(try Self.key(id, of: type))]
        let rows = try await read {
            try $0.execute("SELECT data FROM brigade_entities WHERE type = ? AND id = ?", parameters)
        }
        guard case .blob(let data) = rows.first?.first else { return nil }
        return try Self.decode(type, data)
    }

    /// Every entity of `type`, in the order they were first stored.
    public func getAll<T: StorableEntity>(_ type: T.Type) async throws -> [T] {
        let name = Self.typeName(type)
        let rows = try await read {
            try $0.execute("SELECT data FROM brigade_entities WHERE type = ? ORDER BY rowid", [.text(name)])
        }
        return try rows.compactMap { row in
            guard case .blob(let data) = row.first else { return nil }
            return try Self.decode(type, data)
        }
    }

    /// Whether an entity of `type` with `id` is stored, without decoding it.
    public func exists<T: StorableEntity>(_ type: T.Type, id: T.ID) async throws -> Bool {
        let parameters: [SQLiteValue] = [.text(Self.typeName(type)), .text(try Self.key(id, of: type))]
        return try await !read {
            try $0.execute("SELECT 1 FROM brigade_entities WHERE type = ? AND id = ?", parameters)
        }
        .isEmpty
    }

    /// Deletes the entities of `type` with these ids, in one transaction.
    public func delete<T: StorableEntity>(_ type: T.Type, ids: [T.ID]) async throws {
        try await write { writer in try writer.delete(type, ids: ids) }
    }

    /// Deletes every entity of `type`.
    public func deleteAll<T: StorableEntity>(_ type: T.Type) async throws {
        try await write { writer in try writer.deleteAll(type) }
    }

    /// Applies a transaction's changes inside one SQLite transaction: all of them, or none.
    public func apply(_ changes: EntityChangeSet) async throws {
        try await write { writer in try changes.accept(&writer) }
    }

    /// Runs `PRAGMA integrity_check`.
    /// - Throws: ``SQLiteError/integrityCheckFailed(_:)`` unless SQLite answers `ok`, another ``SQLiteError`` when
    ///   the check cannot run, or ``BrigadeEntity/EntityStoreError/closed(store:)`` after ``close()``.
    public func checkIntegrity() async throws {
        let rows = try await read { try $0.execute("PRAGMA integrity_check") }
        let result = rows.compactMap { row -> String? in
            if case .text(let text) = row.first { return text }
            return nil
        }
        guard result == ["ok"] else {
            throw SQLiteError.integrityCheckFailed(result.joined(separator: "; "))
        }
    }

    /// The app's schema version.
    /// - Throws: A ``SQLiteError`` when it cannot be read, or ``BrigadeEntity/EntityStoreError/closed(store:)`` after
    ///   ``close()``.
    public func schemaVersion() async throws -> Int {
        try await read { try $0.userVersion }
    }

    /// Closes the store and its SQLite connection, releasing the file.
    ///
    /// Calls already running finish first; every later call throws ``BrigadeEntity/EntityStoreError/closed(store:)``
    /// without touching the file. When `close()` returns the file is no longer held: it can be deleted, moved or
    /// opened by another store. Closing again does nothing.
    public func close() async {
        isClosed = true
        await connection.close()
    }

    // MARK: - Running on the connection's queue

    private func read<Result: Sendable>(
        _ body: @escaping @Sendable (SQLiteDatabase) throws -> Result
    ) async throws -> Result {
        try checkOpen()
        return try await connection.run(writing: false, body)
    }

    private func write(_ body: @escaping @Sendable (inout Writer) throws -> Void) async throws {
        try checkOpen()
        try await connection.run(writing: true) { database in
            try database.execute("BEGIN IMMEDIATE")
            do {
                var writer = Writer(database: database)
                try body(&writer)
                try database.execute("COMMIT")
            } catch {
                _ = try? database.execute("ROLLBACK")
                throw error
            }
        }
    }

    private struct Writer: EntityChangeVisitor {
        let database: SQLiteDatabase

        mutating func persist<T: StorableEntity>(_ entities: [T]) throws {
            let type = SQLiteStore.typeName(T.self)
            for entity in entities {
                try database.execute(
                    """
                    INSERT INTO brigade_entities(type, id, data) VALUES (?, ?, ?)
                    ON CONFLICT(type, id) DO UPDATE SET data = excluded.data
                    """,
                    [
                        .text(type), .text(try SQLiteStore.key(entity.id, of: T.self)),
                        .blob(try SQLiteStore.encode(entity)),
                    ])
            }
        }

        mutating func delete<T: StorableEntity>(_ type: T.Type, ids: [T.ID]) throws {
            let name = SQLiteStore.typeName(type)
            for id in ids {
                try database.execute(
                    "DELETE FROM brigade_entities WHERE type = ? AND id = ?",
                    [.text(name), .text(try SQLiteStore.key(id, of: type))])
            }
        }

        mutating func deleteAll<T: StorableEntity>(_ type: T.Type) throws {
            try database.execute("DELETE FROM brigade_entities WHERE type = ?", [.text(SQLiteStore.typeName(type))])
        }
    }

    // MARK: - Opening

    private static let header = Array("SQLite format 3\0".utf8)

    /// Refuses a non-empty file that does not start with SQLite's header, before SQLite touches it.
    private static func checkHeader(_ path: String) throws(SQLiteError) {
        guard let file = fopen(path, "rb") else { return }
        defer { fclose(file) }
        var bytes = [UInt8](repeating: 0, count: header.count)
        let read = fread(&bytes, 1, bytes.count, file)
        if read == 0 {
            return
        }
        guard read == header.count, bytes == header else {
            throw .notADatabase(path: path, reason: "the file does not start with the SQLite header")
        }
    }

    private static func configure(_ database: SQLiteDatabase) throws(SQLiteError) {
        let mode = try database.execute("PRAGMA journal_mode = WAL")
        guard case .text(let journal) = mode.first?.first, journal.lowercased() == "wal" else {
            throw .statementFailed(sql: "PRAGMA journal_mode = WAL", code: 0, reason: "write-ahead logging is off")
        }
        try database.execute("PRAGMA synchronous = FULL")
        try database.execute(
            """
            CREATE TABLE IF NOT EXISTS brigade_entities (
                type TEXT NOT NULL,
                id TEXT NOT NULL,
                data BLOB NOT NULL,
                UNIQUE (type, id)
            )
            """)
    }

    private static func migrate(
        _ database: SQLiteDatabase, from found: Int, with migrations: [Migration]
    ) throws(SQLiteError) {
        for version in (found + 1)..<(migrations.count + 1) {
            try database.execute("BEGIN IMMEDIATE")
            do {
                // Another connection may have run it while this one waited for the lock.
                if try database.userVersion >= version {
                    try database.execute("COMMIT")
                    continue
                }
                try database.refusingTransactionControl { try migrations[version - 1](database) }
                guard database.isInTransaction else {
                    throw SQLiteError.statementFailed(
                        sql: "COMMIT", code: 0,
                        reason: "the migration ended its transaction itself; a migration must not COMMIT or ROLLBACK")
                }
                try database.setUserVersion(version)
                try database.execute("COMMIT")
            } catch {
                _ = try? database.execute("ROLLBACK")
                throw .migrationFailed(version: version, reason: "\(error)")
            }
        }
    }

    // MARK: - Encoding

    fileprivate static func typeName<T: StorableEntity>(_ type: T.Type) -> String {
        type.entityTypeName
    }

    /// The text an id is stored under. An entity type has one id type, so the text only has to be unique among ids
    /// of that type: strings as they are, integers and UUIDs in their usual text, anything else as JSON; text that
    /// is not ASCII in Unicode normalization form C, so that canonically equivalent ids, equal to Swift, are one key.
    fileprivate static func key<T: StorableEntity>(_ id: T.ID, of type: T.Type) throws(EntityStoreError) -> String {
        canonical(try text(of: id, type))
    }

    private static func canonical(_ text: String) -> String {
        text.utf8.allSatisfy { $0 < 0x80 } ? text : text.precomposedStringWithCanonicalMapping
    }

    private static func text<T: StorableEntity>(of id: T.ID, _ type: T.Type) throws(EntityStoreError) -> String {
        switch id {
        case let text as String: return text
        case let number as Int: return String(number)
        case let number as Int64: return String(number)
        case let uuid as UUID: return uuid.uuidString
        default:
            do {
                return String(decoding: try JSONEncoder().encode(id), as: UTF8.self)
            } catch {
                throw .encodingFailed(type: "\(type)", reason: "its id: \(error)")
            }
        }
    }

    fileprivate static func encode<T: StorableEntity>(_ entity: T) throws(EntityStoreError) -> Data {
        do {
            return try encoder.encode(entity)
        } catch {
            throw .encodingFailed(type: "\(T.self)", reason: "\(error)")
        }
    }

    private static func decode<T: StorableEntity>(_ type: T.Type, _ data: Data) throws(EntityStoreError) -> T {
        do {
            return try decoder.decode(type, from: data)
        } catch {
            throw .decodingFailed(type: "\(type)", reason: "\(error)")
        }
    }

    // Configured once and never changed, so shared safely: making a coder per call costs more than the call.
    private static let encoder = JSONEncoder()
    private static let decoder = JSONDecoder()

    private func checkOpen() throws(EntityStoreError) {
        if isClosed {
            throw .closed(store: storeName)
        }
    }
}
