import BrigadeCore
import BrigadeEntity
import BrigadePersistence
import BrigadeRedux
import BrigadeServices
import BrigadeTesting
import Foundation
import Testing

struct Cart: Codable, Equatable, Sendable {
    var dishes: [String] = []
}

struct ShopState: Sendable, Equatable {
    var cart = Cart()
    var visits = 0
}

struct AddDish: Action { let dish: String }
struct Visit: Action {}

/// A row of another kind in the same database: persistence must never touch it.
struct Note: StorableEntity, Equatable {
    let id: String
    var text: String
}

/// A row under the persistence's type name and key with another shape: a damaged or foreign row.
struct ForeignRow: StorableEntity {
    static let entityTypeName = "Brigade.PersistedState"
    let id: String
    let garbage: Int
}

/// A row of the persistence's shape whose JSON is not a cart.
struct DamagedRow: StorableEntity {
    static let entityTypeName = "Brigade.PersistedState"
    let id: String
    let version: Int
    let json: String
}

/// A fresh directory for one test's database files.
struct TemporaryDirectory: ~Copyable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("brigade-persistence-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

@MainActor
func makeShop() -> Store<ShopState> {
    let store = Store(initialState: ShopState())
    store.reducers.add(on: \ShopState.cart.dishes) { (dishes: inout [String], action: AddDish) in
        dishes.append(action.dish)
    }
    store.reducers.add(on: \ShopState.visits) { (visits: inout Int, _: Visit) in visits += 1 }
    return store
}

@MainActor
func persistence(
    of store: Store<ShopState>, in database: SQLiteStore, version: Int = 1, clock: ManualClock = ManualClock(),
    migrate: StatePersistence<ShopState, Cart>.Migration? = nil
) -> StatePersistence<ShopState, Cart> {
    StatePersistence(
        store: store, part: \ShopState.cart, database: database, key: "cart", version: version, clock: clock,
        migrate: migrate)
}

@Suite("StatePersistence")
@MainActor
struct StatePersistenceTests {
    @Test("a change is saved after the delay, and a new launch restores it")
    func savesAndRestores() async throws {
        let directory = try TemporaryDirectory()
        let database = try SQLiteStore(path: directory.path("app.sqlite"))
        let clock = ManualClock()
        let store = makeShop()
        let kept = persistence(of: store, in: database, clock: clock)
        try await kept.restore()
        #expect(store.currentState.cart == Cart())
        store.dispatch(AddDish(dish: "soup"))
        #expect(kept.saveCount == 0)
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(250))
        await kept.flush()
        #expect(kept.saveCount == 1)

        let relaunched = makeShop()
        try await persistence(of: relaunched, in: database).restore()
        #expect(relaunched.currentState.cart.dishes == ["soup"])
        #expect(relaunched.currentState.visits == 0)
    }

    @Test("many dispatches make one write; a dispatch that leaves the part equal makes none")
    func coalesces() async throws {
        let directory = try TemporaryDirectory()
        let database = try SQLiteStore(path: directory.path("app.sqlite"))
        let store = makeShop()
        let kept = persistence(of: store, in: database)
        try await kept.restore()
        for index in 0..<100 {
            store.dispatch(AddDish(dish: "dish \(index)"))
        }
        await kept.flush()
        #expect(kept.saveCount == 1)
        store.dispatch(Visit())
        store.dispatch(Visit())
        await kept.flush()
        #expect(kept.saveCount == 1)

        let relaunched = makeShop()
        try await persistence(of: relaunched, in: database).restore()
        #expect(relaunched.currentState.cart.dishes.count == 100)
    }

    @Test("the restore is an action of its own, and restoring nothing dispatches nothing")
    func restoreIsAnAction() async throws {
        let directory = try TemporaryDirectory()
        let database = try SQLiteStore(path: directory.path("app.sqlite"))
        let first = makeShop()
        let kept = persistence(of: first, in: database)
        try await kept.restore()
        first.dispatch(AddDish(dish: "soup"))
        await kept.flush()

        let store = TestStore(store: makeShop())
        let restoring = persistence(of: store.store, in: database)
        try await restoring.restore()
        await store.receive(PersistedStateRestored.self) { $0.cart.dishes = ["soup"] }
        await store.finish()
    }

    @Test("an older row goes through the migration hook and is saved again in the new version")
    func migrates() async throws {
        struct OldCart: Codable { var items: String }
        struct CartRow: StorableEntity {
            static let entityTypeName = "Brigade.PersistedState"
            let id: String
            let version: Int
            let json: String
        }
        let directory = try TemporaryDirectory()
        let database = try SQLiteStore(path: directory.path("app.sqlite"))
        let old = String(decoding: try JSONEncoder().encode(OldCart(items: "soup,bread")), as: UTF8.self)
        try await database.persist([CartRow(id: "cart", version: 1, json: old)])

        let store = makeShop()
        let kept = persistence(of: store, in: database, version: 2) { json, version in
            #expect(version == 1)
            let cart = try JSONDecoder().decode(OldCart.self, from: json)
            return try JSONEncoder().encode(Cart(dishes: cart.items.split(separator: ",").map(String.init)))
        }
        try await kept.restore()
        #expect(store.currentState.cart.dishes == ["soup", "bread"])
        await kept.flush()
        #expect(kept.saveCount == 1)
        #expect(try await database.get(CartRow.self, id: "cart")?.version == 2)

        let failing = makeShop()
        try await database.persist([CartRow(id: "cart", version: 1, json: old)])
        let missing = StatePersistenceError.migrationFailed(key: "cart", from: 1, reason: "no migration was given")
        await #expect(throws: missing) {
            try await persistence(of: failing, in: database, version: 2).restore()
        }
        #expect(failing.currentState.cart == Cart())
    }

    @Test("a corrupt row is a typed error: the app starts empty, other rows stay, and the next save replaces it")
    func corruptRow() async throws {
        let directory = try TemporaryDirectory()
        let database = try SQLiteStore(path: directory.path("app.sqlite"))
        try await database.persist([Note(id: "n", text: "keep me")])
        for damage in [0, 1] {
            if damage == 0 {
                try await database.persist([ForeignRow(id: "cart", garbage: 7)])
            } else {
                try await database.persist([DamagedRow(id: "cart", version: 1, json: "{not json")])
            }
            let store = makeShop()
            let kept = persistence(of: store, in: database)
            do {
                try await kept.restore()
                Issue.record("the corrupt row restored")
            } catch {
                guard case .corrupt(let key, _) = error else {
                    Issue.record("expected corrupt, got \(error)")
                    continue
                }
                #expect(key == "cart")
            }
            #expect(store.currentState == ShopState())
            #expect(try await database.get(Note.self, id: "n") == Note(id: "n", text: "keep me"))

            store.dispatch(AddDish(dish: "soup"))
            await kept.flush()
            let relaunched = makeShop()
            try await persistence(of: relaunched, in: database).restore()
            #expect(relaunched.currentState.cart.dishes == ["soup"])
        }
    }

    @Test("a row of a newer version is a typed error and is never saved over")
    func newerVersion() async throws {
        let directory = try TemporaryDirectory()
        let database = try SQLiteStore(path: directory.path("app.sqlite"))
        let newer = makeShop()
        let newerKept = persistence(of: newer, in: database, version: 3)
        try await newerKept.restore()
        newer.dispatch(AddDish(dish: "from the newer app"))
        await newerKept.flush()

        let store = makeShop()
        let kept = persistence(of: store, in: database, version: 2)
        await #expect(throws: StatePersistenceError.newerVersion(key: "cart", found: 3, known: 2)) {
            try await kept.restore()
        }
        #expect(store.currentState == ShopState())
        store.dispatch(AddDish(dish: "soup"))
        await kept.flush()
        #expect(kept.saveCount == 0)

        let upgraded = makeShop()
        try await persistence(of: upgraded, in: database, version: 3).restore()
        #expect(upgraded.currentState.cart.dishes == ["from the newer app"])
    }

    @Test("a process killed with SIGKILL while saving loses at most its last unsaved change", arguments: 0..<20)
    func killedWhileSaving(run: Int) async throws {
        struct Tally: Codable, Equatable, Sendable {
            var count = 0
            var padding = ""
        }
        struct Ledger: Sendable {
            var tally = Tally()
        }
        let directory = try TemporaryDirectory()
        let path = directory.path("crash.sqlite")
        let reported = try await PersistenceCrashWriter.runAndKill(database: path, afterSaves: 3 + run % 7)
        let database = try SQLiteStore(path: path)
        try await database.checkIntegrity()
        let store = Store(initialState: Ledger())
        try await StatePersistence(store: store, part: \Ledger.tally, database: database, key: "tally").restore()
        let count = store.currentState.tally.count
        // The child saves after every two changes and reports each save once committed: a save it committed but had
        // not reported yet may be there too, and nothing older than its last report is lost.
        #expect(count >= reported && count <= reported + 2, "restored \(count), last reported save \(reported)")
        #expect(count % 2 == 0, "no save is partial")
    }
}

/// Runs `state-persistence-crash-writer` and kills it with SIGKILL once it reported enough saves.
enum PersistenceCrashWriter {
    static let lane = DispatchQueue(label: "state-persistence-crash-writer")

    static func runAndKill(database: String, afterSaves count: Int) async throws -> Int {
        try await withCheckedThrowingContinuation { continuation in
            lane.async {
                continuation.resume(with: Result { try runAndKill(database: database, afterSaves: count) })
            }
        }
    }

    static func runAndKill(database: String, afterSaves count: Int) throws -> Int {
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
            reported = String(decoding: buffer, as: UTF8.self).split(separator: "\n").compactMap { Int($0) }.max() ?? 0
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        buffer.append(handle.readDataToEndOfFile())
        return String(decoding: buffer, as: UTF8.self).split(separator: "\n").compactMap { Int($0) }.max() ?? 0
    }

    static func executable() throws -> URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("state-persistence-crash-writer")
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
            directory = directory.deletingLastPathComponent()
        }
        throw CocoaError(.fileNoSuchFile)
    }
}

@Suite("StatePersistence, stopped")
@MainActor
struct StatePersistenceStopTests {
    @Test("after stop, changes are no longer saved; what was saved stays")
    func stop() async throws {
        let directory = try TemporaryDirectory()
        let database = try SQLiteStore(path: directory.path("app.sqlite"))
        let store = makeShop()
        let kept = persistence(of: store, in: database)
        try await kept.restore()
        store.dispatch(AddDish(dish: "soup"))
        await kept.flush()
        kept.stop()
        store.dispatch(AddDish(dish: "bread"))
        await kept.flush()
        #expect(kept.saveCount == 1)

        let relaunched = makeShop()
        try await persistence(of: relaunched, in: database).restore()
        #expect(relaunched.currentState.cart.dishes == ["soup"])
    }
}
