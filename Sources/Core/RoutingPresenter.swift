/// Shows a controller through the navigator the way a routing option asks.
///
/// The wireframe picks the responsible routing presenter with the highest priority for the route's option and
/// calls ``present(controller:routeResult:navigator:)`` on the main actor. Routing presenters talk only to the
/// ``Navigator``.
@MainActor
public protocol RoutingPresenter: AnyObject {
    /// Whether this routing presenter handles `option`.
    func isResponsible(option: RoutingOption) -> Bool

    /// Shows `controller`, returning once it is shown.
    /// - Throws: Any error from the navigator; the wireframe reports it.
    func present(controller: any Controller, routeResult: RouteResult, navigator: any Navigator) async throws
}

/// Watches routing: told before and after a controller is presented.
///
/// Registered with a priority and, optionally, a route pattern; called by the wireframe on the main actor, highest
/// priority first, only for routes of its pattern when it has one.
@MainActor
public protocol RoutingObserver: AnyObject {
    /// Called before the routing presenter shows `controller`.
    func willPresent(controller: any Controller, routeResult: RouteResult)

    /// Called after `controller` is shown.
    func didPresent(controller: any Controller, routeResult: RouteResult)
}

extension RoutingObserver {
    /// Does nothing.
    public func willPresent(controller: any Controller, routeResult: RouteResult) {}

    /// Does nothing.
    public func didPresent(controller: any Controller, routeResult: RouteResult) {}
}
