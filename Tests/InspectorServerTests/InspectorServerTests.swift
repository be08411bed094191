import BrigadeCore
import BrigadeInspector
import BrigadeRedux
import Foundation
import Testing

@testable import BrigadeInspectorServer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Sends `text` as it is to the server on `port` (what no HTTP client would send) and returns all it answers.
func rawExchange(port: UInt16, _ text: String) -> String {
    #if canImport(Glibc)
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    guard connected == 0, Sockets.write(Data(text.utf8), to: descriptor) else { return "" }
    var response = Data()
    while let chunk = Sockets.read(descriptor) {
        response.append(chunk)
    }
    return String(decoding: response, as: UTF8.self)
}

struct Tally: Codable, Equatable, Sendable { var count = 0 }
struct Add: Action, Codable { let amount: Int }

@MainActor
func makeTallyStore() -> Store<Tally> {
    let store = Store(initialState: Tally())
    store.reducers.add(on: \Tally.count) { (count: inout Int, action: Add) in count += action.amount }
    return store
}

struct EventsPage: Decodable {
    let connected: Bool
    let hello: InspectorHello?
    let events: [InspectorEvent]
    let resumedAt: Int?
}

/// The page's side of the server: plain HTTP requests.
struct Page: Sendable {
    let port: UInt16

    func request(_ method: String, _ path: String, body: String? = nil) async throws -> (Int, Data) {
        guard let url = URL(string: "http://127.0.0.1:\(port)\(path)") else { throw URLError(.badURL) }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpBody = body.map { Data($0.utf8) }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }

    func events(since: Int = 0) async throws -> EventsPage {
        try JSONDecoder().decode(EventsPage.self, from: try await request("GET", "/api/events?since=\(since)").1)
    }

    /// Asks for events until `condition` holds (the long poll waits for news), at most 20 rounds.
    func waitFor(_ condition: @Sendable (EventsPage) -> Bool) async throws -> EventsPage {
        var page = try await events()
        for _ in 0..<20 where !condition(page) {
            let (_, data) = try await request(
                "GET", "/api/events?since=\(page.events.last?.seq ?? 0)&wait=1&connected=\(page.connected)")
            _ = data
            page = try await events()
        }
        return page
    }
}

/// A server on free ports, a tally store with an inspector attached (not yet connected), and the page's side.
@MainActor
final class ServedTally {
    let server: InspectorServer
    let page: Page
    let store = makeTallyStore()
    let inspector = Inspector(app: "Tally")

    init() throws {
        server = try InspectorServer(pagePort: 0, appPort: 0)
        server.start()
        page = Page(port: server.pagePort)
        inspector.attach(to: store)
    }

    func connect() {
        inspector.connect(port: server.appPort)
    }

    func stop() {
        inspector.disconnect()
        server.stop()
    }
}

@Suite("brigade-tool inspect: the server between the app and the page")
@MainActor
struct InspectorServerTests {
    @Test("the app's events reach the page, with its hello, and a travel asked by the page puts the app back")
    func eventsAndTravel() async throws {
        let tally = try ServedTally()
        defer { tally.stop() }
        let (page, store) = (tally.page, tally.store)
        tally.connect()
        store.dispatch(Add(amount: 2))
        store.dispatch(Add(amount: 3))

        let seen = try await page.waitFor { $0.events.count >= 3 }
        #expect(seen.connected)
        #expect(seen.hello?.app == "Tally")
        #expect(seen.events.map(\.action) == ["@initial", "Add", "Add"])

        let (status, _) = try await page.request("POST", "/api/travel", body: #"{"to":2}"#)
        #expect(status == 202)
        while store.currentState.count != 2 { await Task.yield() }
        let afterTravel = try await page.waitFor { $0.events.contains { $0.type == .travel } }
        #expect(afterTravel.events.last?.to == 2)
    }

    @Test("an app that reconnects sends its ring again; the page sees each event once")
    func reconnectionIsDeduplicated() async throws {
        let tally = try ServedTally()
        defer { tally.stop() }
        let (page, store) = (tally.page, tally.store)
        tally.connect()
        store.dispatch(Add(amount: 1))
        _ = try await page.waitFor { $0.events.count >= 2 }
        tally.inspector.disconnect()
        _ = try await page.waitFor { !$0.connected }
        store.dispatch(Add(amount: 1))
        tally.connect()
        let page2 = try await page.waitFor { $0.events.count >= 3 && $0.connected }
        #expect(page2.events.map(\.seq) == [1, 2, 3])
    }

    @Test("a page catches up in pages of the size it asks for, and learns that travel mode was left after a reload")
    func pagesAndResume() async throws {
        let server = try InspectorServer(pagePort: 0, appPort: 0)
        server.start()
        defer { server.stop() }
        let page = Page(port: server.pagePort)
        let store = makeTallyStore()
        let inspector = Inspector(app: "Tally")
        inspector.attach(to: store)
        inspector.connect(port: server.appPort)
        defer { inspector.disconnect() }
        for amount in 1...4 {
            store.dispatch(Add(amount: amount))
        }
        _ = try await page.waitFor { $0.events.count >= 5 }
        let decoder = JSONDecoder()
        let first = try decoder.decode(
            EventsPage.self, from: try await page.request("GET", "/api/events?since=0&limit=2").1)
        #expect(first.events.map(\.seq) == [1, 2])
        let second = try decoder.decode(
            EventsPage.self, from: try await page.request("GET", "/api/events?since=2&limit=2").1)
        #expect(second.events.map(\.seq) == [3, 4])
        #expect(second.resumedAt == nil)

        #expect(try await page.request("POST", "/api/travel", body: #"{"to":3}"#).0 == 202)
        let travelled = try await page.waitFor { $0.events.contains { $0.type == .travel } }
        #expect(try await page.request("POST", "/api/resume").0 == 202)
        let reloaded = try await page.events()
        #expect(reloaded.resumedAt == travelled.events.last?.seq)
    }

    @Test("the page's dispatch, skip and import reach the app as commands")
    func drivingCommands() async throws {
        let tally = try ServedTally()
        defer { tally.stop() }
        let (page, store) = (tally.page, tally.store)
        tally.connect()
        store.dispatch(Add(amount: 5))  // seq 2
        _ = try await page.waitFor { $0.connected && $0.events.count >= 2 }
        #expect(
            try await page.request("POST", "/api/dispatch", body: #"{"action":"Add","payload":{"amount":3}}"#).0 == 202)
        var seen = try await page.waitFor { $0.events.count >= 3 }
        #expect(store.currentState.count == 8)
        #expect(try await page.request("POST", "/api/skip", body: #"{"from":1,"to":3,"skip":[2]}"#).0 == 202)
        seen = try await page.waitFor { $0.events.count >= 5 }  // the travel, the Add replayed
        #expect(store.currentState.count == 3)
        #expect(try await page.request("POST", "/api/import", body: #"{"state":{"count":40}}"#).0 == 202)
        seen = try await page.waitFor { $0.events.contains { $0.action == "@import" } }
        #expect(store.currentState.count == 40)
        #expect(seen.events.last?.origin?.kind == "tool")
    }

    @Test("the session export is a session file the library reads back")
    func export() async throws {
        let tally = try ServedTally()
        defer { tally.stop() }
        let (page, store) = (tally.page, tally.store)
        #expect(try await page.request("GET", "/api/session").0 == 404)
        tally.connect()
        store.dispatch(Add(amount: 5))
        _ = try await page.waitFor { $0.events.count >= 2 }
        let (status, data) = try await page.request("GET", "/api/session")
        #expect(status == 200)
        let session = try InspectorSession(data: data)
        #expect(session.hello.app == "Tally")
        #expect(try session.actions.last?.state?.decode(as: Tally.self) == Tally(count: 5))
    }

    @Test("bad requests get a 4xx and the server goes on")
    func badRequests() async throws {
        let server = try InspectorServer(pagePort: 0, appPort: 0)
        server.start()
        defer { server.stop() }
        let page = Page(port: server.pagePort)
        #expect(try await page.request("GET", "/nothing").0 == 404)
        #expect(try await page.request("DELETE", "/api/events").0 == 405)
        #expect(try await page.request("POST", "/api/travel", body: "not json").0 == 400)
        #expect(try await page.request("POST", "/api/travel", body: #"{"to":1}"#).0 == 409)
        #expect(try await page.request("POST", "/api/resume").0 == 409)
        #expect(try await page.request("POST", "/api/dispatch", body: #"{"action":"Add"}"#).0 == 400)
        #expect(try await page.request("POST", "/api/dispatch", body: #"{"action":"Add","payload":{}}"#).0 == 409)
        #expect(try await page.request("POST", "/api/skip", body: #"{"from":5,"to":2,"skip":[]}"#).0 == 400)
        #expect(try await page.request("POST", "/api/import", body: #"{"state":{}}"#).0 == 409)
        #expect(try await page.request("GET", "/api/import").0 == 405)
        let (status, html) = try await page.request("GET", "/")
        #expect(status == 200)
        #expect(String(decoding: html, as: UTF8.self).contains("Brigade Inspector"))
    }

    @Test("a request that is not HTTP, or announces a body over 64 KiB, gets a 400; the server goes on")
    func malformedRequests() async throws {
        let server = try InspectorServer(pagePort: 0, appPort: 0)
        server.start()
        defer { server.stop() }
        #expect(rawExchange(port: server.pagePort, "hello there\r\n\r\n").hasPrefix("HTTP/1.1 400 "))
        let huge = "POST /api/travel HTTP/1.1\r\nContent-Length: 10000000\r\n\r\n{"
        #expect(rawExchange(port: server.pagePort, huge).hasPrefix("HTTP/1.1 400 "))
        let fine = rawExchange(port: server.pagePort, "GET /api/events?since=0 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(fine.hasPrefix("HTTP/1.1 200 "))
        #expect(fine.contains(#""connected":false"#))
    }

    @Test("a port in use is a typed error naming it")
    func portInUse() throws {
        let server = try InspectorServer(pagePort: 0, appPort: 0)
        defer { server.stop() }
        #expect(throws: InspectorServerError.self) { try InspectorServer(pagePort: server.pagePort, appPort: 0) }
    }

    @Test("a server stopped again, or stopped without starting, leaves the sockets opened since alone")
    func stopsOnce() throws {
        let first = try InspectorServer(pagePort: 0, appPort: 0)
        first.start()
        first.stop()
        let idle = try InspectorServer(pagePort: 0, appPort: 0)
        idle.stop()
        // The system gives a new socket the lowest free number: this server's may be the numbers the others had.
        let server = try InspectorServer(pagePort: 0, appPort: 0)
        server.start()
        defer { server.stop() }
        first.stop()
        idle.stop()
        for _ in 0..<2 {
            let answer = rawExchange(port: server.pagePort, "GET /api/events?since=0 HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(answer.hasPrefix("HTTP/1.1 200 "))
        }
    }
}

@Suite("brigade-tool inspect --emit-test")
struct EmitTestTests {
    static let session = """
        {"app":"Tally","kind":"hello","ringSize":10,"sessionID":"s","startTime":0,"stateIsCodable":true,\
        "stateType":"Tally","version":1}
        {"event":{"action":"@initial","seq":1,"state":{"count":0},"time":0,"type":"action"},"kind":"event"}
        {"event":{"action":"Add","payload":{"amount":2},"seq":2,"state":{"count":2},"time":1,"type":"action"},"kind":"event"}

        """

    @Test("the emitted test embeds the session and replays it with the app's factories")
    func emitted() throws {
        let session = try InspectorSession(data: Data(Self.session.utf8))
        let source = try SessionTestWriter(
            session: session, sessionFile: "tally.brigade-session", module: "TallyApp",
            storeFactory: "makeTallyStore", registryFactory: "makeTallyRegistry", name: "Tally bug"
        ).source()
        #expect(source.contains("import TallyApp"))
        #expect(source.contains("struct Tally_bugTests"))
        #expect(source.contains("TestStore(store: makeTallyStore())"))
        #expect(source.contains("registry: makeTallyRegistry()"))
        #expect(source.contains(#"{"event":{"action":"Add","payload":{"amount":2}"#))
        // Without a registry factory, the replay takes the action types from the store's reducers.
        let plain = try SessionTestWriter(
            session: session, sessionFile: "tally.brigade-session", module: "TallyApp",
            storeFactory: "makeTallyStore", registryFactory: nil, name: nil
        ).source()
        #expect(plain.contains("try await InspectorReplay.check(session: session, store: store)\n"))
    }

    @Test("bad arguments and bad session files are clear errors")
    func badInput() throws {
        #expect(throws: InspectCommandError.usage("--port 99999 is not a port (0-65535)")) {
            try InspectCommand.parse(["--port", "99999"])
        }
        #expect(throws: InspectCommandError.usage("unknown option --frobnicate")) {
            try InspectCommand.parse(["--frobnicate"])
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cut-\(UUID()).brigade-session")
        try Data(Self.session.dropLast(20).utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let options = try InspectCommand.parse(["--emit-test", file.path])
        #expect(throws: InspectorError.truncated(line: 3)) {
            try InspectCommand.emitTest(options: options, session: file.path)
        }
    }
}

/// An account whose password and token are kept out of records.
struct Login: Codable, Equatable, Sendable {
    var user = ""
    @Redacted var token: String = ""
}

struct SignIn: Action, Codable {
    var user: String
    @Redacted var password: String
}

struct RotateToken: RedactedAction, Codable { let token: String }

@Suite("brigade-tool inspect: redacted values")
@MainActor
struct RedactedSessionTests {
    @Test("the page, the session it exports and the test emitted from it hold no secret; the test gives stand-ins")
    func noSecretServed() async throws {
        let server = try InspectorServer(pagePort: 0, appPort: 0)
        server.start()
        defer { server.stop() }
        let page = Page(port: server.pagePort)
        let store = Store(initialState: Login())
        store.reducers.add(on: \Login.self) { (login: inout Login, action: SignIn) in
            login.user = action.user
            login.token = "session-" + action.password
        }
        store.reducers.add(on: \Login.token) { (token: inout String, action: RotateToken) in token = action.token }
        let inspector = Inspector(app: "Login")
        inspector.attach(to: store)
        inspector.connect(port: server.appPort)
        defer { inspector.disconnect() }
        store.dispatch(SignIn(user: "ada", password: "hunter2"))
        store.dispatch(RotateToken(token: "tok-8f3a"))
        let events = try await page.waitFor { $0.events.count >= 3 }
        #expect(events.events.last?.payload == ["token": "<redacted>"])

        let served = [
            try await page.request("GET", "/api/events?since=0").1,
            try await page.request("GET", "/api/session").1,
        ]
        let session = try InspectorSession(data: served[1])
        let source = try SessionTestWriter(
            session: session, sessionFile: "login.brigade-session", module: "LoginApp",
            storeFactory: "makeLoginStore", registryFactory: nil, name: nil
        ).source()
        for bytes in served + [Data(source.utf8)] {
            for secret in ["hunter2", "tok-8f3a"] {
                #expect(bytes.range(of: Data(secret.utf8)) == nil)
            }
        }
        #expect(source.contains(#""SignIn.password": "redacted","#))
        #expect(source.contains(#""RotateToken.token": "redacted","#))
        #expect(source.contains("store: store, redactedValues: Self.redactedValues)"))
    }
}

@Suite("brigade-tool inspect --open: a session file on the page")
@MainActor
struct OpenSessionTests {
    /// A session whose line 3 was hand-edited into bad JSON, line 4 holds a kind of event this Brigade does not know,
    /// and line 6 comes out of order.
    static let damaged = """
        {"app":"Tally","kind":"hello","ringSize":10,"sessionID":"s","startTime":0,"stateIsCodable":true,\
        "stateType":"Tally","version":1}
        {"event":{"action":"@initial","seq":1,"state":{"count":0},"time":0,"type":"action"},"kind":"event"}
        {"event":{"action":"Add","payload":{"amount":2},"seq":2,"state":{"count":2
        {"event":{"seq":3,"time":1,"type":"hologram"},"kind":"event"}
        {"event":{"action":"Add","payload":{"amount":3},"seq":4,"state":{"count":5},"time":2,"type":"action"},"kind":"event"}
        {"event":{"action":"Add","payload":{"amount":1},"seq":4,"state":{"count":6},"time":3,"type":"action"},"kind":"event"}

        """

    @Test("the lines that read open; each one left out is named by its line")
    func recovering() throws {
        #expect(throws: InspectorError.self) { try InspectorSession(data: Data(Self.damaged.utf8)) }
        let (session, skipped) = try InspectorSession.recovering(from: Data(Self.damaged.utf8))
        #expect(session.events.map(\.seq) == [1, 4])
        #expect(skipped.count == 3)
        #expect(skipped.map(\.description).map { $0.prefix(7) } == ["line 3:", "line 4:", "line 6:"])
        #expect(skipped[2] == .outOfOrder(line: 6, seq: 4, after: 4))
        #expect(throws: InspectorError.empty) { try InspectorSession.recovering(from: Data()) }
    }

    @Test("an opened session is on the page with its notes, until an app connects")
    func openedOnThePage() async throws {
        let server = try InspectorServer(pagePort: 0, appPort: 0)
        server.start()
        defer { server.stop() }
        let (session, skipped) = try InspectorSession.recovering(from: Data(Self.damaged.utf8))
        server.open(session, notes: skipped.map(\.description))
        let page = Page(port: server.pagePort)
        let (_, data) = try await page.request("GET", "/api/events?since=0")
        let shown = try JSONDecoder().decode(NotedPage.self, from: data)
        #expect(shown.events.map(\.seq) == [1, 4])
        #expect(!shown.connected && shown.hello?.app == "Tally")
        #expect(shown.notes.count == 3 && shown.notes[0].hasPrefix("line 3:"))
        #expect(try await page.request("GET", "/api/session").0 == 200)
    }

    struct NotedPage: Decodable {
        let connected: Bool
        let hello: InspectorHello?
        let events: [InspectorEvent]
        let notes: [String]
    }
}
