import BrigadeCore

/// A pattern that matched a URL, with the parameters taken from the URL: path parameters over query items (a query
/// name given more than once is a `[String]` of its values, in order).
public struct RouteMatch: Sendable {
    /// The registered pattern that matched.
    public let pattern: RoutePattern
    /// Path parameters (percent-decoded; a wildcard's segments under `*`) over query items.
    public let parameters: RouteParameters
}
