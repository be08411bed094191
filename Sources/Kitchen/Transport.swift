import BrigadeReactive
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The URLSession behind an ``APIClient``: one data task per request, its body collected by a delegate that stops
/// the transfer as soon as the body passes the size limit.
final class Transport: Sendable {
    private let session: URLSession
    private let delegate: Delegate

    init() {
        delegate = Delegate()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit {
        session.invalidateAndCancel()
    }

    func perform(_ request: URLRequest, limit: Int) async throws(APIError) -> APIResponse {
        let label = request.url?.absoluteString ?? "?"
        let task = session.dataTask(with: request)
        let transfer = Transfer(limit: limit, label: label)
        let result: Result<APIResponse, APIError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                transfer.start(continuation)
                delegate.register(transfer, for: task)
                if Task.isCancelled {
                    transfer.cancel()
                    task.cancel()
                }
                task.resume()
            }
        } onCancel: {
            transfer.cancel()
            task.cancel()
        }
        return try result.get()
    }

    /// The state of one request, reached by the delegate's callbacks on the session's queue.
    final class Transfer: Sendable {
        private struct State {
            var body = Data()
            var response: HTTPURLResponse?
            var failure: APIError?
            var continuation: CheckedContinuation<Result<APIResponse, APIError>, Never>?
        }

        let limit: Int
        let label: String
        private let state = Locked(State())

        init(limit: Int, label: String) {
            self.limit = limit
            self.label = label
        }

        /// Keeps `continuation` for the outcome; resumes it at once when the transfer was already cancelled.
        func start(_ continuation: CheckedContinuation<Result<APIResponse, APIError>, Never>) {
            let cancelled = state.withLock { state -> APIError? in
                if case .cancelled = state.failure {
                    return state.failure
                }
                state.continuation = continuation
                return nil
            }
            if let cancelled {
                continuation.resume(returning: .failure(cancelled))
            }
        }

        /// Records the response head; returns false when the announced length is over the limit.
        func receive(_ response: URLResponse) -> Bool {
            state.withLock { state in
                state.response = response as? HTTPURLResponse
                if response.expectedContentLength > Int64(limit) {
                    state.failure = .responseTooLarge(url: label, limit: limit)
                    return false
                }
                return true
            }
        }

        /// Appends body bytes; returns false when the body passed the limit.
        func receive(_ data: Data) -> Bool {
            state.withLock { state in
                state.body.append(data)
                if state.body.count > limit {
                    state.failure = .responseTooLarge(url: label, limit: limit)
                    return false
                }
                return true
            }
        }

        /// Ends the transfer as cancelled and resumes its caller at once: the caller does not wait for the session
        /// to report the cancelled task (corelibs Foundation may never report a task cancelled before it started).
        func cancel() {
            let (continuation, failure) = state.withLock {
                state -> (CheckedContinuation<Result<APIResponse, APIError>, Never>?, APIError) in
                let failure = state.failure ?? .cancelled(url: label)
                state.failure = failure
                defer { state.continuation = nil }
                return (state.continuation, failure)
            }
            continuation?.resume(returning: .failure(failure))
        }

        func complete(_ error: (any Error)?) {
            let (continuation, result) = state.withLock {
                state -> (CheckedContinuation<Result<APIResponse, APIError>, Never>?, Result<APIResponse, APIError>) in
                defer { state.continuation = nil }
                return (state.continuation, outcome(state, error))
            }
            continuation?.resume(returning: result)
        }

        private func outcome(_ state: State, _ error: (any Error)?) -> Result<APIResponse, APIError> {
            if let failure = state.failure {
                return .failure(failure)
            }
            if let error {
                return .failure(Self.map(error, label: label))
            }
            guard let response = state.response, let url = response.url else {
                return .failure(.transport(url: label, reason: "no HTTP response"))
            }
            var headers: [String: String] = [:]
            for (name, value) in response.allHeaderFields {
                headers["\(name)"] = "\(value)"
            }
            return .success(APIResponse(url: url, status: response.statusCode, headers: headers, body: state.body))
        }

        private static func map(_ error: any Error, label: String) -> APIError {
            if let error = error as? URLError {
                switch error.code {
                case .timedOut: return .timeout(url: label)
                case .cancelled: return .cancelled(url: label)
                default: return .transport(url: label, reason: error.localizedDescription)
                }
            }
            return .transport(url: label, reason: "\(error)")
        }
    }

    /// Routes the session's callbacks to the transfers, by task.
    final class Delegate: NSObject, URLSessionDataDelegate, Sendable {
        private let transfers = Locked<[Int: Transfer]>([:])

        func register(_ transfer: Transfer, for task: URLSessionTask) {
            transfers.withLock { $0[task.taskIdentifier] = transfer }
        }

        private func transfer(for task: URLSessionTask) -> Transfer? {
            transfers.withLock { $0[task.taskIdentifier] }
        }

        func urlSession(
            _ session: URLSession,
            dataTask: URLSessionDataTask,
            didReceive response: URLResponse,
            completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
        ) {
            let proceed = transfer(for: dataTask)?.receive(response) ?? true
            completionHandler(proceed ? .allow : .cancel)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            if transfer(for: dataTask)?.receive(data) == false {
                dataTask.cancel()
            }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            let transfer = transfers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
            transfer?.complete(error)
        }
    }
}
