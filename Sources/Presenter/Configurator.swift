import BrigadeCore

/// Builds one VIP module (one-o-one's contracts) and wires its parts, for the wireframe to show.
///
/// A module has a view (the controller), an interactor, a presenter, a worker and a router, joined by one protocol
/// per arrow, each named by what its source knows:
///
/// | arrow | protocol | reference |
/// |---|---|---|
/// | view → interactor | `<Module>ViewOutput` | strong: the view owns the module |
/// | interactor → presenter | `<Module>InteractorOutput` | strong |
/// | presenter → view | `<Module>PresenterOutput` | **weak**: back to the view |
/// | interactor → worker | `<Module>WorkerInput` | strong |
/// | worker → interactor | `<Module>WorkerOutput` | **weak** |
/// | interactor → router | `<Module>Router` | strong; the router holds the view weakly |
///
/// So the view owns the module, and everything is released with it. The configurator makes the parts and sets
/// these references; ``ConfiguratorControllerProvider`` lets the wireframe call it for a route. `brigade new-module`
/// generates such a module with its tests.
@MainActor
public protocol Configurator {
    /// The module's view.
    associatedtype View: Controller

    /// Makes and wires the module for `routeResult` and returns its view.
    /// - Throws: Any error; the wireframe reports it as a routing failure naming the URL.
    func makeModule(routeResult: RouteResult) throws -> View
}

/// A controller provider that builds a VIP module with its configurator for the routes of one pattern.
///
/// ```swift
/// wireframe.add(controllerProvider: ConfiguratorControllerProvider(routePattern: "/menu", configurator: MenuConfigurator()))
/// ```
@MainActor
public final class ConfiguratorControllerProvider<Module: Configurator>: ControllerProvider {
    /// The route pattern the module is shown for.
    public let routePattern: String
    /// The module's configurator.
    public let configurator: Module

    /// Creates the provider for `routePattern`.
    public init(routePattern: String, configurator: Module) {
        self.routePattern = routePattern
        self.configurator = configurator
    }

    /// Responsible for the routes of its pattern.
    public func isResponsible(routeResult: RouteResult) -> Bool {
        routeResult.routePattern == routePattern
    }

    /// Builds the module.
    public func makeController(routeResult: RouteResult) throws -> any Controller {
        try configurator.makeModule(routeResult: routeResult)
    }
}
