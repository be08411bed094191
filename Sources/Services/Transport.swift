import BrigadeLocking
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The URLSession behind an ``APIClient``: one data task per request, its body collected by a delegate that stops
/// the transfer as soon as the body passes the size limit, a timer that stops it at its deadline, and no redirect
/// followed (the client follows them).
final class Transport: Sendable {
    private let session: URLSession
    private let delegate: Delegate
    /// The queue the requests' deadline timers fire on.
    private static let timeouts = DispatchQueue(label: "Brigade.APIClient.timeouts")

    init() {
        delegate = Delegate()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        // No cache at all: a request's own policy would otherwise let the session answer a retry from memory.
        configuration.urlCache = nil
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// The time from now to `deadline`, for a dispatch timer: zero once it has passed.
    private static func interval(until deadline: ContinuousClock.Instant) -> DispatchTimeInterval {
        let (seconds, attoseconds) = ContinuousClock.now.duration(to: deadline).components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (total, sumOverflow) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        return .nanoseconds(overflow || sumOverflow ? (seconds < 0 ? 0 : Int.max) : Int(clamping: max(0, total)))
    }

    /// The transfers registered with the delegate and not yet finished.
    var pendingTransfers: Int {
        delegate.count
    }

    /// Sends `request` once, without following redirects, and collects the response.
    /// - Parameter deadline: When the whole response must be in; past it the transfer is stopped and reported as a
    ///   timeout, however steadily the server is still sending.
    func perform(
        _ request: URLRequest, limit: Int, deadline: ContinuousClock.Instant
    ) async throws(APIError)
        -> APIResponse
    {
        let label = request.url?.absoluteString ?? "?"
        let task = session.dataTask(with: request)
        let transfer = Transfer(limit: limit, label: label)
        // A dispatch timer, not a sleeping task: a cancelled `Task.sleep` keeps its task in memory until the deadline
        // would have come (swiftlang/swift#60441), so every request kept about a kilobyte for its whole timeout.
        // A cancelled dispatch source is released at once.
        let timer = DispatchSource.makeTimerSource(queue: Self.timeouts)
        timer.schedule(deadline: .now() + Self.interval(until: deadline))
        timer.setEventHandler {
            transfer.end(with: .timeout(url: label))
            task.cancel()
        }
        timer.resume()
        defer {
            timer.cancel()
            // The transfer has ended once the continuation returns. Its entry usually went with
            // `didCompleteWithError`, but corelibs Foundation may never report a task cancelled before it started.
            delegate.unregister(task)
        }
        let result: Result<APIResponse, APIError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                transfer.start(continuation)
                delegate.register(transfer, for: task)
                if Task.isCancelled {
                    transfer.end(with: .cancelled(url: label))
                    task.cancel()
                }
                task.resume()
            }
        } onCancel: {
            transfer.end(with: .cancelled(url: label))
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
            /// Whether the transfer was ended from outside (cancelled, or past its deadline).
            var isEnded = false
        }

        let limit: Int
        let label: String
        private let state = Locked(State())

        init(limit: Int, label: String) {
            self.limit = limit
            self.label = label
        }

        /// Keeps `continuation` for the outcome; resumes it at once when the transfer already ended (cancelled or
        /// timed out).
        func start(_ continuation: CheckedContinuation<Result<APIResponse, APIError>, Never>) {
            let ended = state.withLock { state -> APIError? in
                if state.isEnded {
                    return state.failure
                }
                state.continuation = continuation
                return nil
            }
            if let ended {
                continuation.resume(returning: .failure(ended))
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

        /// Ends the transfer with `failure` (cancelled, or past its deadline) unless it already failed, and resumes
        /// its caller at once: the caller does not wait for the session to report the cancelled task (corelibs
        /// Foundation may never report a task cancelled before it started).
        func end(with failure: APIError) {
            let (continuation, failure) = state.withLock {
                state -> (CheckedContinuation<Result<APIResponse, APIError>, Never>?, APIError) in
                let failure = state.failure ?? failure
                state.failure = failure
                state.isEnded = true
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

        var count: Int {
            transfers.withLock { $0.count }
        }

        func register(_ transfer: Transfer, for task: URLSessionTask) {
            transfers.withLock { $0[task.taskIdentifier] = transfer }
        }

        /// Forgets the transfer of `task`, if it is still there.
        func unregister(_ task: URLSessionTask) {
            _ = transfers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
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

        /// Redirects are not followed by the session: the ``APIClient`` follows them itself, so it can drop credentials
        /// on the way to another origin and count them.
        func urlSession(
            _ session: URLSession,
            task: URLSessionTask,
            willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest,
            completionHandler: @escaping @Sendable (URLRequest?) -> Void
        ) {
            completionHandler(nil)
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
