import BrigadeLocking

/// One GET shared by the callers that asked for it while it was in flight.
///
/// A caller joins (under the client's map of calls in flight), then waits. A cancelled caller leaves and gets
/// `.cancelled` at once; the request itself is cancelled only when its last caller leaves, and the client then takes
/// the call out of its map in the same critical section, so a later caller never joins it.
final class SharedCall: Sendable {
    typealias Continuation = CheckedContinuation<Result<APIResponse, APIError>, Never>

    private enum Waiter {
        case joined
        case waiting(Continuation)
    }

    private struct State {
        var waiters: [Int: Waiter] = [:]
        var nextWaiter = 0
        var result: Result<APIResponse, APIError>?
        var task: Task<Void, Never>?
    }

    private let state = Locked(State())

    /// Adds a caller; returns its number, for ``wait(_:_:cancelled:)`` and ``leave(_:cancelled:)``.
    func join() -> Int {
        state.withLock { state in
            defer { state.nextWaiter += 1 }
            state.waiters[state.nextWaiter] = .joined
            return state.nextWaiter
        }
    }

    /// Keeps the task that makes the request, to cancel it when the last caller leaves.
    func start(_ task: Task<Void, Never>) {
        state.withLock { $0.task = task }
    }

    /// Resumes `continuation` with the result: at once if it is in, or if `waiter` already left (with `cancelled`).
    func wait(_ waiter: Int, _ continuation: Continuation, cancelled: APIError) {
        let now = state.withLock { state -> Result<APIResponse, APIError>? in
            if let result = state.result {
                return result
            }
            guard state.waiters[waiter] != nil else {
                return .failure(cancelled)
            }
            state.waiters[waiter] = .waiting(continuation)
            return nil
        }
        if let now {
            continuation.resume(returning: now)
        }
    }

    /// Takes `waiter` out and resumes it with `cancelled`; cancels the request when no caller is left.
    /// - Returns: Whether the call is abandoned (its last caller left before the result came).
    func leave(_ waiter: Int, cancelled: APIError) -> Bool {
        let (continuation, abandoned) = state.withLock { state -> (Continuation?, Task<Void, Never>?) in
            guard let left = state.waiters.removeValue(forKey: waiter) else { return (nil, nil) }
            var continuation: Continuation?
            if case .waiting(let waiting) = left {
                continuation = waiting
            }
            let abandoned = state.result == nil && state.waiters.isEmpty ? state.task : nil
            return (continuation, abandoned)
        }
        continuation?.resume(returning: .failure(cancelled))
        abandoned?.cancel()
        return abandoned != nil
    }

    /// Hands `result` to every caller waiting, and to those that wait later.
    func finish(_ result: Result<APIResponse, APIError>) {
        let waiting = state.withLock { state -> [Continuation] in
            state.result = result
            defer { state.waiters = [:] }
            return state.waiters.values.compactMap { waiter in
                if case .waiting(let continuation) = waiter {
                    return continuation
                }
                return nil
            }
        }
        for continuation in waiting {
            continuation.resume(returning: result)
        }
    }
}
