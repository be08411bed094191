import BrigadeCore
import BrigadeRedux

/// The team-tasks app of issue 27: a user signs in, loads their task list, signs out.
struct TeamState: Sendable, Equatable {
    var user: String?
    var tasks: [String] = []
    var isLoading = false
    var error: String?
}

struct SignIn: Action, Codable { let user: String }
struct LoadTasks: Action, Codable {}
struct TasksLoaded: Action, Codable { let tasks: [String] }
struct TasksFailed: Action, Codable { let message: String }
struct SignOut: Action, Codable {}

/// The identity of the task-list load.
struct TasksLoad: Hashable, Sendable {}

struct FakeAPIError: Error, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}

/// A task API whose calls wait until the test answers them, in call order. The calls ignore cancellation, as careless
/// work does: what they return after a cancellation must still never reach the state.
actor FakeTaskAPI {
    private var pending: [CheckedContinuation<Result<[String], FakeAPIError>, Never>] = []
    private var callWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private(set) var calls: [String] = []

    func tasks(for user: String) async throws -> [String] {
        calls.append(user)
        let result = await withCheckedContinuation { continuation in
            pending.append(continuation)
            let ready = callWaiters.filter { $0.count <= calls.count }
            callWaiters.removeAll { $0.count <= calls.count }
            for waiter in ready {
                waiter.continuation.resume()
            }
        }
        return try result.get()
    }

    /// Returns once `count` calls were made.
    func waitForCalls(_ count: Int) async {
        if calls.count >= count { return }
        await withCheckedContinuation { callWaiters.append((count, $0)) }
    }

    /// Answers the oldest waiting call.
    func answer(_ result: Result<[String], FakeAPIError>) {
        guard !pending.isEmpty else { return }
        pending.removeFirst().resume(returning: result)
    }
}

/// Registers the team app's reducers: the load is an effect with an identity, which sign-out cancels.
@MainActor
func registerTeamReducers(_ reducers: ReducerContainer, api: FakeTaskAPI) {
    reducers.add(on: \TeamState.self) { (state: inout TeamState, action: SignIn) in
        state.user = action.user
    }
    reducers.add(effectsOn: \TeamState.self) { (state: inout TeamState, _: LoadTasks) -> Effect in
        state.isLoading = true
        let user = state.user ?? ""
        return .run(id: TasksLoad(), cancelInFlight: true) { send in
            let tasks = try await api.tasks(for: user)
            await send(TasksLoaded(tasks: tasks))
        } catch: { error, send in
            await send(TasksFailed(message: "\(error)"))
        }
    }
    reducers.add(on: \TeamState.self) { (state: inout TeamState, action: TasksLoaded) in
        state.tasks = action.tasks
        state.isLoading = false
    }
    reducers.add(on: \TeamState.self) { (state: inout TeamState, action: TasksFailed) in
        state.error = action.message
        state.isLoading = false
    }
    reducers.add(effectsOn: \TeamState.self) { (state: inout TeamState, _: SignOut) -> Effect in
        state = TeamState()
        return .cancel(id: TasksLoad())
    }
}

/// Tells a test when an effect's work ended and whether it was cancelled.
actor EndProbe {
    private var ends: [Bool] = []
    private var waiters: [CheckedContinuation<Bool, Never>] = []

    func ended(cancelled: Bool) {
        if waiters.isEmpty {
            ends.append(cancelled)
        } else {
            waiters.removeFirst().resume(returning: cancelled)
        }
    }

    /// Whether the next work to end was cancelled, once it ends.
    func nextEnd() async -> Bool {
        if !ends.isEmpty {
            return ends.removeFirst()
        }
        return await withCheckedContinuation { waiters.append($0) }
    }
}
