import BrigadeCore
import BrigadeReactive
import BrigadeRedux
import Testing

@MainActor
@Suite("Effects")
struct EffectTests {
    private func teamStore(api: FakeTaskAPI) -> Store<TeamState> {
        let store = Store(initialState: TeamState())
        registerTeamReducers(store.reducers, api: api)
        return store
    }

    @Test("a reducer's effect dispatches its follow-up action when its work ends")
    func followUpAction() async {
        let api = FakeTaskAPI()
        let store = teamStore(api: api)
        store.dispatch(SignIn(user: "ada"))
        store.dispatch(LoadTasks())
        #expect(store.currentState.isLoading)
        #expect(store.isRunningEffect(id: TasksLoad()))
        await api.waitForCalls(1)
        await api.answer(.success(["write docs"]))
        await store.effectsFinished()
        #expect(store.currentState == TeamState(user: "ada", tasks: ["write docs"], isLoading: false))
        #expect(!store.isRunningEffect(id: TasksLoad()))
        #expect(store.runningEffectCount == 0)
    }

    @Test("signing out while the task list loads: the previous user's tasks never come back")
    func signOutDuringLoad() async {
        let api = FakeTaskAPI()
        let store = teamStore(api: api)
        store.dispatch(SignIn(user: "ada"))
        store.dispatch(LoadTasks())
        await api.waitForCalls(1)
        store.dispatch(SignOut())
        #expect(!store.isRunningEffect(id: TasksLoad()))
        await api.answer(.success(["ada's secret task"]))
        await store.effectsFinished()
        #expect(store.currentState == TeamState())
    }

    @Test("a failing load dispatches its failure action through the effect's catch handler")
    func failure() async {
        let api = FakeTaskAPI()
        let store = teamStore(api: api)
        store.dispatch(LoadTasks())
        await api.waitForCalls(1)
        await api.answer(.failure(FakeAPIError(reason: "offline")))
        await store.effectsFinished()
        #expect(store.currentState.error == "offline")
        #expect(!store.currentState.isLoading)
    }

    @Test("a new load cancels the one in flight, whose late result is dropped")
    func cancelInFlight() async {
        let api = FakeTaskAPI()
        let store = teamStore(api: api)
        store.dispatch(LoadTasks())
        await api.waitForCalls(1)
        store.dispatch(LoadTasks())
        await api.waitForCalls(2)
        #expect(store.runningEffects.map(\.serial) == [1, 2])
        await api.answer(.success(["stale"]))
        await api.answer(.success(["fresh"]))
        await store.effectsFinished()
        #expect(store.currentState.tasks == ["fresh"])
    }

    @Test("an effect can dispatch many actions, each processed in the order sent")
    func manyActions() async {
        let store = Store(initialState: Counter())
        store.reducers.add(on: \Counter.self) { (counter: inout Counter, action: Add) in
            counter.count += action.amount
            counter.log.append("\(action.amount)")
        }
        store.run(
            .run { send in
                for amount in 1...3 {
                    await send(Add(amount: amount))
                }
            })
        await store.effectsFinished()
        #expect(store.currentState.log == ["1", "2", "3"])
    }

    @Test("effectsFinished also waits for the effects that the actions of an effect started")
    func chainedEffects() async {
        let store = Store(initialState: Counter())
        store.reducers.add(effectsOn: \Counter.self) { (counter: inout Counter, action: Add) -> Effect in
            counter.count += action.amount
            guard action.amount < 3 else { return .none }
            return .run { send in
                await Task.yield()
                await send(Add(amount: action.amount + 1))
            }
        }
        store.dispatch(Add(amount: 1))
        await store.effectsFinished()
        #expect(store.currentState.count == 6)
    }

    @Test("work started for a screen ends when the screen's bag is released, and its result is dropped")
    func screenLifetime() async {
        let api = FakeTaskAPI()
        let store = Store(initialState: TeamState())
        registerTeamReducers(store.reducers, api: api)
        var bag: SubscriptionReferenceBag? = SubscriptionReferenceBag()
        if let bag {
            store.run(
                .run(id: TasksLoad()) { send in
                    await send(TasksLoaded(tasks: try await api.tasks(for: "ada")))
                }
            ).add(to: bag)
        }
        await api.waitForCalls(1)
        bag = nil
        #expect(!store.isRunningEffect(id: TasksLoad()))
        await api.answer(.success(["late"]))
        await store.effectsFinished()
        #expect(store.currentState.tasks.isEmpty)
        #expect(bag == nil)
    }

    @Test("work whose subscription is disposed on another thread sends nothing afterwards")
    func disposedOffMainActor() async {
        let api = FakeTaskAPI()
        let store = Store(initialState: TeamState())
        registerTeamReducers(store.reducers, api: api)
        let subscription = store.run(
            .run(id: TasksLoad()) { send in
                await send(TasksLoaded(tasks: try await api.tasks(for: "ada")))
            })
        await api.waitForCalls(1)
        await Task.detached { subscription.dispose() }.value
        #expect(!store.isRunningEffect(id: TasksLoad()))
        await api.answer(.success(["late"]))
        await store.effectsFinished()
        #expect(store.currentState.tasks.isEmpty)
    }

    @Test("effectsFinished returns at once when no effect runs, and a store that runs no effects starts none")
    func noEffects() async {
        let store = Store(initialState: Counter())
        await store.effectsFinished()
        store.runsEffects = false
        store.reducers.add(effectsOn: \Counter.self) { (_: inout Counter, _: Increment) -> Effect in
            .run { send in await send(Noop()) }
        }
        store.dispatch(Increment())
        store.run(.run { send in await send(Noop()) })
        #expect(store.runningEffectCount == 0)
    }

    @Test("a presenter can cancel work by identity")
    func cancelByIdentity() async {
        let api = FakeTaskAPI()
        let store = teamStore(api: api)
        store.dispatch(LoadTasks())
        await api.waitForCalls(1)
        store.cancelEffects(id: TasksLoad())
        #expect(!store.isRunningEffect(id: TasksLoad()))
        await api.answer(.success(["late"]))
        await store.effectsFinished()
        #expect(store.currentState.tasks.isEmpty)
    }

    @Test("a store that goes away cancels its effects' tasks")
    func storeReleaseCancels() async {
        let probe = EndProbe()
        var store: Store<Counter>? = Store(initialState: Counter())
        store?.run(
            .run { _ in
                let cancelled: Bool
                do {
                    try await Task.sleep(for: .seconds(3600))
                    cancelled = false
                } catch {
                    cancelled = true
                }
                await probe.ended(cancelled: cancelled)
            })
        #expect(store?.runningEffectCount == 1)
        store = nil
        #expect(await probe.nextEnd())
    }

    @Test("an effect that throws without a catch handler is reported as a diagnostic")
    func unhandledError() async {
        let store = Store(initialState: Counter())
        var diagnostics: [StoreDiagnostic] = []
        store.addDiagnosticHandler { diagnostics.append($0) }
        store.run(.run(id: "upload") { _ in throw FakeAPIError(reason: "disk full") })
        await store.effectsFinished()
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.description.contains("disk full") == true)
        #expect(diagnostics.first?.description.contains("upload") == true)
    }

    @Test("merged effects all run; an action's cancel ends only the work of its identity")
    func mergeAndCancel() async {
        let api = FakeTaskAPI()
        let store = teamStore(api: api)
        store.reducers.add(effectsOn: \TeamState.self) { (state: inout TeamState, action: Rename) -> Effect in
            .merge(
                .run(id: "rename") { send in await send(SignIn(user: action.name)) },
                .cancel(id: "nothing runs under this identity"))
        }
        store.dispatch(LoadTasks())
        store.dispatch(Rename(name: "grace"))
        await api.waitForCalls(1)
        await api.answer(.success(["one"]))
        await store.effectsFinished()
        #expect(store.currentState == TeamState(user: "grace", tasks: ["one"]))
    }

    @Test("a VISPER async reducer runs as an effect: effectsFinished waits for its change")
    func asyncReducerAsEffect() async {
        let store = Store(initialState: Counter())
        store.reducers.add(reducer: AsyncAdd())
        store.dispatch(Add(amount: 4))
        #expect(store.runningEffectCount == 1)
        await store.effectsFinished()
        #expect(store.currentState.count == 4)
    }

    @Test("the middleware context names the effect that dispatched the action")
    func middlewareSeesOrigin() async {
        var origins: [EffectOrigin?] = []
        let store = Store(
            initialState: Counter(),
            middleware: [
                Middleware { context, action, next in
                    origins.append(context.effect)
                    next(action)
                }
            ])
        store.reducers.add(effectsOn: \Counter.self) { (_: inout Counter, _: Increment) -> Effect in
            .run(id: "follow") { send in await send(Noop()) }
        }
        store.dispatch(Increment())
        await store.effectsFinished()
        #expect(origins == [nil, EffectOrigin(id: "follow", startedBy: "Increment", serial: 1)])
    }

    @Test("an action a reducer or a subscriber dispatches in reaction to an effect's action is not the effect's")
    func reactionsAreNotTheEffects() async {
        var origins: [String: EffectOrigin?] = [:]
        let store = Store(
            initialState: Counter(),
            middleware: [
                Middleware { context, action, next in
                    origins["\(type(of: action))"] = context.effect
                    next(action)
                }
            ])
        store.reducers.add(effectsOn: \Counter.self) { (_: inout Counter, _: Increment) -> Effect in
            .run(id: "follow") { send in await send(Add(amount: 1)) }
        }
        store.reducers.add(on: \Counter.count) { [weak store] (count: inout Int, action: Add) in
            count += action.amount
            store?.dispatch(Rename(name: "by the reducer"))
        }
        store.reducers.add(on: \Counter.name) { (name: inout String, action: Rename) in name = action.name }
        store.reducers.add(on: \Counter.log) { (log: inout [String], _: Noop) in log.append("noop") }
        let bag = SubscriptionReferenceBag()
        var reacted = false
        store.subscribe(\.count, initial: false) { [weak store] count in
            if count == 1, !reacted {
                reacted = true
                store?.dispatch(Noop())
            }
        }.add(to: bag)
        store.dispatch(Increment())
        await store.effectsFinished()
        #expect(origins["Add"] == EffectOrigin(id: "follow", startedBy: "Increment", serial: 1))
        #expect(origins["Rename"] == .some(nil))
        #expect(origins["Noop"] == .some(nil))
        #expect(store.currentState == Counter(count: 1, name: "by the reducer", log: ["noop"]))
        #expect(store.currentEffect == nil)
    }
}
