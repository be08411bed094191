import BrigadeCore
import BrigadeWireframe

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a navigation stack entry shows, as a value: the route pattern and its parameters as text. Hashable and
/// Codable, so SwiftUI's `NavigationStack(path:)` and `.sheet(item:)` bind to arrays of them and an app can save
/// them for state restoration.
///
/// ```swift
/// let note = RouteDescription(pattern: "/notes/:id", parameters: ["id": "7"])
/// let url = try wireframe.url(for: note)   // /notes/7: reverse routing
/// ```
///
/// A wildcard's segments are kept joined by `/` under ``BrigadeCore/RouteParameters/wildcard``, a `/` or `%` inside a
/// segment escaped as `%2F` or `%25` (so `/files/a%2Fb/c` keeps its two segments); other values that are not text
/// (a caller's `Int`, say) are kept as `String(describing:)`. Every parameter is kept, query items too:
/// `DefaultWireframe.url(for:)` writes those the pattern does not name as query items, so a saved path restores
/// exactly.
public struct RouteDescription: Hashable, Sendable, Codable, Identifiable, CustomStringConvertible {
    /// The route pattern, as registered (`/notes/:id`); empty for a controller shown without routing.
    public var pattern: String
    /// The parameters, as text.
    public var parameters: [String: String]

    /// Creates a description.
    public init(pattern: String, parameters: [String: String] = [:]) {
        self.pattern = pattern
        self.parameters = parameters
    }

    /// The description of the route `routeResult` was made for.
    public init(routeResult: RouteResult) {
        var parameters: [String: String] = [:]
        for (name, value) in routeResult.parameters.values {
            if let text = value as? String {
                parameters[name] = text
            } else if let segments = value as? [String] {
                parameters[name] = segments.map(Self.escape).joined(separator: "/")
            } else {
                parameters[name] = String(describing: value)
            }
        }
        self.init(pattern: routeResult.routePattern, parameters: parameters)
    }

    /// The description of what `controller` shows: its route when the wireframe made it, else an entry with an
    /// empty pattern naming its type under `controller`.
    @MainActor
    public init(controller: any Controller) {
        if let result = controller.attachments.routeResult {
            self.init(routeResult: result)
        } else {
            self.init(pattern: "", parameters: ["controller": String(describing: type(of: controller))])
        }
    }

    /// The description itself: equal descriptions are the same entry for SwiftUI.
    public var id: RouteDescription { self }

    /// The parameters for routing, with a wildcard's text split back into its segments.
    public var routeParameters: RouteParameters {
        var values: [String: any Sendable] = parameters
        if let wildcard = parameters[RouteParameters.wildcard] {
            values[RouteParameters.wildcard] = wildcard.split(separator: "/", omittingEmptySubsequences: false)
                .map(Self.unescape)
        }
        return RouteParameters(values)
    }

    /// A wildcard segment with `%` and `/` escaped, so segments joined by `/` split back into the same segments.
    private static func escape(_ segment: String) -> String {
        segment.replacing("%", with: "%25").replacing("/", with: "%2F")
    }

    /// The segment `escape` was given.
    private static func unescape(_ text: Substring) -> String {
        String(text).replacing("%2F", with: "/").replacing("%25", with: "%")
    }

    /// The pattern followed by the parameters sorted by name, as in `/notes/:id {id=7}`.
    public var description: String {
        guard !parameters.isEmpty else { return pattern }
        let list = parameters.keys.sorted().map { "\($0)=\(parameters[$0] ?? "")" }.joined(separator: ", ")
        return "\(pattern) {\(list)}"
    }
}

extension DefaultWireframe {
    /// The URL of `route` (reverse routing): its pattern filled with its parameters, and the parameters the
    /// pattern does not name (a route's query items) as query items, so routing the URL gives `route` back.
    /// - Throws: The errors of `url(forPattern:parameters:query:)`: among them
    ///   ``WireframeError/unknownPattern(_:)``, ``WireframeError/missingParameter(pattern:name:)``,
    ///   ``WireframeError/emptyParameter(pattern:name:)`` when a parameter of the pattern is empty text (its URL
    ///   would show another route), and the refusals of a URL that would not route back to `route`.
    public func url(for route: RouteDescription) throws(WireframeError) -> URL {
        try url(forPattern: route.pattern, parameters: route.routeParameters)
    }

    /// The URLs of `routes`, in order: a navigation path saved as links, for state restoration with
    /// ``route(stack:animated:)``.
    /// - Throws: The error of ``url(for:)`` for the first route that has no URL.
    public func urls(for routes: [RouteDescription]) throws(WireframeError) -> [URL] {
        try routes.map { route throws(WireframeError) in try url(for: route) }
    }

    /// Makes the controller for `route`, with its presenters, without showing it: what ``BrigadeNavigation/ObservableNavigator``
    /// asks for when SwiftUI appends a route to its path.
    /// - Throws: Any error of ``url(for:)`` or ``controller(url:parameters:)``.
    public func controller(for route: RouteDescription) throws -> any Controller {
        try controller(url: url(for: route))
    }
}
