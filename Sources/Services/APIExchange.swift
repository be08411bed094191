import Foundation

/// One call of an ``APIClient``, as its exchange observer sees it when the call ends: what was asked, what came
/// back or what failed, and how long it took, retries and redirects included.
///
/// Headers and bodies are here as they went over the wire; whoever records an exchange decides what to keep (the
/// inspector keeps no header value and no body unless asked, and never a credential header's value).
public struct APIExchange: Sendable {
    /// The method, `GET`.
    public let method: String
    /// The URL asked for.
    public let url: URL
    /// When the call started.
    public let start: Date
    /// How long the call took, from the start to the response or the failure.
    public let duration: Duration
    /// The request's headers, names lowercased, the client's default headers included.
    public let requestHeaders: [String: String]
    /// The request's body, if any.
    public let requestBody: Data?
    /// The response, `nil` when the call failed before one came (a transport error, a timeout, a cancellation).
    public let response: APIResponse?
    /// The error the call threw, `nil` when it returned a response (whatever its status).
    public let error: APIError?

    /// Creates an exchange.
    public init(
        method: String, url: URL, start: Date, duration: Duration, requestHeaders: [String: String],
        requestBody: Data?, response: APIResponse?, error: APIError?
    ) {
        self.method = method
        self.url = url
        self.start = start
        self.duration = duration
        self.requestHeaders = requestHeaders
        self.requestBody = requestBody
        self.response = response
        self.error = error
    }
}

extension Result {
    /// The error, `nil` on success.
    var error: Failure? {
        if case .failure(let error) = self {
            return error
        }
        return nil
    }
}
