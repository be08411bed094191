import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 and a free port, for tests: the test suite starts it and stops it.
///
/// Routes (every response closes the connection):
/// - `/status/<code>`: that status, body `status <code>`;
/// - `/json`: `{"name":"soup","price":6}` as JSON;
/// - `/specials`: two specials of the day, as the Bistro example reads them;
/// - `/echo`: the request's method, path, query, headers and body, as JSON;
/// - `/delay/<ms>`: waits, then `late`;
/// - `/large/<bytes>`: that many bytes, with a Content-Length;
/// - `/close-early`: announces 1,000 bytes, sends 10, closes;
/// - `/flaky/<key>/<failures>`: 503 for the first `failures` requests of `key`, then `recovered`;
/// - `/sniff/<kind>`: a body of that kind (`png`, `jpeg`, `gif`, `pdf`, `xml`, `zip`, `json`) and no Content-Type;
/// - `/asset/<name>`: the bytes `asset <name>`, after `?delay=<ms>` if given;
/// - `/hold/<key>`: holds the response until ``release(_:)`` is called with `key` (at most 5 s), then `held <key>`;
/// - `/drip/<bytes>?every=<ms>`: announces `bytes` bytes and sends one every `every` milliseconds (100 by default);
/// - `/redirect?to=<url>&status=<code>`: a redirect (302 by default) to `url`;
/// - `/loop/<n>`: a redirect to `/loop/<n + 1>`, without end;
/// - `/retry-after/<key>?value=<header>&status=<code>`: the first request of `key` gets `code` (503 by default) with
///   `Retry-After: <header>`, the next ones `recovered`.
///
/// ``requestCount(_:)`` counts the requests per path, for coalescing tests; ``connectionCount`` counts the
/// connections accepted, whatever came over them; ``waitForRequest(_:timeout:)`` waits for a request to arrive.
public final class TestHTTPServer: Sendable {
    private let core: ServerCore

    /// The port the server listens on.
    public var port: UInt16 { core.port }

    /// The server's base URL, `http://127.0.0.1:<port>`.
    public var baseURL: URL { core.url("") }

    /// Starts the server on a free port of 127.0.0.1.
    public init() throws {
        core = try ServerCore()
    }

    /// Stops the server when the test releases it, so its threads end.
    deinit {
        core.stop()
    }

    /// Stops accepting connections.
    public func stop() {
        core.stop()
    }

    /// How many requests reached `path` (without its query).
    public func requestCount(_ path: String) -> Int {
        core.requestCount(path)
    }

    /// The URL of `path` on this server.
    public func url(_ path: String) -> URL {
        core.url(path)
    }

    /// How many connections the server accepted.
    public var connectionCount: Int {
        core.connectionCount
    }

    /// Waits until a request reached `path` (without its query); false when none did within `timeout` seconds.
    ///
    /// The wait blocks a thread of its own, never one of the concurrency pool: the request it waits for is sent by a
    /// task that needs the pool, and on a machine with two cores a blocked pool thread can stall it.
    public func waitForRequest(_ path: String, timeout: Double = 120) async -> Bool {
        let core = self.core
        return await withCheckedContinuation { continuation in
            Thread {
                continuation.resume(returning: core.waitForRequest(path, timeout: timeout))
            }.start()
        }
    }

    /// Lets the responses held under `/hold/<key>` go.
    public func release(_ key: String) {
        core.release(key)
    }
}

/// The server's sockets and threads. Its threads hold the core, not the ``TestHTTPServer``, so the server is released
/// when the test is done with it, and stopping it ends them.
final class ServerCore: @unchecked Sendable {
    // `lock` guards `counts`, `connections`, `released` and `isStopped`, and is signalled when a request arrives or a
    // key is released; the socket and port are immutable.
    private let lock = NSCondition()
    private var counts: [String: Int] = [:]
    private var connections = 0
    private var released: Set<String> = []
    private var isStopped = false
    private let listener: Int32
    let port: UInt16

    init() throws {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw ServerError.socket(errno) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 64) == 0 else {
            close(descriptor)
            throw ServerError.socket(errno)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        listener = descriptor
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    func stop() {
        let wasStopped = lock.withLock {
            defer { isStopped = true }
            return isStopped
        }
        // Only the accept loop closes the listener, once it has left `accept`. Closing it here would free its
        // descriptor number while the loop may be about to call `accept` on it again: a server started next reuses
        // the number, and this stopped server would take (and answer) the new server's connections. Shutting the
        // socket down makes a blocked or later `accept` fail, and the loop then ends.
        if !wasStopped {
            shutdown(listener, Int32(SHUT_RDWR))
        }
    }

    func requestCount(_ path: String) -> Int {
        lock.withLock { counts[path] ?? 0 }
    }

    var connectionCount: Int {
        lock.withLock { connections }
    }

    func waitForRequest(_ path: String, timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        return lock.withLock {
            while counts[path] == nil {
                if !lock.wait(until: deadline) { return false }
            }
            return true
        }
    }

    func release(_ key: String) {
        lock.withLock {
            released.insert(key)
            lock.broadcast()
        }
    }

    /// Waits until `key` is released, at most 5 s.
    private func hold(_ key: String) {
        let deadline = Date(timeIntervalSinceNow: 5)
        lock.withLock {
            while !released.contains(key) {
                if !lock.wait(until: deadline) { return }
            }
        }
    }

    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
    }

    enum ServerError: Error {
        case socket(Int32)
    }

    private func acceptLoop() {
        defer { close(listener) }
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if lock.withLock({ isStopped }) { return }
                continue
            }
            lock.withLock { connections += 1 }
            let thread = Thread { [self] in handle(connection) }
            thread.start()
        }
    }

    private struct Request {
        var method = ""
        var path = ""
        var query: [String: String] = [:]
        var headers: [String: String] = [:]
        var body = Data()
    }

    private func handle(_ connection: Int32) {
        defer { close(connection) }
        guard let request = read(connection) else { return }
        lock.withLock {
            counts[request.path, default: 0] += 1
            lock.broadcast()
        }
        respond(to: request, on: connection)
    }

    private func read(_ connection: Int32) -> Request? {
        var buffer = Data()
        var chunk = [UInt8](repeating: 0, count: 4_096)
        let separator = Data("\r\n\r\n".utf8)
        while buffer.range(of: separator) == nil {
            let count = recv(connection, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            buffer.append(contentsOf: chunk[0..<count])
        }
        guard let end = buffer.range(of: separator),
            let head = String(data: buffer[buffer.startIndex..<end.lowerBound], encoding: .utf8)
        else { return nil }
        var request = Request()
        let lines = head.components(separatedBy: "\r\n")
        let parts = lines.first?.split(separator: " ") ?? []
        guard parts.count >= 2 else { return nil }
        request.method = String(parts[0])
        let target = String(parts[1])
        let components = URLComponents(string: target)
        request.path = components?.path ?? target
        for item in components?.queryItems ?? [] {
            request.query[item.name] = item.value ?? ""
        }
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            request.headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        request.body = Data(buffer[end.upperBound...])
        let length = Int(request.headers["content-length"] ?? "0") ?? 0
        while request.body.count < length {
            let count = recv(connection, &chunk, chunk.count, 0)
            guard count > 0 else { break }
            request.body.append(contentsOf: chunk[0..<count])
        }
        return request
    }

    private func respond(to request: Request, on connection: Int32) {
        let segments = request.path.split(separator: "/").map(String.init)
        switch segments.first {
        case "status":
            let code = Int(segments.dropFirst().first ?? "") ?? 500
            send(connection, status: code, type: "text/plain", body: Data("status \(code)".utf8))
        case "json":
            send(connection, status: 200, type: "application/json", body: Data(#"{"name":"soup","price":6}"#.utf8))
        case "specials":
            let specials = #"[{"name":"Bouillabaisse","price":2200},{"name":"Tarte Tatin","price":900}]"#
            send(connection, status: 200, type: "application/json", body: Data(specials.utf8))
        case "echo":
            let echo: [String: Any] = [
                "method": request.method, "path": request.path, "query": request.query, "headers": request.headers,
                "body": String(data: request.body, encoding: .utf8) ?? "",
            ]
            let body = (try? JSONSerialization.data(withJSONObject: echo, options: [.sortedKeys])) ?? Data()
            send(connection, status: 200, type: "application/json", body: body)
        case "delay":
            wait(milliseconds: Int(segments.dropFirst().first ?? "") ?? 0)
            send(connection, status: 200, type: "text/plain", body: Data("late".utf8))
        case "large":
            let count = Int(segments.dropFirst().first ?? "") ?? 0
            send(connection, status: 200, type: "application/octet-stream", body: Data(repeating: 97, count: count))
        case "close-early":
            let head =
                "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\nConnection: close\r\n\r\n"
            write(connection, Data(head.utf8) + Data(repeating: 98, count: 10))
        case "flaky":
            let key = segments.dropFirst().first ?? ""
            let failures = Int(segments.dropFirst(2).first ?? "") ?? 0
            let seen = lock.withLock { () -> Int in
                counts["flaky:\(key)", default: 0] += 1
                return counts["flaky:\(key)", default: 0]
            }
            if seen <= failures {
                send(connection, status: 503, type: "text/plain", body: Data("try again".utf8))
            } else {
                send(connection, status: 200, type: "text/plain", body: Data("recovered".utf8))
            }
        case "sniff":
            send(connection, status: 200, type: nil, body: Self.sample(segments.dropFirst().first ?? ""))
        case "asset":
            wait(milliseconds: Int(request.query["delay"] ?? "") ?? 0)
            let name = segments.dropFirst().joined(separator: "/")
            send(connection, status: 200, type: "application/octet-stream", body: Data("asset \(name)".utf8))
        case "hold":
            let key = segments.dropFirst().joined(separator: "/")
            hold(key)
            send(connection, status: 200, type: "text/plain", body: Data("held \(key)".utf8))
        case "drip":
            drip(
                connection, count: Int(segments.dropFirst().first ?? "") ?? 0, every: Int(request.query["every"] ?? ""))
        case "redirect":
            let status = Int(request.query["status"] ?? "") ?? 302
            redirect(connection, status: status, to: request.query["to"] ?? "/")
        case "loop":
            let step = Int(segments.dropFirst().first ?? "") ?? 0
            redirect(connection, status: 302, to: "/loop/\(step + 1)")
        case "retry-after":
            let key = segments.dropFirst().first ?? ""
            let seen = lock.withLock { () -> Int in
                counts["retry-after:\(key)", default: 0] += 1
                return counts["retry-after:\(key)", default: 0]
            }
            if seen == 1 {
                let status = Int(request.query["status"] ?? "") ?? 503
                let extra = "Retry-After: \(request.query["value"] ?? "")\r\n"
                send(connection, status: status, type: "text/plain", body: Data("later".utf8), extraHeaders: extra)
            } else {
                send(connection, status: 200, type: "text/plain", body: Data("recovered".utf8))
            }
        default:
            send(connection, status: 404, type: "text/plain", body: Data("no route \(request.path)".utf8))
        }
    }

    private static func sample(_ kind: String) -> Data {
        switch kind {
        case "png": return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0])
        case "jpeg": return Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0])
        case "gif": return Data("GIF89a....".utf8)
        case "pdf": return Data("%PDF-1.7\n".utf8)
        case "xml": return Data("<?xml version=\"1.0\"?><a/>".utf8)
        case "zip": return Data([0x50, 0x4B, 0x03, 0x04, 0, 0])
        case "json": return Data("  {\"a\": 1}".utf8)
        default: return Data("plain".utf8)
        }
    }

    /// The server's own pacing of a slow response; nothing in the tests waits on time.
    private func wait(milliseconds: Int) {
        if milliseconds > 0 {
            usleep(useconds_t(milliseconds * 1_000))
        }
    }

    /// Sends the head of `count` bytes at once, then the bytes one at a time, `every` milliseconds apart, until
    /// they are all sent or the client goes.
    private func drip(_ connection: Int32, count: Int, every: Int?) {
        let head =
            "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: \(count)\r\nConnection: close\r\n\r\n"
        guard write(connection, Data(head.utf8)) else { return }
        for _ in 0..<count {
            wait(milliseconds: every ?? 100)
            guard write(connection, Data([100])) else { return }
        }
    }

    private func redirect(_ connection: Int32, status: Int, to location: String) {
        send(
            connection, status: status, type: "text/plain", body: Data("see \(location)".utf8),
            extraHeaders: "Location: \(location)\r\n")
    }

    private func send(_ connection: Int32, status: Int, type: String?, body: Data, extraHeaders: String = "") {
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
        head += extraHeaders
        if let type {
            head += "Content-Type: \(type)\r\n"
        }
        head += "\r\n"
        write(connection, Data(head.utf8) + body)
    }

    /// Writes `data`; false when the client is gone.
    @discardableResult
    private func write(_ connection: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count, let base = bytes.baseAddress {
                let sent = Glibc.send(connection, base + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 404: return "Not Found"
        case 500: return "Internal Server Error"
        case 503: return "Service Unavailable"
        default: return "Status"
        }
    }
}
