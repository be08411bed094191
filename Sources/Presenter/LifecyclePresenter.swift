import BrigadeCore

/// A presenter with one method per lifecycle event of its controller, each with a default that does nothing.
///
/// The navigator delivers the events in UIKit's order (see docs/Routing.md), after the controller received them.
///
/// ```swift
/// final class MenuPresenter: LifecyclePresenter {
///     func addPresentationLogic(routeResult: RouteResult, controller: any Controller) throws {}
///     func controllerWillAppear(_ controller: any Controller, animated: Bool) { refresh() }
/// }
/// ```
@MainActor
public protocol LifecyclePresenter: Presenter {
    /// The controller is about to be shown for the first time.
    func controllerDidLoad(_ controller: any Controller)
    /// The controller is about to appear.
    func controllerWillAppear(_ controller: any Controller, animated: Bool)
    /// The controller appeared.
    func controllerDidAppear(_ controller: any Controller, animated: Bool)
    /// The controller is about to disappear.
    func controllerWillDisappear(_ controller: any Controller, animated: Bool)
    /// The controller disappeared.
    func controllerDidDisappear(_ controller: any Controller, animated: Bool)
}

extension LifecyclePresenter {
    /// Does nothing.
    public func controllerDidLoad(_ controller: any Controller) {}
    /// Does nothing.
    public func controllerWillAppear(_ controller: any Controller, animated: Bool) {}
    /// Does nothing.
    public func controllerDidAppear(_ controller: any Controller, animated: Bool) {}
    /// Does nothing.
    public func controllerWillDisappear(_ controller: any Controller, animated: Bool) {}
    /// Does nothing.
    public func controllerDidDisappear(_ controller: any Controller, animated: Bool) {}

    /// Calls the method for `event`.
    public func lifecycleEvent(_ event: LifecycleEvent, controller: any Controller) {
        switch event {
        case .load: controllerDidLoad(controller)
        case .willAppear(let animated): controllerWillAppear(controller, animated: animated)
        case .didAppear(let animated): controllerDidAppear(controller, animated: animated)
        case .willDisappear(let animated): controllerWillDisappear(controller, animated: animated)
        case .didDisappear(let animated): controllerDidDisappear(controller, animated: animated)
        }
    }
}
