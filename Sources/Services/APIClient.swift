import BrigadeLocking
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Calls HTTP APIs: async/await, every method, JSON in and out, timeouts, retries of
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
/// - The timeout is a deadline for the whole response, redirects included.
/// - Redirects are followed up to ``maxRedirects``; on the way to another origin the ``credentialHeaders`` are
///   dropped. A `Retry-After` on a 429 or 503 sets the wait before the retry, at most ``RetryPolicy/maxDelay``.
/// - Header names and values are checked before anything is sent (no CR or LF can reach the wire).
/// - Cancelling the calling task ends its call at once with ``APIError/cancelled(url:)``; a shared GET is cancelled
///   when its last caller is, and a later caller never joins a cancelled one.
public final class APIClient: Sendable {
    /// The URL relative paths are resolved against.
    public let baseURL: URL?
    /// The timeout of requests that set none: the deadline for the whole response, redirects included.
    public let defaultTimeout: Duration
    /// The largest body accepted.
    public let maxResponseBytes: Int
    /// When to retry.
    public let retryPolicy: RetryPolicy
    /// Headers sent with every request, under the request's own.
    public let defaultHeaders: [String: String]
    /// The most redirects followed for one request.
    public let maxRedirects: Int
    /// The headers, lowercased, that carry credentials: dropped when a redirect leads to another origin.
    public let credentialHeaders: Set<String>
    /// `authorization`, `cookie`, `proxy-authorization` and `x-api-key`: the headers treated as credentials unless
    /// the client is given others.
    public static let standardCredentialHeaders: Set<String> = [
        "authorization", "cookie", "proxy-authorization", "x-api-key",
    ]
    private let sleep: @Sendable (Duration) async throws -> Void
    private let transport: Transport
    /// The GETs in flight, by URL and headers; `inFlight`'s lock also orders joining a call before leaving it.
    private let inFlight = Locked<[String: SharedCall]>([:])
    /// Told of each call when it ends (``observeExchanges(_:)``).
    private let exchangeObserver = Locked<(@Sendable (APIExchange) -> Void)?>(nil)

    /// Creates a client.
    /// - Parameters:
    ///   - baseURL: What relative paths are resolved against.
    ///   - defaultTimeout: 30 seconds by default.
    ///   - maxResponseBytes: 10 MiB by default.
    ///   - retryPolicy: ``RetryPolicy/standard`` by default.
    ///   - defaultHeaders: Sent with every request.
    ///   - maxRedirects: The most redirects followed for one request; 10 by default, 0 follows none.
    ///   - credentialHeaders: The headers dropped when a redirect leads to another origin (scheme, host or port);
    ///     ``standardCredentialHeaders`` by default. Add a custom API-key header here:
    ///     `APIClient.standardCredentialHeaders.union(["x-bistro-key"])`. Names are compared case-insensitively.
    ///   - clock: The clock retries wait on; a test passes a manual clock.
    public init(
        baseURL: URL? = nil,
        defaultTimeout: Duration = .seconds(30),
        maxResponseBytes: Int = 10 << 20,
        retryPolicy: RetryPolicy = .standard,
        defaultHeaders: [String: String] = [:],
        maxRedirects: Int = 10,
        credentialHeaders: Set<String> = APIClient.standardCredentialHeaders,
        clock: some Clock<Duration> & Sendable = ContinuousClock()
    ) {
        self.baseURL = baseURL
        self.defaultTimeout = defaultTimeout
        self.maxResponseBytes = maxResponseBytes
        self.retryPolicy = retryPolicy
        self.defaultHeaders = defaultHeaders
        self.maxRedirects = max(0, maxRedirects)
        self.credentialHeaders = Set(credentialHeaders.map { $0.lowercased() })
        sleep = { try await clock.sleep(for: $0) }
        transport = Transport()
    }

    /// The client's bookkeeping of requests under way: shared GETs in flight and transfers the session has not
    /// finished. 0 once every call returned; tests check it goes back to 0 after many calls.
    package var pendingBookkeeping: Int {
        inFlight.withLock { $0.count } + transport.pendingTransfers
    }

    // MARK: - Calls

    /// Sends `request` and returns the response, whatever its status.
    /// - Throws: ``APIError`` for a transport failure, a timeout, cancellation, a response too large, an invalid URL
    ///   or header, or too many redirects; never for a status code (see ``send(_:as:isolation:)`` and
    ///   ``APIResponse/requireSuccess()``).
    public func response(for request: APIRequest) async throws(APIError) -> APIResponse {
        let urlRequest = try makeURLRequest(request)
        let label = urlRequest.url?.absoluteString ?? request.path
        let timeout = max(request.timeout ?? defaultTimeout, .zero)
        guard let observer = exchangeObserver.withLock({ $0 }) else {
            return try await respond(to: urlRequest, of: request, label: label, timeout: timeout)
        }
        let (start, clock) = (Date(), ContinuousClock())
        let started = clock.now
        let result: Result<APIResponse, APIError>
        do {
            result = .success(try await respond(to: urlRequest, of: request, label: label, timeout: timeout))
        } catch {
            result = .failure(error)
        }
        observer(
            APIExchange(
                method: request.method.rawValue, url: urlRequest.url ?? URL(fileURLWithPath: "/"), start: start,
                duration: started.duration(to: clock.now),
                requestHeaders: Dictionary(
                    (urlRequest.allHTTPHeaderFields ?? [:]).map { ($0.key.lowercased(), $0.value) },
                    uniquingKeysWith: { first, _ in first }),
                requestBody: urlRequest.httpBody, response: try? result.get(), error: result.error))
        return try result.get()
    }

    /// Tells `observer` of each call of this client when it ends (each caller's, a shared GET's callers each), with
    /// its request, response or error and duration; `nil` stops telling. One observer at a time: the inspector's
    /// (`Inspector.attach(to:)`). Called on the calling task, after the call; a call costs a lock more while one is
    /// set.
    public func observeExchanges(_ observer: (@Sendable (APIExchange) -> Void)?) {
        exchangeObserver.withLock { $0 = observer }
    }

    private func respond(
        to urlRequest: URLRequest, of request: APIRequest, label: String, timeout: Duration
    ) async throws(APIError) -> APIResponse {
        if request.method == .get, request.body == nil {
            return try await shared(urlRequest, label: label, timeout: timeout)
        }
        return try await withRetries(
            urlRequest, label: label, timeout: timeout, idempotent: request.method.isIdempotent)
    }

    /// Sends `request`, requires a 2xx status, and returns the body.
    /// - Throws: ``APIError/status(code:url:bodyExcerpt:)`` for another status, or as ``response(for:)``.
    public func data(for request: APIRequest) async throws(APIError) -> Data {
        try await response(for: request).requireSuccess().body
    }

    /// Sends `request`, requires a 2xx status, and decodes the JSON body.
    ///
    /// The request goes out off the caller's actor; the body is decoded back on it (`isolation`, the caller's by
    /// default), so a main-actor caller may decode a type whose `Decodable` conformance is isolated to the main actor,
    /// as every conformance of an app target with default main-actor isolation is. An effect's work decodes where it
    /// runs.
    /// - Parameters:
    ///   - request: What to send.
    ///   - type: The type the body decodes as.
    ///   - isolation: Where the body is decoded; the caller's actor unless given.
    /// - Throws: ``APIError/decodingFailed(type:url:reason:)``, or as ``data(for:)``.
    public func send<Response: Decodable>(
        _ request: APIRequest,
        as type: Response.Type,
        isolation: isolated (any Actor)? = #isolation
    ) async throws(APIError) -> Response {
        let response = try await response(for: request)
        return try response.requireSuccess().decode(type)
    }

    /// GETs `path` with `query` and decodes the JSON body, on the caller's actor as ``send(_:as:isolation:)`` does.
    public func get<Response: Decodable>(
        _ path: String,
        query: [URLQueryItem] = [],
        as type: Response.Type,
        isolation: isolated (any Actor)? = #isolation
    ) async throws(APIError) -> Response {
        try await send(.get(path, query: query), as: type, isolation: isolation)
    }

    // MARK: - Coalescing and retries

    private func shared(_ request: URLRequest, label: String, timeout: Duration) async throws(APIError) -> APIResponse {
        // A caller cancelled already neither joins nor starts a call.
        if Task.isCancelled {
            throw .cancelled(url: label)
        }
        let key = Self.coalescingKey(request)
        let (call, waiter) = inFlight.withLock { calls -> (SharedCall, Int) in
            if let existing = calls[key] {
                return (existing, existing.join())
            }
            let call = SharedCall()
            let waiter = call.join()
            call.start(
                Task { [self] in
                    let result: Result<APIResponse, APIError>
                    do throws(APIError) {
                        result = .success(
                            try await withRetries(request, label: label, timeout: timeout, idempotent: true))
                    } catch {
                        result = .failure(error)
                    }
                    inFlight.withLock { calls in
                        if calls[key] === call {
                            calls[key] = nil
                        }
                    }
                    call.finish(result)
                })
            calls[key] = call
            return (call, waiter)
        }
        let cancelled = APIError.cancelled(url: label)
        let result: Result<APIResponse, APIError> = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: SharedCall.Continuation) in
                call.wait(waiter, continuation, cancelled: cancelled)
            }
        } onCancel: {
            // Leaving and the removal of an abandoned call happen under the map's lock, so no caller joins a call
            // whose last waiter has left.
            inFlight.withLock { calls in
                if call.leave(waiter, cancelled: cancelled), calls[key] === call {
                    calls[key] = nil
                }
            }
        }
        return try result.get()
    }

    private func withRetries(
        _ request: URLRequest, label: String, timeout: Duration, idempotent: Bool
    ) async throws(APIError)
        -> APIResponse
    {
        var attempt = 1
        while true {
            var last: APIResponse?
            do {
                let response = try await following(request, label: label, timeout: timeout)
                guard idempotent, attempt < retryPolicy.maxAttempts,
                    retryPolicy.retryableStatuses.contains(response.status)
                else { return response }
                last = response
            } catch {
                guard idempotent, attempt < retryPolicy.maxAttempts, error.isTransient else { throw error }
            }
            let wait =
                last.flatMap { retryPolicy.retryAfter($0, now: Date()) }
                ?? retryPolicy.delay(beforeAttempt: attempt + 1)
            do {
                try await sleep(wait)
            } catch {
                throw .cancelled(url: label)
            }
            attempt += 1
        }
    }

    /// Sends `request` and follows its redirects, within one deadline `timeout` from now.
    private func following(
        _ request: URLRequest, label: String, timeout: Duration
    ) async throws(APIError)
        -> APIResponse
    {
        let deadline = ContinuousClock.now + timeout
        var current = request
        var redirects = 0
        while true {
            let response = try await transport.perform(current, limit: maxResponseBytes, deadline: deadline)
            guard let next = try redirect(from: current, answered: response) else { return response }
            guard redirects < maxRedirects else {
                throw .tooManyRedirects(url: label, limit: maxRedirects)
            }
            redirects += 1
            current = next
        }
    }

    /// The request a redirect leads to, or `nil` when `response` is not a redirect. A 303, and a 301 or 302 after a
    /// POST, become a GET without a body; on the way to another origin (scheme, host or port) the credential headers
    /// are dropped.
    private func redirect(from request: URLRequest, answered response: APIResponse) throws(APIError) -> URLRequest? {
        guard [301, 302, 303, 307, 308].contains(response.status), let location = response.headers["location"] else {
            return nil
        }
        guard let target = URL(string: location, relativeTo: response.url)?.absoluteURL,
            let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else {
            throw .invalidURL(location)
        }
        var next = request
        next.url = target
        let method = request.httpMethod ?? "GET"
        if (response.status == 303 && method != "HEAD") || ([301, 302].contains(response.status) && method == "POST") {
            next.httpMethod = "GET"
            next.httpBody = nil
            next.setValue(nil, forHTTPHeaderField: "Content-Type")
            next.setValue(nil, forHTTPHeaderField: "Content-Length")
        }
        if let from = request.url, !Self.sameOrigin(from, target) {
            for name in (next.allHTTPHeaderFields ?? [:]).keys where credentialHeaders.contains(name.lowercased()) {
                next.setValue(nil, forHTTPHeaderField: name)
            }
        }
        return next
    }

    private static func sameOrigin(_ first: URL, _ second: URL) -> Bool {
        func origin(_ url: URL) -> (String, String, Int?) {
            let scheme = url.scheme?.lowercased() ?? ""
            let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
            return (scheme, url.host?.lowercased() ?? "", port)
        }
        return origin(first) == origin(second)
    }

    /// Whether `name` is an HTTP token (RFC 9110): letters, digits and ``!#$%&'*+-.^_`|~``.
    private static func isToken(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
            }
    }

    /// Whether `value` may be sent as a field value: no control character but the horizontal tab (so no CR, LF or
    /// NUL).
    private static func isFieldValue(_ value: String) -> Bool {
        value.utf8.allSatisfy { $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }
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
        // The session's own timeout is an idle timeout; the client's deadline for the whole response is shorter or
        // equal. Whole seconds, at least one: corelibs Foundation fails a request with a sub-second interval at once.
        let timeout = max(request.timeout ?? defaultTimeout, .zero)
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        urlRequest.timeoutInterval = max(1, seconds.rounded(.up))
        for (name, value) in defaultHeaders.merging(request.headers, uniquingKeysWith: { _, own in own }) {
            guard Self.isToken(name), Self.isFieldValue(value) else {
                throw .invalidHeader(name: name, value: value)
            }
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
    /// The longest wait a server's `Retry-After` can ask for; a longer one is cut to this.
    public var maxDelay: Duration

    /// Creates a policy.
    /// - Parameters:
    ///   - maxAttempts: The most attempts, the first included.
    ///   - initialDelay: The wait before the first retry.
    ///   - multiplier: Each wait is this many times the previous one; 2 by default.
    ///   - retryableStatuses: The statuses retried, besides transport failures.
    ///   - maxDelay: The longest wait a `Retry-After` header can set; 30 seconds by default.
    public init(
        maxAttempts: Int, initialDelay: Duration, multiplier: Int = 2,
        retryableStatuses: Set<Int> = [408, 429, 502, 503, 504], maxDelay: Duration = .seconds(30)
    ) {
        self.maxDelay = max(.zero, maxDelay)
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
    /// - Parameter attempt: The attempt about to be made, counting the first as 1.
    /// - Returns: The wait; never longer than ``longestDelay``.
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
