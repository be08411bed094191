import BrigadeCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a link from outside the app (a push notification, another app, a web page) must satisfy before it is
/// routed: an allowed scheme and host, and bounded sizes.
///
/// ```swift
/// wireframe.deepLinkPolicy = DeepLinkPolicy(allowedSchemes: ["bistro", "https"], allowedHosts: ["bistro.example"])
/// try await wireframe.routeExternal(url: incoming)   // a rejected link is a typed error and is never routed
/// ```
public struct DeepLinkPolicy: Sendable, Equatable {
    /// The schemes accepted, lowercased.
    public var allowedSchemes: Set<String>
    /// For http(s) links, the hosts accepted, lowercased; `nil` accepts any.
    public var allowedHosts: Set<String>?
    /// The longest link accepted, in characters.
    public var maximumLength: Int
    /// The most path segments accepted.
    public var maximumSegments: Int
    /// The longest path segment or query value accepted, after percent-decoding.
    public var maximumParameterLength: Int

    /// Creates a policy.
    public init(
        allowedSchemes: Set<String>,
        allowedHosts: Set<String>? = nil,
        maximumLength: Int = 2_048,
        maximumSegments: Int = 16,
        maximumParameterLength: Int = 256
    ) {
        self.allowedSchemes = Set(allowedSchemes.map { $0.lowercased() })
        self.allowedHosts = allowedHosts.map { Set($0.map { $0.lowercased() }) }
        self.maximumLength = maximumLength
        self.maximumSegments = maximumSegments
        self.maximumParameterLength = maximumParameterLength
    }

    /// Checks `url` against the policy.
    /// - Throws: ``WireframeError/linkRejected(url:reason:)`` saying which rule it breaks.
    public func check(_ url: URL) throws(WireframeError) {
        let text = url.absoluteString
        func reject(_ reason: String) -> WireframeError {
            .linkRejected(url: String(text.prefix(200)), reason: reason)
        }
        guard text.count <= maximumLength else {
            throw reject("it is longer than \(maximumLength) characters")
        }
        guard let scheme = url.scheme?.lowercased(), allowedSchemes.contains(scheme) else {
            throw reject("scheme '\(url.scheme ?? "")' is not allowed")
        }
        if scheme == "http" || scheme == "https", let allowedHosts {
            guard let host = url.host(percentEncoded: false)?.lowercased(), allowedHosts.contains(host) else {
                throw reject("host '\(url.host(percentEncoded: false) ?? "")' is not allowed")
            }
        }
        var segments = url.path(percentEncoded: true).split(separator: "/", omittingEmptySubsequences: true)
        if scheme != "http", scheme != "https", let host = url.host(percentEncoded: true), !host.isEmpty {
            // As in routing: for a scheme other than http(s), the host is the first segment.
            segments.insert(Substring(host), at: 0)
        }
        guard segments.count <= maximumSegments else {
            throw reject("it has more than \(maximumSegments) path segments")
        }
        let values =
            segments.map { PercentEncoding.decode($0) ?? String($0) }
            + (url.query(percentEncoded: true) ?? "").split(separator: "&").map { item in
                PercentEncoding.decode(item, plusIsSpace: true) ?? String(item)
            }
        if let long = values.first(where: { $0.count > maximumParameterLength }) {
            throw reject(
                "a segment or query item is longer than \(maximumParameterLength) characters ('\(long.prefix(20))…')")
        }
    }
}

extension DefaultWireframe {
    /// Routes a link that came from outside the app, after checking it against ``deepLinkPolicy``.
    /// - Throws: ``WireframeError/linkRejected(url:reason:)`` for a link the policy rejects (it is not routed), or
    ///   any error of ``route(url:parameters:option:)``.
    public func routeExternal(url: URL, option: RoutingOption? = nil) async throws {
        try deepLinkPolicy.check(url)
        try await route(url: url, option: option)
    }
}
