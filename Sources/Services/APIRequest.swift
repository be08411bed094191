import Foundation

/// An HTTP method.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable {
    /// The method's name, as sent.
    public let rawValue: String

    /// Creates a method, uppercased.
    public init(rawValue: String) {
        self.rawValue = rawValue.uppercased()
    }

    /// GET.
    public static let get = HTTPMethod(rawValue: "GET")
    /// HEAD.
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// POST.
    public static let post = HTTPMethod(rawValue: "POST")
    /// PUT.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// PATCH.
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// DELETE.
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// OPTIONS.
    public static let options = HTTPMethod(rawValue: "OPTIONS")

    /// Whether repeating the request has the effect of sending it once (RFC 9110), so it may be retried.
    public var isIdempotent: Bool {
        [Self.get, .head, .put, .delete, .options].contains(self)
    }
}

/// A request for an ``APIClient``: method, path (relative to the base URL, or absolute), query, headers, body and
/// timeout.
public struct APIRequest: Sendable {
    /// The method.
    public var method: HTTPMethod
    /// A path relative to the client's base URL, or an absolute http(s) URL.
    public var path: String
    /// Query items, added to those in the path.
    public var query: [URLQueryItem]
    /// Headers, over the client's default headers.
    public var headers: [String: String]
    /// The body.
    public var body: Data?
    /// This request's timeout, a deadline for the whole response (redirects included); the client's default when
    /// `nil`.
    public var timeout: Duration?

    /// Creates a request.
    public init(
        method: HTTPMethod,
        path: String,
        query: [URLQueryItem] = [],
        headers: [String: String] = [:],
        body: Data? = nil,
        timeout: Duration? = nil
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }

    /// A GET.
    public static func get(_ path: String, query: [URLQueryItem] = [], timeout: Duration? = nil) -> APIRequest {
        APIRequest(method: .get, path: path, query: query, timeout: timeout)
    }

    /// A DELETE.
    public static func delete(_ path: String) -> APIRequest {
        APIRequest(method: .delete, path: path)
    }

    /// A request with `value` encoded as its JSON body and `Content-Type: application/json`.
    /// - Throws: ``APIError/encodingFailed(type:reason:)``.
    public static func json<Body: Encodable>(
        _ method: HTTPMethod,
        _ path: String,
        _ value: Body,
        encoder: JSONEncoder = JSONEncoder()
    ) throws(APIError) -> APIRequest {
        do {
            let body = try encoder.encode(value)
            return APIRequest(method: method, path: path, headers: ["Content-Type": "application/json"], body: body)
        } catch {
            throw .encodingFailed(type: "\(Body.self)", reason: "\(error)")
        }
    }

    /// A POST with `value` as its JSON body.
    public static func post<Body: Encodable>(_ path: String, json value: Body) throws(APIError) -> APIRequest {
        try json(.post, path, value)
    }
}

/// What the server answered.
public struct APIResponse: Sendable {
    /// The final URL.
    public let url: URL
    /// The status code.
    public let status: Int
    /// The headers, names lowercased.
    public let headers: [String: String]
    /// The body.
    public let body: Data

    /// Creates a response.
    public init(url: URL, status: Int, headers: [String: String], body: Data) {
        self.url = url
        self.status = status
        self.headers = Dictionary(
            headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }

    /// The content type: from the `Content-Type` header, else sniffed from the first bytes of the body.
    public var contentType: ContentType {
        headers["content-type"].map(ContentType.init(mimeType:)) ?? ContentType(sniffing: body)
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }

    /// This response, if its status is 2xx.
    /// - Throws: ``APIError/status(code:url:bodyExcerpt:)`` with the first 200 characters of the body.
    public func requireSuccess() throws(APIError) -> APIResponse {
        guard isSuccess else {
            throw .status(code: status, url: url.absoluteString, bodyExcerpt: bodyExcerpt)
        }
        return self
    }

    /// The JSON body decoded as `type`.
    /// - Throws: ``APIError/decodingFailed(type:url:reason:)``.
    public func decode<Value: Decodable>(
        _ type: Value.Type, decoder: JSONDecoder = JSONDecoder()
    ) throws(APIError)
        -> Value
    {
        do {
            return try decoder.decode(type, from: body)
        } catch {
            throw .decodingFailed(type: "\(type)", url: url.absoluteString, reason: "\(error)")
        }
    }

    /// The first 200 characters of the body, as text.
    public var bodyExcerpt: String {
        String(decoding: body.prefix(200), as: UTF8.self)
    }
}

/// The kind of a response body.
public enum ContentType: Hashable, Sendable {
    /// JSON.
    case json
    /// A PNG image.
    case png
    /// A JPEG image.
    case jpeg
    /// A GIF image.
    case gif
    /// A PDF document.
    case pdf
    /// XML.
    case xml
    /// A ZIP archive.
    case zip
    /// Text of the given subtype (`plain`, `html`, …).
    case text(String)
    /// Another MIME type, as given.
    case other(String)
    /// No header, and bytes of no known kind.
    case unknown

    /// The type a `Content-Type` header names (parameters such as `charset` are ignored).
    public init(mimeType: String) {
        let type =
            mimeType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        switch type {
        case "application/json": self = .json
        case "image/png": self = .png
        case "image/jpeg", "image/jpg": self = .jpeg
        case "image/gif": self = .gif
        case "application/pdf": self = .pdf
        case "application/xml", "text/xml": self = .xml
        case "application/zip": self = .zip
        default:
            if type.hasSuffix("+json") {
                self = .json
            } else if type.hasSuffix("+xml") {
                self = .xml
            } else if type.hasPrefix("text/") {
                self = .text(String(type.dropFirst(5)))
            } else {
                self = .other(type)
            }
        }
    }

    /// The type recognised from the first bytes of `body`: JSON, PNG, JPEG, GIF, PDF, XML or ZIP.
    public init(sniffing body: Data) {
        let bytes = Array(body.prefix(16))
        func starts(_ prefix: [UInt8]) -> Bool { bytes.starts(with: prefix) }
        if starts([0x89, 0x50, 0x4E, 0x47]) {
            self = .png
        } else if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts(Array("GIF8".utf8)) {
            self = .gif
        } else if starts(Array("%PDF".utf8)) {
            self = .pdf
        } else if starts([0x50, 0x4B, 0x03, 0x04]) {
            self = .zip
        } else {
            let text = bytes.drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
            switch text.first {
            case UInt8(ascii: "{"), UInt8(ascii: "["): self = .json
            case UInt8(ascii: "<"): self = .xml
            default: self = .unknown
            }
        }
    }
}

/// Errors of the ``APIClient``, keeping the URL and what the server said.
public enum APIError: Error, Equatable, CustomStringConvertible {
    /// The path is not an http(s) URL, alone or against the base URL.
    case invalidURL(String)
    /// The connection failed or broke; the reason is the transport's.
    case transport(url: String, reason: String)
    /// The server answered with a status other than 2xx.
    case status(code: Int, url: String, bodyExcerpt: String)
    /// The body is larger than the client's limit; the transfer was stopped.
    case responseTooLarge(url: String, limit: Int)
    /// The response did not arrive in full before the request's timeout, a deadline for the whole response
    /// (redirects included).
    case timeout(url: String)
    /// A header name is not an HTTP token, or a value holds CR, LF or another control character; nothing was sent.
    case invalidHeader(name: String, value: String)
    /// The server redirected more times than the client's limit; `url` is the URL asked for.
    case tooManyRedirects(url: String, limit: Int)
    /// The calling task was cancelled.
    case cancelled(url: String)
    /// The body is not the JSON expected.
    case decodingFailed(type: String, url: String, reason: String)
    /// A request body failed to encode.
    case encodingFailed(type: String, reason: String)

    /// What went wrong.
    public var description: String {
        switch self {
        case .invalidURL(let path): return "'\(path)' is not an http(s) URL"
        case .transport(let url, let reason): return "request to \(url) failed: \(reason)"
        case .status(let code, let url, let excerpt): return "\(url) answered \(code): \(excerpt)"
        case .responseTooLarge(let url, let limit): return "the response of \(url) is larger than \(limit) bytes"
        case .timeout(let url): return "\(url) did not answer in time"
        case .invalidHeader(let name, let value):
            return "the header \(name.debugDescription): \(value.debugDescription) was not sent: a name must be an "
                + "HTTP token (letters, digits and RFC 9110's token symbols), a value must hold no CR, LF or other "
                + "control character"
        case .tooManyRedirects(let url, let limit):
            return "\(url) redirected more than \(limit) times"
        case .cancelled(let url): return "the request to \(url) was cancelled"
        case .decodingFailed(let type, let url, let reason): return "cannot decode \(type) from \(url): \(reason)"
        case .encodingFailed(let type, let reason): return "cannot encode \(type): \(reason)"
        }
    }

    /// Whether retrying may help: transport failures and timeouts.
    var isTransient: Bool {
        switch self {
        case .transport, .timeout: return true
        default: return false
        }
    }

    static func wrap(_ error: any Error, url: String) -> APIError {
        if let error = error as? APIError {
            return error
        }
        if error is CancellationError {
            return .cancelled(url: url)
        }
        return .transport(url: url, reason: "\(error)")
    }
}
