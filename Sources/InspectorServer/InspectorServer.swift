import BrigadeInspector
import BrigadeLocking
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The server behind `brigade-tool inspect`: it takes an inspected app's connection (JSON lines, see
/// docs/Inspector.md) on ``appPort`` and serves the page and its JSON on ``pagePort``.
///
/// The page's endpoints:
/// - `GET /`: the page.
/// - `GET /api/events?since=N&wait=1&connected=B&limit=L`: `{"connected", "hello", "events", "resumedAt",
///   "notes"}`, the events after seq `N` (at most `L`, 2,000 by default: a page catching up on a long session asks
///   again); with `wait=1`, held up to 10 s until there is one, or the connection is no longer `B`.
/// - `POST /api/travel` with `{"to": N}`, `POST /api/resume`: sent to the app; 409 when no app is connected.
/// - `POST /api/dispatch` with `{"action": type name, "payload": JSON}`, `POST /api/skip` with `{"from": N, "to": M,
///   "skip": [seq]}`, `POST /api/import` with `{"state": JSON}`: sent to the app, which records what it did, or a
///   `command` event with the reason it could not; 409 when no app is connected.
/// - `GET /api/session`: the session file (JSON lines), for download.
///
/// Every response closes its connection. A request larger than 64 KiB, or not HTTP, gets a 4xx; more than
/// ``requestLimit`` requests at once get a 503; the server never stops for a bad request. Binds 127.0.0.1 unless
/// told another address (an iPhone on the local network needs the Mac's address or `0.0.0.0`).
package final class InspectorServer: Sendable {
    /// The port the page is served on.
    package let pagePort: UInt16
    /// The port apps connect to.
    package let appPort: UInt16
    /// The address both listen on.
    package let host: String
    /// What the server knows of the app.
    let sessions: InspectorSessionStore
    private let pageListener: Int32
    private let appListener: Int32
    /// The connection of the app commands go to. Its lock is held while the descriptor is shut down, written to or
    /// closed, so that none of these reaches a number the system already gave to another socket (a page request's,
    /// whose client would then get an empty reply).
    private let app = Locked<Int32?>(nil)
    /// Whether ``start()`` and ``stop()`` were called, and the listeners not closed yet. A listener is shut down or
    /// closed only under this lock, and only while it is in `openListeners`: a descriptor number, once closed, is the
    /// next socket's.
    private let lifecycle: Locked<Lifecycle>

    private struct Lifecycle {
        var isStarted = false
        var isStopped = false
        var openListeners: Set<Int32>
    }
    private let requestsUnderWay = Locked(0)

    /// How many page requests are served at once (each long poll holds one for up to 10 s); more get a 503.
    package static let requestLimit = 64

    /// Listens on `host`, `pagePort` and `appPort` (0: free ports); call ``start()`` to serve.
    /// - Throws: ``InspectorServerError/cannotListen(host:port:reason:)``.
    package init(
        host: String = "127.0.0.1", pagePort: UInt16 = 9430, appPort: UInt16 = 9431, eventLimit: Int = 100_000
    )
        throws(InspectorServerError)
    {
        self.host = host
        let page = try Sockets.listener(host: host, port: pagePort)
        let app: (descriptor: Int32, port: UInt16)
        do {
            app = try Sockets.listener(host: host, port: appPort)
        } catch {
            Sockets.shut(page.descriptor)
            throw error
        }
        pageListener = page.descriptor
        self.pagePort = page.port
        appListener = app.descriptor
        self.appPort = app.port
        sessions = InspectorSessionStore(limit: eventLimit)
        lifecycle = Locked(Lifecycle(openListeners: [page.descriptor, app.descriptor]))
        #if canImport(Darwin)
        signal(SIGPIPE, SIG_IGN)
        #endif
    }

    /// Serves both ports, each connection on a thread of its own, until ``stop()``.
    package func start() {
        let starts = lifecycle.withLock { state -> Bool in
            guard !state.isStarted, !state.isStopped else { return false }
            state.isStarted = true
            return true
        }
        guard starts else { return }
        Sockets.spawn("brigade.inspect.apps") { [self] in acceptApps() }
        Sockets.spawn("brigade.inspect.page") { [self] in acceptPages() }
    }

    /// Shows `session` (read from a file) on the page, as if its app had sent it and gone; `notes`, what of the file
    /// was left out, are shown above the timeline. An app that connects later replaces it.
    package func open(_ session: InspectorSession, notes: [String] = []) {
        sessions.open(session, notes: notes)
    }

    /// Stops listening and drops the app's connection.
    package func stop() {
        lifecycle.withLock { state in
            state.isStopped = true
            for listener in state.openListeners {
                if state.isStarted {
                    // Its accept loop closes it once it has left `accept`: closed here, the number could be given to
                    // a new socket before the loop's next `accept`, which would take that socket's connections.
                    shutdown(listener, Int32(SHUT_RDWR))
                } else {
                    close(listener)
                    state.openListeners.remove(listener)
                }
            }
        }
        app.withLock { descriptor in
            if let descriptor {
                shutdown(descriptor, Int32(SHUT_RDWR))
            }
        }
    }

    private var isStopped: Bool { lifecycle.withLock { $0.isStopped } }

    /// Closes `listener`, as its accept loop ends.
    private func closeListener(_ listener: Int32) {
        lifecycle.withLock { state in
            if state.openListeners.remove(listener) != nil {
                close(listener)
            }
        }
    }

    // MARK: - The app

    private func acceptApps() {
        defer { closeListener(appListener) }
        while let descriptor = Sockets.accept(appListener, until: { isStopped }) {
            // A command is written holding the connection's lock (see `app`): an app that stops reading makes it fail
            // after 10 s rather than hold the lock.
            Sockets.setWriteTimeout(descriptor, seconds: 10)
            // The newest app is the one commands go to; an older connection is dropped.
            app.withLock { current in
                if let older = current {
                    shutdown(older, Int32(SHUT_RDWR))
                }
                current = descriptor
                if isStopped {
                    shutdown(descriptor, Int32(SHUT_RDWR))  // taken as `stop()` began: it may have shut `current` first
                }
            }
            Sockets.spawn("brigade.inspect.app") { [self] in serveApp(descriptor) }
        }
    }

    private func serveApp(_ descriptor: Int32) {
        var pending = Data()
        var saidHello = false
        let decoder = JSONDecoder()
        reading: while let chunk = Sockets.read(descriptor) {
            pending.append(chunk)
            while let newline = pending.firstIndex(of: 0x0A) {
                let line = pending[pending.startIndex..<newline]
                pending = Data(pending[(newline + 1)...])
                if !saidHello {
                    guard let hello = try? decoder.decode(InspectorHello.self, from: line),
                        hello.version <= InspectorHello.currentVersion
                    else { break reading }  // not an inspected app, or a newer one: drop it
                    sessions.begin(hello)
                    saidHello = true
                } else if let event = try? decoder.decode(InspectorEventLine.self, from: line).event {
                    sessions.add(event)
                }
            }
            if pending.count > 16 << 20 {
                break  // a line of 16 MiB is no event
            }
        }
        let wasCurrent = app.withLock { current -> Bool in
            defer { close(descriptor) }
            guard current == descriptor else { return false }
            current = nil
            return true
        }
        if wasCurrent {
            sessions.disconnected()
        }
    }

    /// Sends `command` to the app; `false` when none is connected.
    package func send(_ command: InspectorCommand) -> Bool {
        guard var data = try? JSONEncoder().encode(command) else { return false }
        data.append(0x0A)
        // Written under the lock (see `app`): the app reads its commands as they come, so the write does not wait on
        // it for long.
        return app.withLock { descriptor in
            guard let descriptor else { return false }
            return Sockets.write(data, to: descriptor)
        }
    }

    // MARK: - The page

    private func acceptPages() {
        defer { closeListener(pageListener) }
        while let descriptor = Sockets.accept(pageListener, until: { isStopped }) {
            let admitted = requestsUnderWay.withLock { count -> Bool in
                guard count < Self.requestLimit else { return false }
                count += 1
                return true
            }
            guard admitted else {
                _ = Sockets.write(HTTPResponse(status: 503, text: "too many requests at once").data, to: descriptor)
                Sockets.shut(descriptor)
                continue
            }
            Sockets.spawn("brigade.inspect.request") { [self] in
                Sockets.setReadTimeout(descriptor, seconds: 10)
                let response = HTTPRequest.read(from: descriptor).map(respond) ?? HTTPResponse.badRequest
                _ = Sockets.write(response.data, to: descriptor)
                Sockets.shut(descriptor)
                requestsUnderWay.withLock { $0 -= 1 }
            }
        }
    }

    /// The response to `request`.
    func respond(to request: HTTPRequest) -> HTTPResponse {
        switch (request.method, request.path) {
        case ("GET", "/"), ("GET", "/index.html"):
            return HTTPResponse(status: 200, type: "text/html; charset=utf-8", body: Data(InspectorPage.html.utf8))
        case ("GET", "/api/events"):
            let since = request.query["since"].flatMap(Int.init) ?? 0
            let wait = request.query["wait"] == "1"
            let limit = request.query["limit"].flatMap(Int.init) ?? 2_000
            let wasConnected = request.query["connected"].map { $0 == "true" }
            let page = sessions.events(since: since, count: limit, wasConnected: wasConnected, timeout: wait ? 10 : 0)
            return .json(
                EventsPage(
                    connected: page.connected, hello: page.hello, events: page.events, resumedAt: page.resumedAt,
                    notes: page.notes))
        case ("POST", "/api/travel"):
            guard let body = try? JSONDecoder().decode(TravelRequest.self, from: request.body) else {
                return HTTPResponse(status: 400, text: "expected {\"to\": seq}")
            }
            return send(.travel(to: body.to)) ? HTTPResponse(status: 202, text: "sent") : .noApp
        case ("POST", "/api/resume"):
            guard send(.resume) else { return .noApp }
            sessions.resumed()
            return HTTPResponse(status: 202, text: "sent")
        case ("POST", "/api/dispatch"):
            guard let body = try? JSONDecoder().decode(DispatchRequest.self, from: request.body) else {
                return HTTPResponse(status: 400, text: "expected {\"action\": type name, \"payload\": JSON}")
            }
            return send(.dispatch(body.action, payload: body.payload))
                ? HTTPResponse(status: 202, text: "sent") : .noApp
        case ("POST", "/api/skip"):
            guard let body = try? JSONDecoder().decode(SkipRequest.self, from: request.body), body.from <= body.to
            else {
                return HTTPResponse(status: 400, text: "expected {\"from\": seq, \"to\": seq, \"skip\": [seq]}")
            }
            return send(.skip(body.skip, from: body.from, to: body.to))
                ? HTTPResponse(status: 202, text: "sent") : .noApp
        case ("POST", "/api/import"):
            guard let body = try? JSONDecoder().decode(ImportRequest.self, from: request.body) else {
                return HTTPResponse(status: 400, text: "expected {\"state\": JSON}")
            }
            return send(.importState(body.state)) ? HTTPResponse(status: 202, text: "sent") : .noApp
        case ("GET", "/api/session"):
            guard let session = sessions.session(), let data = try? session.data() else {
                return HTTPResponse(status: 404, text: "no session yet: no app has connected")
            }
            var response = HTTPResponse(status: 200, type: "application/x-ndjson", body: data)
            response.headers["Content-Disposition"] = "attachment; filename=\"\(session.hello.app).brigade-session\""
            return response
        case (_, "/"), (_, "/api/events"), (_, "/api/travel"), (_, "/api/resume"), (_, "/api/session"),
            (_, "/api/dispatch"), (_, "/api/skip"), (_, "/api/import"):
            return HTTPResponse(status: 405, text: "method not allowed")
        default:
            return HTTPResponse(status: 404, text: "not found")
        }
    }

    private struct EventsPage: Encodable {
        let connected: Bool
        let hello: InspectorHello?
        let events: [InspectorEvent]
        let resumedAt: Int?
        let notes: [String]
    }

    private struct TravelRequest: Decodable {
        let to: Int
    }

    private struct DispatchRequest: Decodable {
        let action: String
        let payload: InspectorValue
    }

    private struct SkipRequest: Decodable {
        let from: Int
        let to: Int
        let skip: [Int]
    }

    private struct ImportRequest: Decodable {
        let state: InspectorValue
    }
}
