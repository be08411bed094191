import Foundation

/// An HTTP/1.1 request as the inspector's server reads it: method, path, query and body.
struct HTTPRequest: Sendable {
    /// The largest request read: headers and body together.
    static let limit = 64 * 1_024

    var method: String
    var path: String
    var query: [String: String]
    var body: Data

    /// Parses a request from its text; `nil` when it is not HTTP/1.x.
    init?(_ data: Data) {
        guard let end = data.firstRange(of: Data("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: data[..<end.lowerBound], as: UTF8.self)
        let lines = head.components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1.") else { return nil }
        method = String(parts[0])
        let target = String(parts[1])
        let components = URLComponents(string: target)
        path = components?.path ?? target
        query = [:]
        for item in components?.queryItems ?? [] {
            query[item.name] = item.value ?? ""
        }
        body = Data(data[end.upperBound...])
    }

    /// Reads one request from `descriptor`: the head, then as much body as its Content-Length says. `nil` for a
    /// request that is not HTTP, too large, or cut off.
    static func read(from descriptor: Int32) -> HTTPRequest? {
        var data = Data()
        while data.count <= limit {
            if let end = data.firstRange(of: Data("\r\n\r\n".utf8)) {
                let head = String(decoding: data[..<end.lowerBound], as: UTF8.self).lowercased()
                let length =
                    head.components(separatedBy: "\r\n")
                    .first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                guard length >= 0, length <= limit else { return nil }
                if data.count - end.upperBound >= length {
                    return HTTPRequest(data.prefix(end.upperBound + length))
                }
            }
            guard let chunk = Sockets.read(descriptor) else { return nil }
            data.append(chunk)
        }
        return nil
    }
}

/// An HTTP/1.1 response; every one closes its connection.
struct HTTPResponse: Sendable {
    var status: Int
    var headers: [String: String]
    var body: Data

    init(status: Int, type: String, body: Data) {
        self.status = status
        headers = ["Content-Type": type, "Cache-Control": "no-store"]
        self.body = body
    }

    init(status: Int, text: String) {
        self.init(status: status, type: "text/plain; charset=utf-8", body: Data((text + "\n").utf8))
    }

    static let badRequest = HTTPResponse(status: 400, text: "bad request")
    static let noApp = HTTPResponse(status: 409, text: "no app is connected")

    static func json(_ value: some Encodable) -> HTTPResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return HTTPResponse(status: 500, text: "cannot encode") }
        return HTTPResponse(status: 200, type: "application/json", body: data)
    }

    /// The response as bytes on the wire.
    var data: Data {
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            head += "\(name): \(value)\r\n"
        }
        head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        return Data(head.utf8) + body
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 202: return "Accepted"
        case 400: return "Bad Request"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 409: return "Conflict"
        default: return "Error"
        }
    }
}
