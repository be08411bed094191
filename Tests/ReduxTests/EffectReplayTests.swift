import BrigadeCore
import BrigadeRedux
import Foundation
import Testing

@MainActor
@Suite("Effects in the action log")
struct EffectReplayTests {
    /// Records a session: ada loads, loads again and signs out during the load (a late answer comes afterwards),
    /// bob signs in, a load fails, a load succeeds.
    private func recordSession() async -> (log: ActionLog, states: [TeamState], final: TeamState) {
        let api = FakeTaskAPI()
        let log = ActionLog(clock: { Date(timeIntervalSince1970: 0) })
        let store = Store(initialState: TeamState(), middleware: [log.middleware()])
        registerTeamReducers(store.reducers, api: api)
        var states: [TeamState] = []
        store.subscribe { states.append($0) }
        store.dispatch(SignIn(user: "ada"))
        store.dispatch(LoadTasks())
        await api.waitForCalls(1)
        await api.answer(.success(["a1"]))
        await store.effectsFinished()
        store.dispatch(LoadTasks())
        await api.waitForCalls(2)
        store.dispatch(SignOut())
        await api.answer(.success(["a-late"]))
        await store.effectsFinished()
        store.dispatch(SignIn(user: "bob"))
        store.dispatch(LoadTasks())
        await api.waitForCalls(3)
        await api.answer(.failure(FakeAPIError(reason: "offline")))
        await store.effectsFinished()
        store.dispatch(LoadTasks())
        await api.waitForCalls(4)
        await api.answer(.success(["b1"]))
        await store.effectsFinished()
        return (log, states, store.currentState)
    }

    private func registry() -> ActionRegistry {
        let registry = ActionRegistry()
        registry.register(SignIn.self)
        registry.register(LoadTasks.self)
        registry.register(TasksLoaded.self)
        registry.register(TasksFailed.self)
        registry.register(SignOut.self)
        return registry
    }

    @Test("the log records each action an effect dispatched, with the effect, and never a cancelled load's result")
    func recordsOrigins() async {
        let session = await recordSession()
        let types = session.log.entries.map { "\(type(of: $0.action))" }
        #expect(
            types == [
                "SignIn", "LoadTasks", "TasksLoaded", "LoadTasks", "SignOut", "SignIn", "LoadTasks", "TasksFailed",
                "LoadTasks", "TasksLoaded",
            ])
        let origins = session.log.entries.compactMap(\.effect)
        #expect(origins.map(\.startedBy) == ["LoadTasks", "LoadTasks", "LoadTasks"])
        #expect(origins.map(\.id) == ["TasksLoad()", "TasksLoad()", "TasksLoad()"])
        #expect(origins.map(\.serial) == [1, 3, 4])
        #expect(session.log.entries.filter { $0.effect == nil }.count == 7)
    }

    @Test("replaying the log's actions reproduces every state of the session without running an effect")
    func replayReproducesStates() async {
        let session = await recordSession()
        let api = FakeTaskAPI()
        let replayed = Store(initialState: TeamState())
        replayed.runsEffects = false
        registerTeamReducers(replayed.reducers, api: api)
        var states: [TeamState] = []
        replayed.subscribe { states.append($0) }
        for entry in session.log.entries {
            replayed.dispatch(entry.action)
        }
        #expect(states == session.states)
        #expect(replayed.runningEffectCount == 0)
        #expect(await api.calls.isEmpty)
    }

    @Test("an exported log replays into the session's final state, with no effect run and no call made")
    func exportedReplay() async throws {
        let session = await recordSession()
        let data = try session.log.exportJSON()
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""effect":{"id":"TasksLoad()","serial":1,"startedBy":"LoadTasks"}"#))
        let api = FakeTaskAPI()
        let replayed = Store(initialState: TeamState())
        registerTeamReducers(replayed.reducers, api: api)
        try ActionLog.replay(data, registry: registry(), into: replayed)
        #expect(replayed.currentState == session.final)
        #expect(replayed.currentState == TeamState(user: "bob", tasks: ["b1"], error: "offline"))
        #expect(replayed.runningEffectCount == 0)
        #expect(replayed.runsEffects)
        #expect(await api.calls.isEmpty)
    }
}
