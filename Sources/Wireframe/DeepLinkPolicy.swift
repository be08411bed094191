import BrigadeCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a link from outside the app (a push notification, another app, a web page) must satisfy before it is
/// routed: an allowed scheme and host, and bounded sizes.
///
/// Links are read strictly, never leniently: a link with userinfo (`https://bistro.example@evil.example/`) or a
/// backslash anywhere is rejected, and an http(s) host must be plain, written as it is allowed: letters, digits,
/// `-` and `.` only (so no percent-encoding, no `[`, no trailing dot), equal to an allowed host after lowercasing.
/// A host written in Unicode is compared in its IDNA (punycode) form, `xn--…`, when the platform's URL parser
/// converts it; give allowed hosts in that form.
///
/// ```swift
/// wireframe.deepLinkPolicy = DeepLinkPolicy(allowedSchemes: ["bistro", "https"], allowedHosts: ["bistro.example"])
/// try await wireframe.routeExternal(url: incoming)   // a rejected link is a typed error and is never routed
/// ```
public struct DeepLinkPolicy: Sendable, Equatable {
    /// The schemes accepted, lowercased.
    public var allowedSchemes: Set<String>
    /// For http(s) links, the hosts accepted, lowercased, in ASCII (IDNA) form (the initializer converts a host
    /// given in Unicode: `bücher.example` is kept as `xn--bcher-kva.example`); `nil` accepts any plain host.
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
        self.allowedHosts = allowedHosts.map { Set($0.map { HostName.ascii($0) }) }
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
        if text.contains("\\") || text.lowercased().contains("%5c") {
            throw reject("it contains a backslash")
        }
        let authority = Self.authority(of: text)
        if url.user != nil || url.password != nil || authority.contains("@") {
            throw reject("it carries user information (before '@')")
        }
        if scheme == "http" || scheme == "https" {
            let host = Self.host(ofAuthority: authority)
            guard !host.isEmpty, host.utf8.allSatisfy(Self.isPlainHostByte) else {
                throw reject("host '\(host)' is not a plain host name (letters, digits, '-' and '.')")
            }
            if let allowedHosts {
                guard allowedHosts.contains(host.lowercased()) else {
                    throw reject("host '\(host)' is not allowed")
                }
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

    /// The authority of a URL's text as written (after `scheme://`, up to the path, query or fragment), or "".
    private static func authority(of text: String) -> Substring {
        guard let colon = text.firstIndex(of: ":") else { return "" }
        let rest = text[text.index(after: colon)...]
        guard rest.hasPrefix("//") else { return "" }
        return rest.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    }

    /// The host of `authority` as written: without userinfo and port.
    private static func host(ofAuthority authority: Substring) -> Substring {
        let afterUser = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? authority
        if let colon = afterUser.lastIndex(of: ":"), !afterUser.contains("]") {
            return afterUser[..<colon]
        }
        return afterUser
    }

    private static func isPlainHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
            return true
        default:
            return false
        }
    }
}

extension DefaultWireframe {
    /// Routes a link that came from outside the app, after checking it against ``deepLinkPolicy``.
    /// - Throws: ``WireframeError/linkRejected(url:reason:)`` for a link the policy rejects (it is not routed), or
    ///   any error of ``route(url:parameters:option:)``.
    public func routeExternal(url: URL, option: RoutingOption? = nil) async throws(WireframeError) {
        try deepLinkPolicy.check(url)
        try await route(url: url, option: option)
    }

    /// Builds a whole stack from links that came from outside the app (a list and its detail, say), after checking
    /// every one against ``deepLinkPolicy``; see ``route(stack:animated:)``. Atomic: when one link is rejected or
    /// one controller cannot be made, nothing on screen changes.
    /// - Throws: ``WireframeError/linkRejected(url:reason:)`` for the first link the policy rejects (nothing is
    ///   routed), or any error of ``route(stack:animated:)``.
    public func routeExternal(stack urls: [URL], animated: Bool = false) async throws(WireframeError) {
        for url in urls {
            try deepLinkPolicy.check(url)
        }
        try await route(stack: urls, animated: animated)
    }
}
