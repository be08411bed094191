import BrigadeServices
import Foundation
import TestHTTPServer
import Testing

/// A clock that stands still: its sleeps return at once and are recorded, for retry backoff.
struct RecordingClock: Clock, Sendable {
    final class Log: @unchecked Sendable {
        // `lock` guards `sleeps`.
        private let lock = NSLock()
        private var sleeps: [Duration] = []
        func record(_ duration: Duration) { lock.withLock { sleeps.append(duration) } }
        var recorded: [Duration] { lock.withLock { sleeps } }
    }

    let log = Log()
    let now = ContinuousClock.now
    var minimumResolution: Duration { .nanoseconds(1) }

    func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
        log.record(deadline - now)
        try Task.checkCancellation()
    }
}

struct Dish: Codable, Equatable, Sendable {
    let name: String
    let price: Int
}

struct Echo: Decodable {
    let method: String
    let path: String
    let query: [String: String]
    let headers: [String: String]
    let body: String
}

@Suite("APIClient", .serialized)
struct APIClientTests {
    let server: TestHTTPServer
    let client: APIClient

    init() throws {
        server = try TestHTTPServer()
        client = APIClient(baseURL: server.baseURL, retryPolicy: .never)
    }

    @Test("a GET decodes JSON")
    func getJSON() async throws {
        #expect(try await client.get("/json", as: Dish.self) == Dish(name: "soup", price: 6))
    }

    @Test(
        "every method, headers, query and a JSON body reach the server", arguments: ["POST", "PUT", "PATCH", "DELETE"])
    func methodsHeadersQueryBody(method: String) async throws {
        var request = try APIRequest.json(HTTPMethod(rawValue: method), "/echo", Dish(name: "cake", price: 5))
        request.query = [URLQueryItem(name: "table", value: "4")]
        request.headers["X-Waiter"] = "Ada"
        let echo = try await client.send(request, as: Echo.self)
        #expect(echo.method == method)
        #expect(echo.query == ["table": "4"])
        #expect(echo.headers["x-waiter"] == "Ada")
        #expect(echo.headers["content-type"] == "application/json")
        #expect(try JSONDecoder().decode(Dish.self, from: Data(echo.body.utf8)) == Dish(name: "cake", price: 5))
    }

    @Test("a status error keeps the code and an excerpt of the body")
    func statusError() async throws {
        let error = await #expect(throws: APIError.self) {
            try await client.data(for: .get("/status/418"))
        }
        guard case .status(let code, _, let excerpt) = error else {
            Issue.record("expected a status error, got \(String(describing: error))")
            return
        }
        #expect(code == 418)
        #expect(excerpt == "status 418")
        let response = try await client.response(for: .get("/status/404"))
        #expect(response.status == 404)
    }

    @Test("a refused connection is a transport error, not swallowed")
    func refused() async throws {
        let stopped = try TestHTTPServer()
        let url = stopped.url("/json")
        stopped.stop()
        let error = await #expect(throws: APIError.self) {
            try await client.data(for: .get(url.absoluteString))
        }
        guard case .transport = error else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
    }

    @Test("a connection that closes early is a transport error")
    func closesEarly() async throws {
        await #expect(throws: APIError.self) {
            try await client.data(for: .get("/close-early"))
        }
    }

    @Test("a response over the size limit is stopped and reported")
    func sizeLimit() async throws {
        let small = APIClient(baseURL: server.baseURL, maxResponseBytes: 1_000, retryPolicy: .never)
        await #expect(throws: APIError.responseTooLarge(url: server.url("/large/100000").absoluteString, limit: 1_000))
        {
            try await small.data(for: .get("/large/100000"))
        }
        #expect(try await small.data(for: .get("/large/1000")).count == 1_000)
    }

    @Test("a request that takes longer than its timeout is a timeout error")
    func timeout() async throws {
        await #expect(throws: APIError.timeout(url: server.url("/delay/3000").absoluteString)) {
            try await client.data(for: .get("/delay/3000", timeout: .milliseconds(300)))
        }
    }

    @Test(
        "the content type comes from the header, else is sniffed from the first bytes",
        arguments: [
            ("png", ContentType.png), ("jpeg", .jpeg), ("gif", .gif), ("pdf", .pdf), ("xml", .xml), ("zip", .zip),
            ("json", .json),
        ])
    func sniffing(kind: String, expected: ContentType) async throws {
        #expect(try await client.response(for: .get("/sniff/\(kind)")).contentType == expected)
        #expect(try await client.response(for: .get("/json")).contentType == .json)
        #expect(try await client.response(for: .get("/status/200")).contentType == .text("plain"))
    }

    @Test("idempotent requests are retried on transient failures, with backoff on the injected clock")
    func retries() async throws {
        let clock = RecordingClock()
        let retrying = APIClient(
            baseURL: server.baseURL, retryPolicy: RetryPolicy(maxAttempts: 4, initialDelay: .milliseconds(100)),
            clock: clock)
        let body = try await retrying.data(for: .get("/flaky/a/2"))
        #expect(String(decoding: body, as: UTF8.self) == "recovered")
        #expect(clock.log.recorded == [.milliseconds(100), .milliseconds(200)])
        #expect(server.requestCount("/flaky/a/2") == 3)
    }

    @Test("a POST is not retried")
    func postNotRetried() async throws {
        let clock = RecordingClock()
        let retrying = APIClient(
            baseURL: server.baseURL, retryPolicy: RetryPolicy(maxAttempts: 4, initialDelay: .milliseconds(100)),
            clock: clock)
        let response = try await retrying.response(for: APIRequest(method: .post, path: "/flaky/b/2"))
        #expect(response.status == 503)
        #expect(clock.log.recorded.isEmpty)
        #expect(server.requestCount("/flaky/b/2") == 1)
    }

    @Test("concurrent identical GETs are coalesced into one network call")
    func coalescing() async throws {
        let bodies = try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0..<6 {
                group.addTask { try await client.data(for: .get("/asset/shared?delay=400")) }
            }
            return try await group.reduce(into: [Data]()) { $0.append($1) }
        }
        #expect(bodies.count == 6)
        #expect(Set(bodies).count == 1)
        #expect(server.requestCount("/asset/shared") == 1)
    }

    @Test("cancelling the caller cancels the request")
    func cancellation() async throws {
        let task = Task { try await client.data(for: .get("/delay/5000")) }
        task.cancel()
        let result = await task.result
        #expect(throws: APIError.cancelled(url: server.url("/delay/5000").absoluteString)) {
            try result.get()
        }
    }

    @Test("a request from a task cancelled before it was sent ends at once as cancelled")
    func cancelledBeforeSending() async throws {
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.data(for: .get("/delay/5000"))
        }
        let result = await task.result
        #expect(throws: APIError.cancelled(url: server.url("/delay/5000").absoluteString)) {
            try result.get()
        }
    }

    @Test("a path that is not an http URL is a typed error")
    func invalidURL() async throws {
        let bare = APIClient()
        await #expect(throws: APIError.invalidURL("/json")) {
            try await bare.data(for: .get("/json"))
        }
        await #expect(throws: APIError.invalidURL("file:///etc/passwd")) {
            try await bare.data(for: .get("file:///etc/passwd"))
        }
    }
}
