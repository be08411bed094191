import BrigadeCore
import BrigadeServices
import Foundation

extension Inspector {
    /// What of an `APIClient` call the inspector shows beyond its method, URL path, status, duration and sizes: by
    /// default nothing more (header names without their values, no body, query values redacted).
    public struct NetworkDetail: OptionSet, Hashable, Sendable {
        /// The value of each header, but those of the client's `credentialHeaders` and `set-cookie`, never shown.
        public static let headers = NetworkDetail(rawValue: 1 << 0)
        /// The request's and the response's bodies, as text (the first 64 KiB).
        public static let bodies = NetworkDetail(rawValue: 1 << 1)
        /// The values of the URL's query.
        public static let queryValues = NetworkDetail(rawValue: 1 << 2)

        /// The raw bits.
        public let rawValue: Int

        /// Creates a set from its raw bits.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }
    }

    /// Records each call of `client` when it ends, in the same timeline as the actions: method, URL, status,
    /// duration and sizes; header values, bodies and query values only as `showing` says (none by default), and a
    /// credential header's value never. An inspector records any number of clients.
    ///
    /// ```swift
    /// inspector.attach(to: client)                        // GET /specials → 200, 12 ms, 341 B
    /// inspector.attach(to: client, showing: [.bodies])    // and the JSON that came back
    /// ```
    public func attach(to client: APIClient, showing detail: NetworkDetail = []) {
        apiClients.append(client)
        let recorder = recorder
        let hidden = client.credentialHeaders.union(["set-cookie"])
        client.observeExchanges { exchange in
            let network = NetworkRecord.make(exchange, detail: detail, hidden: hidden)
            var event = InspectorEvent(seq: 0, time: exchange.start.timeIntervalSince1970, type: .network)
            event.network = network
            recorder.record(event)
        }
    }
}

/// An `APIExchange` made into what the inspector records, with what is not shown replaced by the marker.
enum NetworkRecord {
    /// The most of a body shown, in bytes.
    static let bodyLimit = 64 << 10

    static func make(
        _ exchange: APIExchange, detail: Inspector.NetworkDetail, hidden: Set<String>
    ) -> InspectorEvent.Network {
        let marker = Redacted<Void>.marker
        func headers(_ fields: [String: String]) -> [String: String] {
            Dictionary(
                uniqueKeysWithValues: fields.map { name, value in
                    let name = name.lowercased()
                    return (name, detail.contains(.headers) && !hidden.contains(name) ? value : marker)
                })
        }
        let components = milliseconds(exchange.duration)
        return InspectorEvent.Network(
            method: exchange.method,
            url: detail.contains(.queryValues) ? exchange.url.absoluteString : redactingQuery(exchange.url),
            status: exchange.response?.status,
            milliseconds: components,
            requestBytes: exchange.requestBody?.count ?? 0,
            responseBytes: exchange.response?.body.count,
            error: exchange.error.map(\.description),
            requestHeaders: headers(exchange.requestHeaders),
            responseHeaders: exchange.response.map { headers($0.headers) },
            requestBody: detail.contains(.bodies) ? exchange.requestBody.map(text) : nil,
            responseBody: detail.contains(.bodies) ? exchange.response.map { text($0.body) } : nil)
    }

    /// `url` with the value of each query item replaced by the marker; the fragment dropped.
    static func redactingQuery(_ url: URL) -> String {
        let whole = url.absoluteString
        let beforeFragment = whole.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let parts = beforeFragment.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return String(beforeFragment) }
        let items = parts[1].split(separator: "&").map { item in
            let name = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0]
            return "\(name)=\(Redacted<Void>.marker)"
        }
        return "\(parts[0])?\(items.joined(separator: "&"))"
    }

    /// A body as text: UTF-8 up to ``bodyLimit`` bytes, else its size.
    static func text(_ body: Data) -> String {
        let shown = body.prefix(bodyLimit)
        guard let text = String(data: shown, encoding: .utf8) else { return "(\(body.count) bytes, not UTF-8)" }
        return body.count > bodyLimit ? text + "… (\(body.count) bytes)" : text
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
    }
}
