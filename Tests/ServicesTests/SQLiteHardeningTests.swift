import BrigadeEntity
import BrigadeServices
import CSQLite
import Foundation
import Testing

/// An entity with a text id, to probe how ids are stored and compared.
struct Tag: StorableEntity, Equatable {
    let id: String
    var label: String
}

/// A second SQLite connection, opened with the C API, that the tests use to do what another process would.
final class RawConnection {
    private var handle: OpaquePointer?

    init(path: String) throws {
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK else {
            throw SQLiteError.openFailed(path: path, reason: "raw connection")
        }
    }

    /// Runs `sql`, which may hold several statements.
    func run(_ sql: String) throws {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
            let reason = String(cString: sqlite3_errmsg(handle))
            throw SQLiteError.statementFailed(sql: sql, code: 0, reason: reason)
        }
    }

    deinit {
        sqlite3_close_v2(handle)
    }
}

@Suite("SQLiteStore hardening")
struct SQLiteHardeningTests {
    // MARK: - Schema version

    @Test("a negative schema version is a typed error naming it, with or without migrations; the file is untouched")
    func negativeSchemaVersion() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("bistro.sqlite")
        do {
            let raw = try RawConnection(path: path)
            try raw.run("CREATE TABLE kept(x); PRAGMA user_version = -3")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let create: SQLiteStore.Migration = { _ = try $0.execute("CREATE TABLE tags(name TEXT)") }
        for migrations in [[], [create]] {
            #expect(throws: SQLiteError.negativeSchemaVersion(path: path, found: -3)) {
                try SQLiteStore(path: path, migrations: migrations)
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test("a database from a newer app is refused before anything is written to it")
    func tooNewLeavesFileUntouched() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("bistro.sqlite")
        do {
            let raw = try RawConnection(path: path)
            try raw.run("CREATE TABLE kept(x); PRAGMA user_version = 4")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: SQLiteError.schemaTooNew(found: 4, known: 0)) { try SQLiteStore(path: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    // MARK: - Ids

    @Test("ids with NUL and any other characters round-trip exactly and stay distinct, as in the memory store")
    func idsWithNUL() async throws {
        let directory = try TemporaryDirectory()
        let sqlite = try SQLiteStore(path: directory.path("bistro.sqlite"))
        let memory = MemoryEntityStore()
        let tags = ["key\0one", "key\0two", "key", "", "\0", "\0\0", "tab\there", "ü", "🍲", "a\u{FFFF}b"].map {
            Tag(id: $0, label: "label of \($0.debugDescription)")
        }
        for store in [sqlite, memory] as [any EntityStore] {
            try await store.persist(tags)
            #expect(try await store.getAll(Tag.self) == tags)
            for tag in tags {
                #expect(try await store.get(Tag.self, id: tag.id) == tag)
                #expect(try await store.exists(Tag.self, id: tag.id))
            }
            try await store.delete(Tag.self, ids: ["key\0one"])
            #expect(try await store.getAll(Tag.self).map(\.id) == tags.dropFirst().map(\.id))
        }
    }

    @Test("canonically equivalent ids are the same id, as Swift's String == and the memory store say")
    func canonicallyEquivalentIds() async throws {
        let directory = try TemporaryDirectory()
        let sqlite = try SQLiteStore(path: directory.path("bistro.sqlite"))
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        #expect(composed == decomposed)
        for store in [sqlite, MemoryEntityStore()] as [any EntityStore] {
            try await store.persist(Tag(id: decomposed, label: "first"))
            #expect(try await store.get(Tag.self, id: composed)?.label == "first")
            // The entity comes back as it was stored: its id keeps the scalars it was given.
            #expect(try await store.get(Tag.self, id: composed)?.id.unicodeScalars.count == 5)
            try await store.persist(Tag(id: composed, label: "second"))
            #expect(try await store.getAll(Tag.self).map(\.label) == ["second"])
            try await store.delete(Tag.self, ids: [decomposed])
            #expect(try await store.getAll(Tag.self).isEmpty)
        }
    }

    // MARK: - Statements and migrations

    @Test("execute runs every statement of a text, and a migration's statements are all or nothing")
    func severalStatements() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("bistro.sqlite")
        let twoTables: SQLiteStore.Migration = { database in
            _ = try database.execute(
                "CREATE TABLE a(x); CREATE TABLE b(y); INSERT INTO b VALUES (?), (?)",
                [
                    .integer(1), .integer(2),
                ])
        }
        let count: SQLiteStore.Migration = { database in
            let rows = try database.execute("SELECT count(*) FROM a; SELECT count(*) FROM b")
            guard rows == [[.integer(0)], [.integer(2)]] else {
                throw SQLiteError.statementFailed(sql: "count", code: 0, reason: "rows \(rows)")
            }
        }
        let halfBroken: SQLiteStore.Migration = { database in
            _ = try database.execute("CREATE TABLE c(z); INSERT INTO missing VALUES (1)")
        }
        #expect(try await SQLiteStore(path: path, migrations: [twoTables, count]).schemaVersion() == 2)
        let error = #expect(throws: SQLiteError.self) {
            try SQLiteStore(path: path, migrations: [twoTables, count, halfBroken])
        }
        guard case .migrationFailed(let version, _) = error else {
            Issue.record("expected migrationFailed, got \(String(describing: error))")
            return
        }
        #expect(version == 3)
        let raw = try RawConnection(path: path)
        #expect(throws: SQLiteError.self) { try raw.run("SELECT * FROM c") }
        #expect(try await SQLiteStore(path: path, migrations: [twoTables, count]).schemaVersion() == 2)
    }

    @Test("SQL text with a NUL is refused instead of being cut at it")
    func sqlWithNUL() throws {
        let directory = try TemporaryDirectory()
        let seen = SeenErrors()
        let probe: SQLiteStore.Migration = { database in
            do {
                _ = try database.execute("CREATE TABLE a(x);\0 CREATE TABLE b(y)")
            } catch {
                seen.record("\(error)")
            }
            _ = try database.execute("CREATE TABLE c(z)")
        }
        _ = try SQLiteStore(path: directory.path("bistro.sqlite"), migrations: [probe])
        #expect(seen.values.count == 1)
        #expect(seen.values.first?.hasPrefix("SQL failed (code 21): the SQL text contains a NUL character") == true)
        let raw = try RawConnection(path: directory.path("bistro.sqlite"))
        #expect(throws: SQLiteError.self) { try raw.run("SELECT * FROM a") }
    }

    @Test(
        "a migration that tries to end the transaction itself fails, and leaves nothing of itself",
        arguments: ["COMMIT", "END", "ROLLBACK", "BEGIN", "commit transaction"])
    func migrationEndingItsTransaction(statement: String) async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("bistro.sqlite")
        let escaping: SQLiteStore.Migration = { database in
            _ = try database.execute("CREATE TABLE a(x); \(statement); CREATE TABLE b(y)")
        }
        #expect(throws: SQLiteError.self) { try SQLiteStore(path: path, migrations: [escaping]) }
        #expect(try await SQLiteStore(path: path).schemaVersion() == 0)
        let raw = try RawConnection(path: path)
        #expect(throws: SQLiteError.self) { try raw.run("SELECT * FROM a") }
        #expect(throws: SQLiteError.self) { try raw.run("SELECT * FROM b") }
    }

    @Test("a migration may use savepoints inside its transaction")
    func migrationWithSavepoint() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("bistro.sqlite")
        let nested: SQLiteStore.Migration = { database in
            _ = try database.execute("SAVEPOINT s; CREATE TABLE a(x); ROLLBACK TO s; RELEASE s; CREATE TABLE b(y)")
        }
        #expect(try await SQLiteStore(path: path, migrations: [nested]).schemaVersion() == 1)
        let raw = try RawConnection(path: path)
        #expect(throws: SQLiteError.self) { try raw.run("SELECT * FROM a") }
        try raw.run("SELECT * FROM b")
    }

    // MARK: - Locks

    @Test("a write waiting for another connection's lock leaves the concurrency pool free, then succeeds")
    func lockedDatabaseLeavesPoolFree() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("bistro.sqlite")
        // One store per pool thread and one more: if their waits sat on the pool, nothing else could run.
        let width = min(ProcessInfo.processInfo.activeProcessorCount, 16) + 1
        // A busy timeout far beyond the test's length: under load (sanitizers, parallel tests) the child tasks may take
        // more than the default 5 s, and the writes must still be waiting when the lock goes.
        let stores = try (0..<width).map { _ in try SQLiteStore(path: path, busyTimeout: .seconds(300)) }
        let locker = try RawConnection(path: path)
        try locker.run("BEGIN EXCLUSIVE")
        let writes = stores.enumerated().map { index, store in
            Task { try await store.persist(Order(id: index, dishes: ["soup"])) }
        }
        // Work on the pool while every write waits: child tasks that must all run and finish.
        let sum = await withTaskGroup(of: Int.self) { group in
            for value in 1...100 {
                group.addTask {
                    await Task.yield()
                    return value
                }
            }
            return await group.reduce(0, +)
        }
        #expect(sum == 5050)
        try locker.run("COMMIT")
        for write in writes {
            try await write.value
        }
        #expect(try await stores[0].getAll(Order.self).count == width)
    }

    @Test("open(path:migrations:) waits for another connection's lock off the pool; concurrent opens migrate once")
    func asyncOpenLeavesPoolFree() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("bistro.sqlite")
        _ = try SQLiteStore(path: path)
        let create: SQLiteStore.Migration = { _ = try $0.execute("CREATE TABLE tags(name TEXT)") }
        let width = min(ProcessInfo.processInfo.activeProcessorCount, 16) + 1
        let locker = try RawConnection(path: path)
        try locker.run("BEGIN EXCLUSIVE")
        let opens = (0..<width).map { _ in
            // Waits as long as the lock is held, however long the child tasks take under load.
            Task { try await SQLiteStore.open(path: path, migrations: [create], busyTimeout: .seconds(300)) }
        }
        let sum = await withTaskGroup(of: Int.self) { group in
            for value in 1...100 {
                group.addTask {
                    await Task.yield()
                    return value
                }
            }
            return await group.reduce(0, +)
        }
        #expect(sum == 5050)
        try locker.run("COMMIT")
        for open in opens {
            #expect(try await open.value.schemaVersion() == 1)
        }
    }

    // MARK: - Corruption

    @Test("once a store has seen corruption, writes fail with the same error and do not change the file")
    func corruptionStopsWrites() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("bistro.sqlite")
        do {
            let store = try SQLiteStore(path: path)
            // Rows larger than a page: most of each row lies in overflow pages, outside the tables' trees.
            let payload = String(repeating: "x", count: 10_000)
            try await store.persist((0..<20).map { Row(id: $0, batch: 1, payload: payload) })
            try await store.persist(Note(id: "1", text: "window table"))
        }
        // Damage the overflow pages (4-byte link, then the row's text): reading a row fails, the trees are intact.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let pageSize = 4_096
        var damaged = 0
        for start in stride(from: pageSize, to: bytes.count, by: pageSize)
        where bytes[(start + 4)..<(start + 104)].allSatisfy({ $0 == UInt8(ascii: "x") }) {
            bytes.replaceSubrange(start..<(start + pageSize), with: Data(repeating: 0xA5, count: pageSize))
            damaged += 1
        }
        #expect(damaged > 20)
        try bytes.write(to: URL(fileURLWithPath: path))

        let store = try SQLiteStore(path: path)
        let seen = await #expect(throws: SQLiteError.self) { try await store.getAll(Row.self) }
        guard let seen, case .notADatabase = seen else {
            Issue.record("expected notADatabase, got \(String(describing: seen))")
            return
        }
        await #expect(throws: seen) { try await store.persist(Note(id: "2", text: "terrace")) }
        await #expect(throws: seen) { try await store.delete(Note.self, ids: ["1"]) }
        await #expect(throws: seen) { try await store.deleteAll(Note.self) }
        await #expect(throws: seen) {
            try await store.transaction { transaction in try await transaction.persist(Note(id: "3", text: "bar")) }
        }
        let wal = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        #expect(wal == 0, "nothing was written to the write-ahead log")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }
}

@Suite("RetryPolicy")
struct RetryPolicyTests {
    @Test("any attempt number gives a bounded delay, without trapping")
    func boundedDelay() {
        let policy = RetryPolicy(maxAttempts: 5, initialDelay: .milliseconds(200))
        #expect(policy.delay(beforeAttempt: 2) == .milliseconds(200))
        #expect(policy.delay(beforeAttempt: 3) == .milliseconds(400))
        for attempt in [Int.min, -1, 0, 1] {
            #expect(policy.delay(beforeAttempt: attempt) == .milliseconds(200))
        }
        for attempt in [64, 100, 1_000, Int.max] {
            #expect(policy.delay(beforeAttempt: attempt) == RetryPolicy.longestDelay)
        }
        let flat = RetryPolicy(maxAttempts: 5, initialDelay: .seconds(1), multiplier: 1)
        #expect(flat.delay(beforeAttempt: Int.max) == .seconds(1))
        let huge = RetryPolicy(maxAttempts: 5, initialDelay: .seconds(Int64.max), multiplier: Int.max)
        #expect(huge.delay(beforeAttempt: Int.max) == RetryPolicy.longestDelay)
    }
}
