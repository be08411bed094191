import BrigadeServices
import Foundation
import TestHTTPServer
import Testing

@Suite("APIClient hardening", .serialized)
struct APIClientHardeningTests {
    let server: TestHTTPServer
    let client: APIClient

    init() throws {
        server = try TestHTTPServer()
        client = APIClient(baseURL: server.baseURL, retryPolicy: .never)
    }

    // MARK: - Cancellation of shared GETs

    @Test("a caller that comes after the last waiter of a shared GET cancelled gets its own answer, not .cancelled")
    func newCallerNeverJoinsACancelledCall() async throws {
        for round in 0..<3 {
            let path = "/hold/late-\(round)"
            let first = Task { try await client.data(for: .get(path)) }
            #expect(await server.waitForRequest(path))
            first.cancel()
            let second = Task { try await client.data(for: .get(path)) }
            server.release("late-\(round)")
            await #expect(throws: APIError.cancelled(url: server.url(path).absoluteString)) {
                try await first.value
            }
            #expect(String(decoding: try await second.value, as: UTF8.self) == "held late-\(round)")
        }
    }

    @Test("a cancelled caller of a GET shared with another returns .cancelled at once; the other gets the answer")
    func cancelledWaiterReturnsAtOnce() async throws {
        let path = "/hold/shared"
        let other = Task { try await client.data(for: .get(path)) }
        #expect(await server.waitForRequest(path))
        let cancelled = Task { try await client.data(for: .get(path)) }
        cancelled.cancel()
        let outcome = await cancelled.result
        // Released only now: a caller that waited for the response would have got it (after the server's 5 s hold).
        server.release("shared")
        #expect(throws: APIError.cancelled(url: server.url(path).absoluteString)) {
            try outcome.get()
        }
        #expect(String(decoding: try await other.value, as: UTF8.self) == "held shared")
        #expect(server.requestCount(path) == 1)
    }

    @Test("a cancelled load of an asset shared with another returns at once; the other gets the bytes")
    func assetCacheCancelledWaiter() async throws {
        let assets = AssetCache(client: client)
        let url = server.url("/hold/asset")
        let other = Task { try await assets.data(for: url) }
        #expect(await server.waitForRequest("/hold/asset"))
        let cancelled = Task { try await assets.data(for: url) }
        cancelled.cancel()
        let outcome = await cancelled.result
        server.release("asset")
        #expect(throws: APIError.cancelled(url: url.absoluteString)) {
            try outcome.get()
        }
        #expect(String(decoding: try await other.value, as: UTF8.self) == "held asset")
        #expect(server.requestCount("/hold/asset") == 1)
    }

    @Test("an asset load coming after the last loader cancelled makes its own request")
    func assetCacheNewLoaderAfterCancel() async throws {
        let assets = AssetCache(client: client)
        let url = server.url("/hold/asset-late")
        let first = Task { try await assets.data(for: url) }
        #expect(await server.waitForRequest("/hold/asset-late"))
        first.cancel()
        let second = Task { try await assets.data(for: url) }
        server.release("asset-late")
        #expect(String(decoding: try await second.value, as: UTF8.self) == "held asset-late")
    }

    @Test(
        "callers of one GET, half of them cancelled at different moments: each ends, the others get the answer",
        .timeLimit(.minutes(1)))
    func randomCancellations() async throws {
        let path = "/asset/stress?delay=20"
        for round in 0..<20 {
            let tasks = (0..<6).map { _ in Task { try await client.data(for: .get(path)) } }
            for (index, task) in tasks.enumerated() where (index + round) % 2 == 0 {
                if index % 3 == 0 {
                    await Task.yield()
                }
                task.cancel()
            }
            for (index, task) in tasks.enumerated() {
                switch await task.result {
                case .success(let body):
                    #expect(String(decoding: body, as: UTF8.self) == "asset stress")
                case .failure(let error):
                    #expect((index + round) % 2 == 0, "a caller that was not cancelled failed: \(error)")
                    #expect(error as? APIError == .cancelled(url: server.url(path).absoluteString))
                }
            }
        }
    }

    // MARK: - Timeout

    @Test("the timeout is a deadline for the whole response: a server dripping bytes cannot keep a request open")
    func totalDeadline() async throws {
        // 100 bytes, one every 100 ms: the body would take 10 s; the request's timeout is 1 s. The upper bound only
        // says the client did not wait for the drip; it is wide, for loaded (sanitizer) machines.
        let path = "/drip/100?every=100"
        let started = ContinuousClock.now
        await #expect(throws: APIError.timeout(url: server.url(path).absoluteString)) {
            try await client.data(for: .get(path, timeout: .seconds(1)))
        }
        let elapsed = ContinuousClock.now - started
        #expect(elapsed >= .seconds(1) && elapsed < .seconds(8), "timed out after \(elapsed)")
    }

    @Test("a sub-second timeout is kept: a faster answer arrives, a slower one times out at the deadline, not before")
    func subSecondTimeout() async throws {
        let late = try await client.data(for: .get("/delay/100", timeout: .seconds(5)))
        #expect(String(decoding: late, as: UTF8.self) == "late")
        // 100 bytes, one every 100 ms: 10 s of body against a 300 ms deadline.
        let path = "/drip/100?every=100"
        let started = ContinuousClock.now
        await #expect(throws: APIError.timeout(url: server.url(path).absoluteString)) {
            try await client.data(for: .get(path, timeout: .milliseconds(300)))
        }
        let elapsed = ContinuousClock.now - started
        #expect(elapsed >= .milliseconds(300) && elapsed < .seconds(8), "timed out after \(elapsed)")
    }

    // MARK: - Redirects

    private static let credentials = [
        "Authorization": "Bearer secret", "Cookie": "session=secret", "Proxy-Authorization": "Basic secret",
        "X-API-Key": "secret", "X-Kitchen-Token": "secret", "X-Waiter": "Ada",
    ]

    @Test("a redirect to another origin strips the credentials, the standard ones and those the client names")
    func crossOriginRedirectStripsCredentials() async throws {
        let other = try TestHTTPServer()
        let client = APIClient(
            baseURL: server.baseURL, retryPolicy: .never,
            credentialHeaders: APIClient.standardCredentialHeaders.union(["x-kitchen-token"]))
        let target = other.url("/echo").absoluteString
        let request = APIRequest(
            method: .get, path: "/redirect", query: [URLQueryItem(name: "to", value: target)],
            headers: Self.credentials)
        let response = try await client.response(for: request)
        let echo = try response.decode(Echo.self)
        #expect(response.url.absoluteString == target)
        #expect(echo.path == "/echo")
        for name in ["authorization", "cookie", "proxy-authorization", "x-api-key", "x-kitchen-token"] {
            #expect(echo.headers[name] == nil, "\(name) went to another origin")
        }
        #expect(echo.headers["x-waiter"] == "Ada")
    }

    @Test("a redirect within the origin keeps the credentials")
    func sameOriginRedirectKeepsCredentials() async throws {
        let request = APIRequest(
            method: .get, path: "/redirect", query: [URLQueryItem(name: "to", value: "/echo")],
            headers: Self.credentials)
        let echo = try await client.send(request, as: Echo.self)
        #expect(echo.headers["authorization"] == "Bearer secret")
        #expect(echo.headers["x-api-key"] == "secret")
        #expect(echo.headers["x-kitchen-token"] == "secret")
    }

    @Test("a 303 after a POST is followed with a GET without the body")
    func seeOther() async throws {
        var request = try APIRequest.json(.post, "/redirect", Dish(name: "cake", price: 5))
        request.query = [URLQueryItem(name: "to", value: "/echo"), URLQueryItem(name: "status", value: "303")]
        let echo = try await client.send(request, as: Echo.self)
        #expect(echo.method == "GET")
        #expect(echo.body.isEmpty)
    }

    @Test("a redirect to a URL that is not http(s) is a typed error, not followed")
    func redirectToFile() async throws {
        let request = APIRequest(
            method: .get, path: "/redirect", query: [URLQueryItem(name: "to", value: "file:///etc/passwd")])
        await #expect(throws: APIError.invalidURL("file:///etc/passwd")) {
            try await client.data(for: request)
        }
    }

    @Test("a chain of redirects longer than the limit is a typed error")
    func redirectLimit() async throws {
        let limited = APIClient(baseURL: server.baseURL, retryPolicy: .never, maxRedirects: 3)
        await #expect(throws: APIError.tooManyRedirects(url: server.url("/loop/0").absoluteString, limit: 3)) {
            try await limited.data(for: .get("/loop/0"))
        }
        #expect(server.requestCount("/loop/3") == 1)
        #expect(server.requestCount("/loop/4") == 0)
    }

    // MARK: - Headers

    @Test(
        "a header name or value with CR or LF is a typed error, and nothing is sent",
        arguments: [("X-Waiter\r\nInjected", "Ada"), ("X-Waiter", "Ada\r\nInjected: yes"), ("X-Waiter", "Ada\nB")])
    func headerInjection(name: String, value: String) async throws {
        let request = APIRequest(method: .get, path: "/echo", headers: [name: value])
        await #expect(throws: APIError.invalidHeader(name: name, value: value)) {
            try await client.data(for: request)
        }
        let defaults = APIClient(baseURL: server.baseURL, retryPolicy: .never, defaultHeaders: [name: value])
        await #expect(throws: APIError.invalidHeader(name: name, value: value)) {
            try await defaults.data(for: .get("/echo"))
        }
        #expect(server.connectionCount == 0)
    }

    // MARK: - Retry-After

    @Test("Retry-After in seconds on a 503 or a 429 sets the wait before the retry", arguments: [503, 429])
    func retryAfterSeconds(status: Int) async throws {
        let clock = RecordingClock()
        let retrying = APIClient(
            baseURL: server.baseURL, retryPolicy: RetryPolicy(maxAttempts: 2, initialDelay: .milliseconds(100)),
            clock: clock)
        let request = APIRequest.get(
            "/retry-after/seconds-\(status)",
            query: [URLQueryItem(name: "value", value: "7"), URLQueryItem(name: "status", value: "\(status)")])
        #expect(String(decoding: try await retrying.data(for: request), as: UTF8.self) == "recovered")
        #expect(clock.log.recorded == [.seconds(7)])
    }

    @Test("Retry-After as an HTTP date waits until that date")
    func retryAfterDate() async throws {
        let clock = RecordingClock()
        let retrying = APIClient(
            baseURL: server.baseURL, retryPolicy: RetryPolicy(maxAttempts: 2, initialDelay: .milliseconds(100)),
            clock: clock)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let date = formatter.string(from: Date(timeIntervalSinceNow: 10))
        let request = APIRequest.get("/retry-after/date", query: [URLQueryItem(name: "value", value: date)])
        #expect(String(decoding: try await retrying.data(for: request), as: UTF8.self) == "recovered")
        let waits = clock.log.recorded
        #expect(waits.count == 1)
        #expect(waits.allSatisfy { $0 > .seconds(8) && $0 <= .seconds(10) }, "waited \(waits)")
    }

    @Test("Retry-After is capped by the policy's maximum delay; an unreadable one falls back to the backoff")
    func retryAfterCapped() async throws {
        let clock = RecordingClock()
        let retrying = APIClient(
            baseURL: server.baseURL,
            retryPolicy: RetryPolicy(maxAttempts: 2, initialDelay: .milliseconds(100), maxDelay: .seconds(30)),
            clock: clock)
        _ = try await retrying.data(
            for: .get("/retry-after/long", query: [URLQueryItem(name: "value", value: "3600")]))
        _ = try await retrying.data(
            for: .get("/retry-after/garbled", query: [URLQueryItem(name: "value", value: "soon")]))
        #expect(clock.log.recorded == [.seconds(30), .milliseconds(100)])
    }
}
