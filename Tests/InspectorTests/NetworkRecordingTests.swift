import BrigadeInspector
import BrigadeServices
import Foundation
import TestHTTPServer
import Testing

@Suite("Inspector: APIClient calls in the timeline")
@MainActor
struct NetworkRecordingTests {
    @Test("each call is an event with method, URL, status, duration and sizes; values stay out by default")
    func callsRecorded() async throws {
        let server = try TestHTTPServer()
        let client = APIClient(
            baseURL: server.baseURL, retryPolicy: .never, defaultHeaders: ["Authorization": "Bearer s3cr3t-token"])
        let inspector = Inspector()
        inspector.attach(to: client)
        _ = try await client.data(for: .get("/json", query: [URLQueryItem(name: "key", value: "q-secret")]))
        _ = try await client.response(for: APIRequest(method: .post, path: "/echo", body: Data("card=4242".utf8)))
        await #expect(throws: APIError.self) { try await client.data(for: .get("/status/503")) }

        let calls = await inspector.events().filter { $0.type == .network }.compactMap(\.network)
        try #require(calls.count == 3)
        #expect(calls.map(\.method) == ["GET", "POST", "GET"])
        #expect(calls.map(\.status) == [200, 200, 503])
        #expect(calls[0].url == server.url("/json").absoluteString + "?key=<redacted>")
        #expect(calls[0].responseBytes == #"{"name":"soup","price":6}"#.utf8.count)
        #expect(calls[1].requestBytes == 9)
        #expect(calls.allSatisfy { $0.milliseconds > 0 })
        #expect(calls[0].requestHeaders["authorization"] == "<redacted>")
        #expect(calls[0].responseHeaders?["content-type"] == "<redacted>")
        #expect(calls.allSatisfy { $0.requestBody == nil && $0.responseBody == nil })
        let written = try await inspector.session().data()
        for secret in ["s3cr3t-token", "q-secret", "card=4242"] {
            #expect(written.range(of: Data(secret.utf8)) == nil)
        }
    }

    @Test("shown on request: header values (credentials never), bodies and query values; a failure's reason")
    func detailShown() async throws {
        let server = try TestHTTPServer()
        let client = APIClient(
            baseURL: server.baseURL, defaultTimeout: .seconds(5), retryPolicy: .never,
            defaultHeaders: ["Authorization": "Bearer s3cr3t-token", "X-Trace": "t-1"])
        let inspector = Inspector()
        inspector.attach(to: client, showing: [.headers, .bodies, .queryValues])
        _ = try await client.response(for: APIRequest(method: .post, path: "/echo?page=2", body: Data("hello".utf8)))
        server.stop()
        await #expect(throws: APIError.self) { try await client.data(for: .get("/json")) }

        let calls = await inspector.events().compactMap(\.network)
        try #require(calls.count == 2)
        #expect(calls[0].url.hasSuffix("/echo?page=2"))
        #expect(calls[0].requestHeaders["x-trace"] == "t-1")
        #expect(calls[0].requestHeaders["authorization"] == "<redacted>")
        #expect(calls[0].requestBody == "hello")
        #expect(calls[0].responseBody?.contains("hello") == true)
        #expect(calls[1].status == nil && calls[1].responseBytes == nil)
        #expect(calls[1].error?.contains("/json") == true)
    }

    @Test("an attached client does not keep the inspector alive, and goes on after it")
    func detached() async throws {
        let server = try TestHTTPServer()
        let client = APIClient(baseURL: server.baseURL, retryPolicy: .never)
        var inspector: Inspector? = Inspector()
        inspector?.attach(to: client)
        weak let released = inspector
        inspector = nil
        #expect(released == nil)
        #expect(try await client.data(for: .get("/json")).isEmpty == false)
    }
}
