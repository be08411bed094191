// Compiled as Xcode 26 compiles a new app target (Package.swift: default main-actor isolation,
// NonisolatedNonsendingByDefault, InferIsolatedConformances): every declaration here is on the main actor unless it
// says otherwise, a `nonisolated` async function runs on its caller's actor, and the conformances below are isolated
// to the main actor. Issue 40: Brigade behaves here as in the Swift 6 mode, with nothing added to the app's code.
import Brigade
import BrigadeInspector
import BrigadeTesting
import Foundation
import TestHTTPServer
import Testing

/// Marks the main dispatch queue, where the main actor runs its jobs here.
let mainQueue: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()

/// What the test server's `/json` answers; its `Decodable` conformance is isolated to the main actor, and it notes
/// where it was decoded.
struct Special: Decodable, Equatable {
    let name: String
    let price: Int
    var decodedOnMainActor = false

    enum CodingKeys: String, CodingKey {
        case name, price
    }

    init(name: String, price: Int) {
        self.name = name
        self.price = price
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        price = try container.decode(Int.self, forKey: .price)
        decodedOnMainActor = DispatchQueue.getSpecific(key: mainQueue) ?? false
    }

    static func == (lhs: Special, rhs: Special) -> Bool {
        lhs.name == rhs.name && lhs.price == rhs.price
    }
}

/// The app's state: its `Equatable` and `Codable` conformances are isolated to the main actor.
struct Journal: Equatable, Codable {
    var log: [String] = []
}

struct Start: Action {}

struct Step: Action {
    let name: String
}

/// Makes a store whose `Start` starts an effect that sends three steps, one after the other.
func journalStore() -> Store<Journal> {
    let store = Store(initialState: Journal())
    registerJournal(store.reducers)
    return store
}

func registerJournal(_ reducers: ReducerContainer) {
    reducers.add(effectsOn: \Journal.self) { (journal: inout Journal, _: Start) -> Effect in
        journal.log.append("start")
        return .run { send in
            for name in ["a", "b", "c"] {
                await send(Step(name: name))
            }
        }
    }
    reducers.add(on: \Journal.log) { (log: inout [String], step: Step) in
        log.append(step.name)
    }
}

/// A part of the state kept across launches; its `Codable` conformance is isolated to the main actor.
struct Preferences: Equatable, Codable {
    var showDone = false
    var sort = "title"
}

struct Settings2: Equatable {
    var preferences = Preferences()
}

/// A middleware constant at file scope, as the guides show one.
let logging = Middleware<Journal> { _, action, next in
    loggedActions.append("\(type(of: action))")
    next(action)
}

var loggedActions: [String] = []

/// A helper an app writes: `nonisolated` and async, so it runs on its caller's actor (NonisolatedNonsendingByDefault).
nonisolated func settle(_ store: Store<Journal>) async {
    await store.effectsFinished()
}

@Suite("In an app target with default main-actor isolation")
struct AppModeTests {
    @Test("an effect's actions arrive in the order it sent them, and effectsFinished waits for them from a helper")
    func effectOrder() async {
        let store = journalStore()
        var seen: [[String]] = []
        let subscription = store.subscribe(\.log) { seen.append($0) }
        store.dispatch(Start())
        await settle(store)
        #expect(store.currentState.log == ["start", "a", "b", "c"])
        #expect(seen == [[], ["start"], ["start", "a"], ["start", "a", "b"], ["start", "a", "b", "c"]])
        subscription.dispose()
    }

    @Test("TestStore's send, receive and finish, called from a nonisolated helper, see the effect's actions in order")
    func testStoreFromHelper() async {
        let store = TestStore(initialState: Journal()) { registerJournal($0) }
        await walk(store)
    }

    nonisolated func walk(_ store: TestStore<Journal>) async {
        await store.send(Start()) { $0.log = ["start"] }
        await store.receive(Step.self) { $0.log.append("a") }
        await store.receive(Step.self) { $0.log.append("b") }
        await store.receive(Step.self) { $0.log.append("c") }
        await store.finish()
    }

    @Test("APIClient decodes a type whose Decodable conformance is main-actor isolated, for a main-actor caller")
    func apiClient() async throws {
        let server = try TestHTTPServer()
        let client = APIClient(baseURL: server.baseURL)
        _ = mainQueue
        let special = try await client.get("/json", as: Special.self)
        #expect(special == Special(name: "soup", price: 6))
        #expect(special.decodedOnMainActor)
    }

    @Test("a persisted struct part is migrated with its own Codable conformance, and restored")
    func persistence() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("brigade-app-mode-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try SQLiteStore(path: directory.appendingPathComponent("app.sqlite").path)
        let first = Store(initialState: Settings2())
        let kept = StatePersistence(store: first, part: \Settings2.preferences, database: database, key: "prefs")
        try await kept.restore()
        first.reducers.add(on: \Settings2.preferences) { (preferences: inout Preferences, _: Start) in
            preferences.showDone = true
        }
        first.dispatch(Start())
        await kept.flush()

        let second = Store(initialState: Settings2())
        let restoring = StatePersistence(
            store: second, part: \Settings2.preferences, database: database, key: "prefs", version: 2
        ) { json, _ in
            var preferences = try JSONDecoder().decode(Preferences.self, from: json)
            preferences.sort = "due date"
            return try JSONEncoder().encode(preferences)
        }
        try await restoring.restore()
        #expect(second.currentState.preferences == Preferences(showDone: true, sort: "due date"))
    }

    @Test("a middleware constant at file scope sees every action")
    func middleware() {
        loggedActions = []
        let store = Store(initialState: Journal(), middleware: [logging])
        store.dispatch(Step(name: "a"))
        #expect(loggedActions == ["Step"])
    }

    @Test("a kitchen service with a main-actor initializer is registered and resolved with no await")
    func kitchen() throws {
        final class Greeter {
            let greeting: String
            init(greeting: String) { self.greeting = greeting }
        }
        let kitchen = Kitchen()
        try kitchen.register(Greeter.self) { _ in Greeter(greeting: "hello") }
        #expect(try kitchen.resolve(Greeter.self).greeting == "hello")
    }
}

/// A state as an app target declares it: its `Codable` conformance is isolated to the main actor.
struct NotesState: Codable, Equatable, Sendable {
    var notes: [String] = []
}

@Suite("Inspector in an app target")
struct InspectorAppModeTests {
    @Test("a state whose Codable conformance is isolated is recorded by description, and the inspector says why")
    func isolatedCodableState() async throws {
        let store = Store(initialState: NotesState())
        let inspector = Inspector()
        inspector.attach(to: store)
        #expect(inspector.notes.count == 1)
        #expect(inspector.notes.first?.contains("nonisolated struct NotesState: Codable") == true)
        let events = await inspector.events()
        #expect(events.first?.state == nil && events.first?.stateDescription?.contains("NotesState") == true)
        #expect((await inspector.session()).hello.notes == inspector.notes)
        #expect(!(await inspector.session()).hello.stateIsCodable)
        // The page imports a state through the conformance, on the main actor.
        try inspector.importState(["notes": ["milk"]])
        #expect(store.currentState == NotesState(notes: ["milk"]))
    }
}
