import BrigadeCore
import BrigadePersistence
import BrigadeRedux
import BrigadeServices
import Foundation
import Testing

private struct Reading: Codable, Equatable, Sendable {
    var value = 0.0
}

private struct Gauge: Sendable {
    var reading = Reading()
}

private struct Measure: Action { let value: Double }

@MainActor
private func gauge(in database: SQLiteStore, version: Int = 1) -> (Store<Gauge>, StatePersistence<Gauge, Reading>) {
    let store = Store(initialState: Gauge())
    store.reducers.add(on: \Gauge.reading.value) { (value: inout Double, action: Measure) in value = action.value }
    let persistence = StatePersistence(
        store: store, part: \Gauge.reading, database: database, key: "gauge", version: version)
    return (store, persistence)
}

@Suite("Bad input: BrigadePersistence")
@MainActor
struct PersistenceBadInputTests {
    @Test("StatePersistenceError.corrupt")
    func corrupt() async throws {
        let directory = try TemporaryDirectory()
        let database = try SQLiteStore(path: directory.path("app.sqlite"))
        try await database.persist([DamagedRow(id: "gauge", version: 1, json: "[]")])
        let (store, persistence) = gauge(in: database)
        let error = await #expect(throws: StatePersistenceError.self) { try await persistence.restore() }
        #expect(error?.description.hasPrefix("the persisted state 'gauge' is corrupt: ") == true)
        #expect(store.currentState.reading == Reading())
    }

    @Test("StatePersistenceError.newerVersion")
    func newerVersion() async throws {
        let directory = try TemporaryDirectory()
        let database = try SQLiteStore(path: directory.path("app.sqlite"))
        try await database.persist([DamagedRow(id: "gauge", version: 5, json: "{\"value\":1}")])
        let (store, persistence) = gauge(in: database, version: 4)
        let error = await #expect(throws: StatePersistenceError.self) { try await persistence.restore() }
        #expect(
            error?.description
                == "the persisted state 'gauge' has version 5, newer than this app's 4: it is kept as it is")
        #expect(store.currentState.reading == Reading())
    }

    @Test("StatePersistenceError.migrationFailed")
    func migrationFailed() async throws {
        struct Unreadable: Error, CustomStringConvertible {
            var description: String { "unreadable" }
        }
        let directory = try TemporaryDirectory()
        let database = try SQLiteStore(path: directory.path("app.sqlite"))
        try await database.persist([DamagedRow(id: "gauge", version: 1, json: "{\"value\":1}")])
        let store = Store(initialState: Gauge())
        let persistence = StatePersistence(
            store: store, part: \Gauge.reading, database: database, key: "gauge", version: 2
        ) { _, _ in throw Unreadable() }
        let error = await #expect(throws: StatePersistenceError.self) { try await persistence.restore() }
        #expect(error?.description == "the persisted state 'gauge' of version 1 did not migrate: unreadable")
        #expect(store.currentState.reading == Reading())
    }

    @Test("StatePersistenceError.storeFailed")
    func storeFailed() async throws {
        let directory = try TemporaryDirectory()
        let database = try SQLiteStore(path: directory.path("app.sqlite"))
        await database.close()
        let (store, persistence) = gauge(in: database)
        let error = await #expect(throws: StatePersistenceError.self) { try await persistence.restore() }
        #expect(error?.description.hasPrefix("the persisted state 'gauge' could not be read or written: ") == true)
        store.dispatch(Measure(value: 2))
        await persistence.flush()
        #expect(persistence.saveCount == 0)
        #expect(persistence.lastError?.description.hasPrefix("the persisted state 'gauge' could not be") == true)
    }

    @Test("StatePersistenceError.encodingFailed")
    func encodingFailed() async throws {
        let directory = try TemporaryDirectory()
        let database = try SQLiteStore(path: directory.path("app.sqlite"))
        let (store, persistence) = gauge(in: database)
        var reported: [StatePersistenceError] = []
        persistence.onError = { reported.append($0) }
        try await persistence.restore()
        store.dispatch(Measure(value: .nan))
        await persistence.flush()
        #expect(persistence.saveCount == 0)
        #expect(reported.count == 1)
        #expect(reported.first?.description.hasPrefix("the state 'gauge' could not be encoded: ") == true)
    }
}
