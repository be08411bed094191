import BrigadeServices
import Foundation
import TestHTTPServer
import Testing

@Suite("APIClient over many requests")
struct APIClientBookkeepingTests {
    /// Waits (yielding, up to 10 s) until `client` has no request under way: a cancelled shared GET ends its
    /// transfer shortly after its callers returned.
    static func settled(_ client: APIClient) async -> Int {
        let deadline = ContinuousClock.now + .seconds(10)
        while client.pendingBookkeeping > 0, ContinuousClock.now < deadline {
            await Task.yield()
        }
        return client.pendingBookkeeping
    }

    /// 60 rounds of three identical GETs at once (one shared call), a GET answered 503 then 200 (retried), and two
    /// GETs cancelled while the server delays them.
    static func exercise(_ client: APIClient) async throws {
        for round in 0..<60 {
            async let first = client.data(for: .get("/json"))
            async let second = client.data(for: .get("/json"))
            async let third = client.data(for: .get("/json"))
            let bodies = try await [first, second, third]
            #expect(Set(bodies).count == 1)
            let recovered = try await client.response(for: .get("/flaky/bookkeeping-\(round)/1"))
            #expect(recovered.status == 200)
            let late = Task { try await client.data(for: .get("/delay/1000")) }
            let other = Task { try await client.data(for: .get("/delay/1000")) }
            await Task.yield()
            late.cancel()
            other.cancel()
            for task in [late, other] {
                await #expect(throws: APIError.self) { try await task.value }
            }
        }
    }

    @Test("after many coalesced, retried and cancelled requests the client's bookkeeping is empty and it is released")
    func bookkeepingReturnsToEmpty() async throws {
        let server = try TestHTTPServer()
        var client: APIClient? = APIClient(
            baseURL: server.baseURL, retryPolicy: RetryPolicy(maxAttempts: 2, initialDelay: .zero))
        weak let released = client
        if let used = client {
            try await Self.exercise(used)
            #expect(await Self.settled(used) == 0)
        }
        client = nil
        let deadline = ContinuousClock.now + .seconds(5)
        while released != nil, ContinuousClock.now < deadline {
            await Task.yield()
        }
        #expect(released == nil)
    }
}
