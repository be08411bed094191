/// Makes the controller for a route result.
///
/// Called by the wireframe on the main actor, after option providers ran; among the responsible providers and
/// routing handlers, the one with the highest priority is used.
@MainActor
public protocol ControllerProvider: AnyObject {
    /// Whether this provider makes the controller for `routeResult`.
    func isResponsible(routeResult: RouteResult) -> Bool

    /// Makes a new controller for `routeResult`.
    /// - Throws: Any error; routing stops and the wireframe reports it.
    func makeController(routeResult: RouteResult) throws -> any Controller
}

/// Handles a route without a controller, such as a route that only dispatches an action.
///
/// Registered for a pattern with a priority; called by the wireframe on the main actor when it wins over the
/// controller providers (a tie goes to the handler).
public typealias RoutingHandler = @MainActor (RouteResult) async throws -> Void

/// Adjusts the routing option of a route result before the controller is made.
///
/// Called by the wireframe on the main actor, from the lowest priority to the highest; each provider sees the
/// option the previous one left in the route result, so the highest priority has the last word.
@MainActor
public protocol RoutingOptionProvider: AnyObject {
    /// The option to use for `routeResult`, or `nil` to keep `routeResult.option`.
    func option(routeResult: RouteResult) -> RoutingOption?
}
