#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The outcome of matching a URL against the registered route patterns: which pattern matched, with which
/// parameters, to be shown how.
public struct RouteResult: Sendable {
    /// The pattern that matched, as it was registered (`/menu/:dish`).
    public var routePattern: String
    /// The URL that was routed.
    public var url: URL
    /// The parameters: caller values over path parameters over query items.
    public var parameters: RouteParameters
    /// How the controller is to be shown; option providers may change it before presentation.
    public var option: RoutingOption

    /// Creates a route result.
    public init(routePattern: String, url: URL, parameters: RouteParameters = [:], option: RoutingOption = .push) {
        self.routePattern = routePattern
        self.url = url
        self.parameters = parameters
        self.option = option
    }
}
