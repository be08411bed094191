// The Swift blocks of docs/Effects.md, copied as the guide shows them (the hidden declarations included), and run:
// a newcomer who follows the guide literally gets working code. scripts/check-doc-blocks.py compiles the guide's
// blocks; this file runs them. Copy a changed block here when the guide changes. (In BistroTests because it needs
// the Brigade umbrella and BrigadeTesting, and the guide's action names would clash with GettingStarted's.)
import Brigade
import BrigadeTesting
import Foundation
import Testing

nonisolated struct TeamTask: Sendable, Equatable, Codable { var title: String }

protocol TaskAPI: Sendable {
    func signIn(user: String, password: String) async throws -> String
    func tasks(for user: String) async throws -> [TeamTask]
    func search(_ query: String) async throws -> [TeamTask]
    func updates(for user: String) async -> AsyncStream<TeamTask>
}

struct CannedAPI: TaskAPI {
    func signIn(user: String, password: String) async throws -> String { user }
    func tasks(for user: String) async throws -> [TeamTask] { [TeamTask(title: "write the guide")] }
    func search(_ query: String) async throws -> [TeamTask] { [TeamTask(title: query)] }
    func updates(for user: String) async -> AsyncStream<TeamTask> { AsyncStream { $0.finish() } }
}

struct TeamState: Sendable, Equatable {
    var user: String?
    var signInError: String?
    var tasks: [TeamTask] = []
    var isLoading = false
    var loadError: String?
    var query = ""
    var results: [TeamTask] = []
}

struct SignIn: Action, Codable { let user: String; let password: String }
struct SignedIn: Action, Codable { let user: String }
struct SignInFailed: Action, Codable { let message: String }
struct SignOut: Action, Codable {}
struct LoadTasks: Action, Codable {}
struct TasksLoaded: Action, Codable { let tasks: [TeamTask] }
struct TasksFailed: Action, Codable { let message: String }
struct Search: Action, Codable { let query: String }
struct SearchResults: Action, Codable { let results: [TeamTask] }
struct WatchTasks: Action, Codable {}
struct TaskChanged: Action, Codable { let task: TeamTask }

/// Effect identities: any `Hashable & Sendable` value; a type of its own per kind of work reads best.
struct TasksLoad: Hashable, Sendable {}
struct TaskSearch: Hashable, Sendable {}
struct TaskUpdates: Hashable, Sendable {}

@MainActor
func registerTeam(_ reducers: ReducerContainer, api: any TaskAPI) {
    reducers.add(effectsOn: \TeamState.self) { (state: inout TeamState, action: SignIn) -> Effect in
        state.signInError = nil
        return .run { send in
            let user = try await api.signIn(user: action.user, password: action.password)
            await send(SignedIn(user: user))
        } catch: { error, send in
            await send(SignInFailed(message: "\(error)"))
        }
    }
    reducers.add(on: \TeamState.self) { (state: inout TeamState, action: SignedIn) in
        state.user = action.user
    }
    reducers.add(on: \TeamState.signInError) { (error: inout String?, action: SignInFailed) in
        error = action.message
    }

    // The load has an identity: a second load replaces the first, and sign-out cancels it.
    reducers.add(effectsOn: \TeamState.self) { (state: inout TeamState, _: LoadTasks) -> Effect in
        guard let user = state.user else { return .none }
        state.isLoading = true
        return .run(id: TasksLoad(), cancelInFlight: true) { send in
            await send(TasksLoaded(tasks: try await api.tasks(for: user)))
        } catch: { error, send in
            await send(TasksFailed(message: "\(error)"))
        }
    }
    reducers.add(on: \TeamState.self) { (state: inout TeamState, action: TasksLoaded) in
        state.tasks = action.tasks
        state.isLoading = false
    }
    reducers.add(on: \TeamState.self) { (state: inout TeamState, action: TasksFailed) in
        state.loadError = action.message
        state.isLoading = false
    }

    // Sign-out clears the state and cancels the user's work: a load that answers later is dropped.
    reducers.add(effectsOn: \TeamState.self) { (state: inout TeamState, _: SignOut) -> Effect in
        state = TeamState()
        return .merge(.cancel(id: TasksLoad()), .cancel(id: TaskSearch()), .cancel(id: TaskUpdates()))
    }
}

@MainActor
func registerSearch(_ reducers: ReducerContainer, api: any TaskAPI) {
    reducers.add(effectsOn: \TeamState.self) { (state: inout TeamState, action: Search) -> Effect in
        state.query = action.query
        guard !action.query.isEmpty else {
            state.results = []
            return .cancel(id: TaskSearch())
        }
        return .run(id: TaskSearch(), cancelInFlight: true) { send in
            try await send.clock.sleep(for: .milliseconds(300))
            await send(SearchResults(results: try await api.search(action.query)))
        }
    }
    reducers.add(on: \TeamState.results) { (results: inout [TeamTask], action: SearchResults) in
        results = action.results
    }
}

@MainActor
func registerUpdates(_ reducers: ReducerContainer, api: any TaskAPI) {
    reducers.add(effectsOn: \TeamState.self) { (state: inout TeamState, _: WatchTasks) -> Effect in
        guard let user = state.user else { return .none }
        return .run(id: TaskUpdates(), cancelInFlight: true) { send in
            for await task in await api.updates(for: user) {
                await send(TaskChanged(task: task))
            }
        }
    }
    reducers.add(on: \TeamState.tasks) { (tasks: inout [TeamTask], action: TaskChanged) in
        tasks.append(action.task)
    }
}

@MainActor
final class TaskListPresenter {
    private let store: Store<TeamState>
    private let api: any TaskAPI
    private let bag = SubscriptionReferenceBag()

    init(store: Store<TeamState>, api: any TaskAPI) {
        self.store = store
        self.api = api
    }

    func viewDidAppear() {
        let api = self.api
        store.run(
            .run { send in
                await send(TasksLoaded(tasks: try await api.tasks(for: "ada")))
            }
        ).add(to: bag)
    }
}

struct SlowAPI: TaskAPI {
    let clock: ManualClock

    func signIn(user: String, password: String) async throws -> String { user }
    func tasks(for user: String) async throws -> [TeamTask] {
        try await clock.sleep(for: .seconds(2))
        return [TeamTask(title: "\(user)'s task")]
    }
    func search(_ query: String) async throws -> [TeamTask] { [TeamTask(title: query)] }
    func updates(for user: String) async -> AsyncStream<TeamTask> { AsyncStream { $0.finish() } }
}

// The bodies of two @Test functions:
@MainActor
func searchDebounces() async {
    let clock = ManualClock()
    let store = TestStore(initialState: TeamState(user: "ada"), clock: clock) { reducers in
        registerSearch(reducers, api: CannedAPI())
    }
    await store.send(Search(query: "do")) { $0.query = "do" }
    await store.send(Search(query: "docs")) { $0.query = "docs" }
    store.expectCancelled(id: TaskSearch())  // the first search was superseded
    await clock.waitForSleepers(1)
    clock.advance(by: .milliseconds(300))  // the debounce ends now
    await store.receive(SearchResults.self) { $0.results = [TeamTask(title: "docs")] }
    await store.finish()
}

@MainActor
func signOutDuringLoad() async {
    let clock = ManualClock()
    let store = TestStore(initialState: TeamState(user: "ada"), clock: clock) { reducers in
        registerTeam(reducers, api: SlowAPI(clock: clock))
    }
    await store.send(LoadTasks()) { $0.isLoading = true }
    await store.send(SignOut()) { $0 = TeamState() }
    store.expectCancelled(id: TasksLoad())
    clock.advance(by: .seconds(2))  // the answer would be due now
    await store.finish()  // no late TasksLoaded: nothing left to receive
}

@MainActor
func registerKitchenLoad(_ reducers: ReducerContainer) {
    reducers.add(effectsOn: \TeamState.self) { (state: inout TeamState, _: LoadTasks) -> Effect in
        guard let user = state.user else { return .none }
        state.isLoading = true
        return .run(id: TasksLoad(), cancelInFlight: true) { send in
            let api = try await send.services.resolve((any TaskAPI).self)  // the kitchen's, or the test's replacement
            await send(TasksLoaded(tasks: try await api.tasks(for: user)))
        } catch: { error, send in
            await send(TasksFailed(message: "\(error)"))  // a service missing from the kitchen lands here too
        }
    }
    reducers.add(on: \TeamState.self) { (state: inout TeamState, action: TasksLoaded) in
        state.tasks = action.tasks
        state.isLoading = false
    }
}

@MainActor
func makeTeamApp() throws -> BrigadeApp<TeamState> {
    let kitchen = Kitchen()
    try kitchen.register((any TaskAPI).self) { _ in CannedAPI() }
    let app = try BrigadeApp.make(initialState: TeamState(user: "ada"), features: [], kitchen: kitchen)
    registerKitchenLoad(app.store.reducers)
    return app
}

// The body of a @Test function:
@MainActor
func loadWithAReplacedService() async throws {
    let clock = ManualClock()
    let app = try makeTeamApp()
    let store = TestStore(store: app.store)
    store.replace((any TaskAPI).self, with: SlowAPI(clock: clock))  // this store only
    await store.send(LoadTasks()) { $0.isLoading = true }
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(2))
    await store.receive(TasksLoaded.self) {
        $0.tasks = [TeamTask(title: "ada's task")]
        $0.isLoading = false
    }
    await store.finish()
}

@MainActor
func keepTasks(of store: Store<TeamState>, kitchen: Kitchen) async throws -> StatePersistence<TeamState, [TeamTask]> {
    let database = try kitchen.resolve(SQLiteStore.self)
    let persistence = StatePersistence(
        store: store, part: \TeamState.tasks, database: database, key: "tasks", version: 2
    ) { json, storedVersion in
        // Version 1 stored the titles alone.
        let titles = try JSONDecoder().decode([String].self, from: json)
        return try JSONEncoder().encode(titles.map { TeamTask(title: $0) })
    }
    do {
        try await persistence.restore()  // call it at launch, before the user acts
    } catch {
        print("starting without the saved tasks: \(error)")  // a StatePersistenceError
    }
    return persistence
}

@MainActor
func replaySession() async throws {
    let log = ActionLog()
    let live = Store(initialState: TeamState(), middleware: [log.middleware()])
    registerTeam(live.reducers, api: CannedAPI())
    live.dispatch(SignIn(user: "ada", password: "secret"))
    await live.effectsFinished()  // SignedIn arrived
    live.dispatch(LoadTasks())
    await live.effectsFinished()  // TasksLoaded arrived
    let report = try log.exportJSON()  // each effect's action has "effect": {"id", "serial", "startedBy"}

    let registry = ActionRegistry()
    registry.register(SignIn.self)
    registry.register(SignedIn.self)
    registry.register(SignOut.self)
    registry.register(LoadTasks.self)
    registry.register(TasksLoaded.self)
    registry.register(TasksFailed.self)
    let replayed = Store(initialState: TeamState())
    registerTeam(replayed.reducers, api: CannedAPI())
    try ActionLog.replay(report, registry: registry, into: replayed)  // runs no effect
    #expect(replayed.currentState == live.currentState)  // ada, her tasks, from the log alone
}

@Suite("docs/Effects.md, walked")
@MainActor
struct EffectsGuideWalk {
    @Test func search() async { await searchDebounces() }
    @Test func signOut() async { await signOutDuringLoad() }
    @Test func replay() async throws { try await replaySession() }
    @Test func services() async throws { try await loadWithAReplacedService() }
    @Test func persistence() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("effects-walk-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("app.sqlite").path
        let kitchen = Kitchen()
        try kitchen.register(SQLiteStore.self) { _ in try SQLiteStore(path: path) }
        let store = Store(initialState: TeamState(user: "ada"))
        registerTeam(store.reducers, api: CannedAPI())
        let persistence = try await keepTasks(of: store, kitchen: kitchen)
        store.dispatch(LoadTasks())
        await store.effectsFinished()
        await persistence.flush()
        #expect(persistence.saveCount == 1)
        let relaunched = Store(initialState: TeamState())
        _ = try await keepTasks(of: relaunched, kitchen: kitchen)
        #expect(relaunched.currentState.tasks == [TeamTask(title: "write the guide")])
    }
    @Test func presenter() async {
        let store = Store(initialState: TeamState())
        registerTeam(store.reducers, api: CannedAPI())
        let presenter = TaskListPresenter(store: store, api: CannedAPI())
        presenter.viewDidAppear()
        await store.effectsFinished()
        #expect(store.currentState.tasks == [TeamTask(title: "write the guide")])
    }
}
