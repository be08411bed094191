/// Presentation logic for one controller, attached by the Wireframe when the controller is made for a route.
///
/// The wireframe asks ``isResponsible(routeResult:controller:)``, then calls
/// ``addPresentationLogic(routeResult:controller:)`` once, on the main actor, before the controller is shown. The
/// controller owns its presenters, so a presenter must hold its controller weakly. The navigator then delivers the
/// controller's lifecycle events to ``lifecycleEvent(_:controller:)``.
@MainActor
public protocol Presenter: AnyObject {
    /// Whether this presenter handles `controller` made for `routeResult`.
    func isResponsible(routeResult: RouteResult, controller: any Controller) -> Bool

    /// Adds the presentation logic: binds view models, wires view events. Called once, before the controller is
    /// shown.
    /// - Throws: Any error; routing stops and the wireframe reports it.
    func addPresentationLogic(routeResult: RouteResult, controller: any Controller) throws

    /// Called by the navigator after the controller received `event`. By default it does nothing.
    func lifecycleEvent(_ event: LifecycleEvent, controller: any Controller)
}

extension Presenter {
    /// Always responsible.
    public func isResponsible(routeResult: RouteResult, controller: any Controller) -> Bool {
        true
    }

    /// Does nothing.
    public func lifecycleEvent(_ event: LifecycleEvent, controller: any Controller) {}
}

/// Makes the presenters for controllers made by the wireframe.
///
/// Called on the main actor after a controller is made, highest priority first; every responsible provider adds
/// its presenters.
@MainActor
public protocol PresenterProvider: AnyObject {
    /// Whether this provider has presenters for `controller` made for `routeResult`.
    func isResponsible(routeResult: RouteResult, controller: any Controller) -> Bool

    /// The presenters for `controller`.
    /// - Throws: Any error; routing stops and the wireframe reports it.
    func makePresenters(routeResult: RouteResult, controller: any Controller) throws -> [any Presenter]
}
