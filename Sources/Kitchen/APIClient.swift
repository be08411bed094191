import BrigadeReactive
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Calls HTTP APIs (Dertisch's FoodDelivery): async/await, every method, JSON in and out, timeouts, retries of
/// idempotent requests, coalescing of identical GETs, a response size limit, and typed errors that keep what the
/// server said.
///
/// ```swift
/// let client = APIClient(baseURL: URL(string: "https://bistro.example")!)
/// let specials = try await client.get("/specials", as: [Special].self)
/// let placed = try await client.send(.post("/orders", json: order), as: Receipt.self)
/// ```
///
/// - Errors are ``APIError``s that keep the status code and an excerpt of the body; transport errors are never
///   swallowed.
/// - Idempotent requests (GET, HEAD, PUT, DELETE, OPTIONS) are retried on transport failures and on 408, 429, 502,
///   503 and 504, with exponential backoff on an injectable clock (``RetryPolicy``).
/// - Concurrent identical GETs share one network call and its result.
/// - A response larger than ``maxResponseBytes`` is cut off and reported, not buffered.
/// - Cancelling the calling task cancels the request (a shared GET when its last caller is cancelled).
public final class APIClient: Sendable {
    /// The URL relative paths are resolved against.
    public let baseURL: URL?
    /// The timeout of requests that set none: the longest wait for the server to send something.
    public let defaultTimeout: Duration
    /// The largest body accepted.
    public let maxResponseBytes: Int
    /// When to retry.
    public let retryPolicy: RetryPolicy
    /// Headers sent with every request, under the request's own.
    public let defaultHeaders: [String: String]
    private let sleep: @Sendable (Duration) async throws -> Void
    private let transport: Transport
    private let inFlight = Locked<[String: SharedCall]>([:])

    /// Creates a client.
    /// - Parameters:
    ///   - baseURL: What relative paths are resolved against.
    ///   - defaultTimeout: 30 seconds by default.
    ///   - maxResponseBytes: 10 MiB by default.
    ///   - retryPolicy: ``RetryPolicy/standard`` by default.
    ///   - defaultHeaders: Sent with every request.
    ///   - clock: The clock retries wait on; a test passes a manual clock.
    public init(
        baseURL: URL? = nil,
        defaultTimeout: Duration = .seconds(30),
        maxResponseBytes: Int = 10 << 20,
        retryPolicy: RetryPolicy = .standard,
        defaultHeaders: [String: String] = [:],
        clock: some Clock<Duration> & Sendable = ContinuousClock()
    ) {
        self.baseURL = baseURL
        self.defaultTimeout = defaultTimeout
        self.maxResponseBytes = maxResponseBytes
        self.retryPolicy = retryPolicy
        self.defaultHeaders = defaultHeaders
        sleep = { try await clock.sleep(for: $0) }
        transport = Transport()
    }

    // MARK: - Calls

    /// Sends `request` and returns the response, whatever its status.
    /// - Throws: ``APIError`` for a transport failure, a timeout, cancellation, a response too large, or an
    ///   invalid URL; never for a status code (see ``send(_:as:)`` and ``APIResponse/requireSuccess()``).
    public func response(for request: APIRequest) async throws(APIError) -> APIResponse {
        let urlRequest = try makeURLRequest(request)
        let label = urlRequest.url?.absoluteString ?? request.path
        if request.method == .get, request.body == nil {
            return try await shared(urlRequest, label: label)
        }
        return try await withRetries(urlRequest, label: label, idempotent: request.method.isIdempotent)
    }

    /// Sends `request`, requires a 2xx status, and returns the body.
    /// - Throws: ``APIError/status(code:url:bodyExcerpt:)`` for another status, or as ``response(for:)``.
    public func data(for request: APIRequest) async throws(APIError) -> Data {
        try await response(for: request).requireSuccess().body
    }

    /// Sends `request`, requires a 2xx status, and decodes the JSON body.
    /// - Throws: ``APIError/decodingFailed(type:url:reason:)``, or as ``data(for:)``.
    public func send<Response: Decodable>(
        _ request: APIRequest, as type: Response.Type
    ) async throws(APIError)
        -> Response
    {
        try await response(for: request).requireSuccess().decode(type)
    }

    /// GETs `path` with `query` and decodes the JSON body.
    public func get<Response: Decodable>(
        _ path: String,
        query: [URLQueryItem] = [],
        as type: Response.Type
    ) async throws(APIError) -> Response {
        try await send(.get(path, query: query), as: type)
    }

    // MARK: - Coalescing and retries

    private final class SharedCall: Sendable {
        let task: Task<APIResponse, any Error>
        let waiters = Locked(0)

        init(task: Task<APIResponse, any Error>) {
            self.task = task
        }
    }

    private func shared(_ request: URLRequest, label: String) async throws(APIError) -> APIResponse {
        let key = Self.coalescingKey(request)
        let call = inFlight.withLock { calls -> SharedCall in
            if let existing = calls[key] {
                existing.waiters.withLock { $0 += 1 }
                return existing
            }
            let task = Task { [self] () async throws -> APIResponse in
                defer { _ = inFlight.withLock { $0.removeValue(forKey: key) } }
                return try await withRetries(request, label: label, idempotent: true)
            }
            let made = SharedCall(task: task)
            made.waiters.withLock { $0 = 1 }
            calls[key] = made
            return made
        }
        do {
            return try await withTaskCancellationHandler {
                try await call.task.value
            } onCancel: {
                let remaining = call.waiters.withLock { waiters -> Int in
                    waiters -= 1
                    return waiters
                }
                if remaining == 0 {
                    call.task.cancel()
                }
            }
        } catch {
            throw APIError.wrap(error, url: label)
        }
    }

    private func withRetries(
        _ request: URLRequest, label: String, idempotent: Bool
    ) async throws(APIError)
        -> APIResponse
    {
        var attempt = 1
        while true {
            do {
                let response = try await transport.perform(request, limit: maxResponseBytes)
                guard idempotent, attempt < retryPolicy.maxAttempts,
                    retryPolicy.retryableStatuses.contains(response.status)
                else { return response }
            } catch {
                guard idempotent, attempt < retryPolicy.maxAttempts, error.isTransient else { throw error }
            }
            do {
                try await sleep(retryPolicy.delay(beforeAttempt: attempt + 1))
            } catch {
                throw .cancelled(url: label)
            }
            attempt += 1
        }
    }

    private static func coalescingKey(_ request: URLRequest) -> String {
        let headers = (request.allHTTPHeaderFields ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }
        return ([request.url?.absoluteString ?? ""] + headers).joined(separator: "\n")
    }

    // MARK: - Requests

    private func makeURLRequest(_ request: APIRequest) throws(APIError) -> URLRequest {
        let resolved: URL?
        if let absolute = URL(string: request.path), absolute.scheme != nil {
            resolved = absolute
        } else if let baseURL {
            resolved = URL(string: request.path, relativeTo: baseURL)?.absoluteURL
        } else {
            resolved = nil
        }
        guard let resolved, var components = URLComponents(url: resolved, resolvingAgainstBaseURL: true) else {
            throw .invalidURL(request.path)
        }
        if !request.query.isEmpty {
            components.queryItems = (components.queryItems ?? []) + request.query
        }
        guard let url = components.url, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else {
            throw .invalidURL(request.path)
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.httpBody = request.body
        let timeout = request.timeout ?? defaultTimeout
        urlRequest.timeoutInterval = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        for (name, value) in defaultHeaders.merging(request.headers, uniquingKeysWith: { _, own in own }) {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        return urlRequest
    }
}

/// When an ``APIClient`` retries an idempotent request.
public struct RetryPolicy: Sendable, Equatable {
    /// Attempts in all, the first included; 1 means no retry.
    public var maxAttempts: Int
    /// The wait before the second attempt.
    public var initialDelay: Duration
    /// Each wait is this many times the previous one.
    public var multiplier: Int
    /// The statuses retried, besides transport failures.
    public var retryableStatuses: Set<Int>

    /// Creates a policy.
    public init(
        maxAttempts: Int, initialDelay: Duration, multiplier: Int = 2,
        retryableStatuses: Set<Int> = [408, 429, 502, 503, 504]
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.initialDelay = initialDelay
        self.multiplier = max(1, multiplier)
        self.retryableStatuses = retryableStatuses
    }

    /// 3 attempts, waiting 200 ms, then 400 ms.
    public static let standard = RetryPolicy(maxAttempts: 3, initialDelay: .milliseconds(200))
    /// The longest wait before any attempt, whatever the attempt number, initial delay and multiplier: one hour.
    public static let longestDelay = Duration.seconds(3_600)
    /// No retry.
    public static let never = RetryPolicy(maxAttempts: 1, initialDelay: .zero)

    /// The wait before attempt `attempt` (2 or more): the initial delay times the multiplier for each attempt
    /// after the second, at most ``longestDelay``. Any attempt number is accepted: 2 and below give the initial
    /// delay.
    public func delay(beforeAttempt attempt: Int) -> Duration {
        var delay = min(initialDelay, Self.longestDelay)
        var remaining = attempt > 2 ? attempt - 2 : 0
        // At most about 42 rounds: the delay at least doubles each round until it reaches the limit.
        while remaining > 0, multiplier > 1, delay > .zero, delay < Self.longestDelay {
            delay = delay > Self.longestDelay / multiplier ? Self.longestDelay : delay * multiplier
            remaining -= 1
        }
        return delay
    }
}
