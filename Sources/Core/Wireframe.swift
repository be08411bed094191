#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Routes URLs to controllers (VISPER's Wireframe): matches a URL against route patterns, makes the controller,
/// attaches its presenters and has a routing presenter show it through a navigator.
///
/// Used on the main actor. Registration methods throw a typed error for a malformed or conflicting pattern;
/// routing methods throw a typed error naming the URL.
@MainActor
public protocol Wireframe: AnyObject {
    /// Registers `routePattern`, such as `/menu/:dish` or `bistro://orders(/:id)`.
    func add(routePattern: String) throws

    /// Registers a controller provider; among responsible providers and handlers the highest priority wins.
    func add(controllerProvider: any ControllerProvider, priority: Int)

    /// Registers `handler` for `routePattern` (registering the pattern too, if new); it wins over a controller
    /// provider of equal priority.
    func add(routingHandler: @escaping RoutingHandler, routePattern: String, priority: Int) throws

    /// Registers an option provider; they run from low to high priority.
    func add(optionProvider: any RoutingOptionProvider, priority: Int)

    /// Registers a presenter provider; every responsible one adds presenters, highest priority first.
    func add(presenterProvider: any PresenterProvider, priority: Int)

    /// Registers a routing presenter; the responsible one with the highest priority shows the controller.
    func add(routingPresenter: any RoutingPresenter, priority: Int)

    /// Registers a routing observer, for routes of `routePattern` only when it is given.
    func add(routingObserver: any RoutingObserver, priority: Int, routePattern: String?)

    /// Whether `url` matches a registered pattern and something makes or handles its route.
    func canRoute(url: URL, parameters: RouteParameters) -> Bool

    /// Routes `url`, returning once its controller is shown (or its handler returned).
    /// - Parameters:
    ///   - url: The URL to route.
    ///   - parameters: Caller values; they override path parameters, which override query items.
    ///   - option: The starting option, before option providers; `nil` means push.
    func route(url: URL, parameters: RouteParameters, option: RoutingOption?) async throws

    /// Makes the controller for `url` with its presenters, without showing it.
    func controller(url: URL, parameters: RouteParameters) throws -> any Controller

    /// The controller on screen, if a navigator is set and shows one.
    var topController: (any Controller)? { get }
}
