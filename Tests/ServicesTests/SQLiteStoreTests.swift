import BrigadeEntity
import BrigadeServices
import Foundation
import Testing

struct Order: StorableEntity, Equatable {
    let id: Int
    var dishes: [String]
}

struct Note: StorableEntity, Equatable {
    let id: String
    var text: String
}

struct Row: StorableEntity {
    let id: Int
    let batch: Int
    let payload: String
}

/// A fresh directory for one test's database files.
struct TemporaryDirectory: ~Copyable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("brigade-sqlite-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

@Suite("SQLiteStore")
struct SQLiteStoreTests {
    @Test("persist, get, getAll, exists and delete, per type, on a real database file")
    func crud() async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteStore(path: directory.path("bistro.sqlite"))
        try await store.persist([Order(id: 1, dishes: ["soup"]), Order(id: 2, dishes: ["cake"])])
        try await store.persist(Note(id: "1", text: "window table"))
        #expect(try await store.get(Order.self, id: 1) == Order(id: 1, dishes: ["soup"]))
        #expect(try await store.getAll(Order.self).map(\.id) == [1, 2])
        #expect(try await store.get(Note.self, id: "1")?.text == "window table")
        #expect(try await store.exists(Order.self, id: 2))
        try await store.persist(Order(id: 1, dishes: ["soup", "bread"]))
        #expect(try await store.getAll(Order.self).first?.dishes == ["soup", "bread"])
        try await store.delete(Order.self, id: 2)
        #expect(try await store.filter(Order.self) { $0.dishes.contains("soup") }.count == 1)
        try await store.deleteAll(Order.self)
        #expect(try await store.getAll(Order.self).isEmpty)
        #expect(try await store.getAll(Note.self).count == 1)
        try await store.checkIntegrity()
    }

    @Test("values are bound, never spliced into SQL: ids and texts with quotes are stored as they are")
    func boundParameters() async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteStore(path: directory.path("bistro.sqlite"))
        let hostile = Note(id: "'); DROP TABLE brigade_entities; --", text: "Robert'); --")
        try await store.persist(hostile)
        #expect(try await store.get(Note.self, id: hostile.id) == hostile)
        #expect(try await store.getAll(Note.self) == [hostile])
    }

    @Test("committed data is there after reopening")
    func reopen() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("bistro.sqlite")
        do {
            let store = try SQLiteStore(path: path)
            try await store.persist(Order(id: 7, dishes: ["tart"]))
        }
        let reopened = try SQLiteStore(path: path)
        #expect(try await reopened.get(Order.self, id: 7) == Order(id: 7, dishes: ["tart"]))
    }

    @Test("a transaction is real: isolated until commit, rolled back on a throw")
    func transactions() async throws {
        struct Abort: Error {}
        let directory = try TemporaryDirectory()
        let store = try SQLiteStore(path: directory.path("bistro.sqlite"))
        try await store.persist(Order(id: 1, dishes: []))
        await #expect(throws: Abort.self) {
            try await store.transaction { transaction in
                try await transaction.deleteAll(Order.self)
                try await transaction.persist(Order(id: 2, dishes: []))
                #expect(try await store.getAll(Order.self).map(\.id) == [1])
                throw Abort()
            }
        }
        #expect(try await store.getAll(Order.self).map(\.id) == [1])
        try await store.transaction { transaction in
            try await transaction.persist(Order(id: 3, dishes: []))
        }
        #expect(try await store.getAll(Order.self).map(\.id) == [1, 3])
    }

    @Test("the schema version follows the migrations; a failing migration leaves the version before it")
    func migrations() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("bistro.sqlite")
        let createTags: SQLiteStore.Migration = { try $0.execute("CREATE TABLE tags(name TEXT)") }
        let addTag: SQLiteStore.Migration = { try $0.execute("INSERT INTO tags(name) VALUES (?)", [.text("vegan")]) }
        do {
            let store = try SQLiteStore(path: path, migrations: [createTags])
            #expect(try await store.schemaVersion() == 1)
        }
        do {
            let store = try SQLiteStore(path: path, migrations: [createTags, addTag])
            #expect(try await store.schemaVersion() == 2)
        }
        let broken: SQLiteStore.Migration = { try $0.execute("INSERT INTO missing(x) VALUES (1)") }
        #expect(throws: SQLiteError.self) {
            try SQLiteStore(path: path, migrations: [createTags, addTag, broken])
        }
        #expect(throws: SQLiteError.schemaTooNew(found: 2, known: 1)) {
            try SQLiteStore(path: path, migrations: [createTags])
        }
        let store = try SQLiteStore(path: path, migrations: [createTags, addTag])
        #expect(try await store.schemaVersion() == 2)
    }

    @Test("opening a file that is not a SQLite database is a typed error, and the file is not touched")
    func notADatabase() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("notes.txt")
        let content = Data("these are my notes, not a database\n".utf8)
        try content.write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: SQLiteError.self) {
            try SQLiteStore(path: path)
        }
        guard case .notADatabase = error else {
            Issue.record("expected notADatabase, got \(String(describing: error))")
            return
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == content)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test("a closed store is a typed error")
    func closed() async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteStore(path: directory.path("bistro.sqlite"))
        await store.close()
        await #expect(throws: EntityStoreError.closed(store: "SQLiteStore")) {
            try await store.getAll(Order.self)
        }
    }

    @Test("a writer killed with SIGKILL loses no committed transaction and leaves none partial", arguments: 0..<100)
    func killedWriter(run: Int) async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("crash.sqlite")
        let committed = try await CrashWriter.runAndKill(database: path, afterCommits: 3 + run % 5, lane: run % 2)
        let store = try SQLiteStore(path: path)
        try await store.checkIntegrity()
        let rows = try await store.getAll(Row.self)
        let byBatch = Dictionary(grouping: rows, by: \.batch).mapValues(\.count)
        for batch in 1...committed {
            #expect(byBatch[batch] == 40, "batch \(batch) was reported committed")
        }
        #expect(byBatch.values.allSatisfy { $0 == 40 }, "no batch is partial")
    }
}

/// Runs the `sqlite-crash-writer` executable and kills it with SIGKILL once it reported enough commits.
enum CrashWriter {
    /// Two lanes, so that two writers run at a time, as many as the concurrency pool of a 2-core machine would run.
    static let lanes = [DispatchQueue(label: "crash-writer-0"), DispatchQueue(label: "crash-writer-1")]

    /// Runs a writer on `lane`'s queue: waiting for it blocks that queue's thread, never one of the concurrency pool
    /// (other tests' tasks, and the server threads they wait for, go on).
    static func runAndKill(database: String, afterCommits count: Int, lane: Int) async throws -> Int {
        try await withCheckedThrowingContinuation { continuation in
            lanes[lane % lanes.count].async {
                continuation.resume(with: Result { try runAndKill(database: database, afterCommits: count) })
            }
        }
    }

    static func runAndKill(database: String, afterCommits count: Int) throws -> Int {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = [database]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var reported = 0
        var buffer = Data()
        let handle = output.fileHandleForReading
        while reported < count {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            buffer.append(chunk)
            let lines = String(decoding: buffer, as: UTF8.self).split(separator: "\n")
            reported = lines.compactMap { Int($0) }.max() ?? 0
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        // Commits reported between the last read and the kill are committed too; count every line printed.
        buffer.append(handle.readDataToEndOfFile())
        let lines = String(decoding: buffer, as: UTF8.self).split(separator: "\n")
        return lines.compactMap { Int($0) }.max() ?? 0
    }

    static func executable() throws -> URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("sqlite-crash-writer")
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
            directory = directory.deletingLastPathComponent()
        }
        throw CocoaError(.fileNoSuchFile)
    }
}
