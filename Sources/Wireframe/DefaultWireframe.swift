import BrigadeCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Brigade's ``BrigadeCore/Wireframe``: a trie of route patterns and VISPER's routing flow.
///
/// ```swift
/// let wireframe = DefaultWireframe()
/// let navigator = HeadlessNavigator()
/// wireframe.navigateOn(navigator)
/// try wireframe.add(routePattern: "/menu/:dish")
/// wireframe.add(controllerProvider: DishScreenProvider(), priority: 0)
/// try await wireframe.route(to: "/menu/soup")
/// ```
///
/// Routing a URL:
/// 1. match it (``RouteMatcher``); caller parameters override path parameters, which override query items;
/// 2. fold the option providers from low to high priority, each seeing the option the previous one left;
/// 3. pick the routing handler or controller provider with the highest priority (a tie goes to the handler);
/// 4. make the controller and attach the presenters of every responsible presenter provider, highest priority
///    first;
/// 5. tell the routing observers of the pattern `willPresent`, highest priority first; have the responsible routing
///    presenter with the highest priority show the controller through the navigator; tell the observers
///    `didPresent`.
///
/// Routing cost does not grow with the number of view features: a feature's controller and option providers are
/// kept under its route pattern, and only those of the matched pattern (and the providers registered for every
/// pattern) are asked. Priority orders are sorted when a provider is registered, not when a URL is routed.
///
/// The wireframe holds its navigator weakly. Used on the main actor.
@MainActor
public final class DefaultWireframe: Wireframe {
    /// The route patterns and parameter types registered so far.
    private var routes: RouteMatcherBuilder
    /// The matcher of ``routes``, built when a URL is matched after a registration.
    private var builtMatcher: RouteMatcher?
    private var controllerProviders = PriorityList<any ControllerProvider>()
    private var routingHandlers: [String: PriorityList<RoutingHandler>] = [:]
    private var optionProviders = PriorityList<any RoutingOptionProvider>()
    /// The controller and option providers of view features, by the route pattern they serve.
    private var patternControllerProviders: [String: PriorityList<any ControllerProvider>] = [:]
    private var patternOptionProviders: [String: PriorityList<any RoutingOptionProvider>] = [:]
    /// Numbers registrations, so that providers kept by pattern and those kept for every pattern keep one order.
    private var registrations = 0
    private var presenterProviders = PriorityList<any PresenterProvider>()
    private var routingPresenters = PriorityList<any RoutingPresenter>()
    private var routingObservers = PriorityList<(observer: any RoutingObserver, pattern: String?)>()
    private weak var navigator: (any Navigator)?
    /// Whether ``navigateOn(_:)`` was called, to tell a navigator never set from one released.
    private var hasNavigator = false
    /// What links from outside must satisfy before ``routeExternal(url:option:)`` routes them; by default only
    /// https links, with the default size limits.
    public var deepLinkPolicy = DeepLinkPolicy(allowedSchemes: ["https"])

    /// Creates a wireframe with the built-in ``NavigatorRoutingPresenter`` at the lowest priority.
    /// - Parameter caseSensitive: Whether literal segments must match in letter case; `true` by default.
    public init(caseSensitive: Bool = true) {
        routes = RouteMatcherBuilder(caseSensitive: caseSensitive)
        routingPresenters.insert(NavigatorRoutingPresenter(), priority: .min)
    }

    /// Sets the navigator that routed controllers are shown on.
    ///
    /// The wireframe holds it weakly: its owner (the app, a scene) must keep it. Routing after it was released
    /// throws ``WireframeError/navigatorReleased(operation:)``.
    public func navigateOn(_ navigator: any Navigator) {
        self.navigator = navigator
        hasNavigator = true
    }

    /// The patterns registered so far, by their text.
    public var routePatterns: [String: RoutePattern] { routes.patterns }

    /// The matcher of the registered patterns: registration is rare and matching frequent, so it is built once after
    /// each change, when first needed.
    var matcher: RouteMatcher {
        if let builtMatcher {
            return builtMatcher
        }
        let matcher = routes.build()
        builtMatcher = matcher
        return matcher
    }

    // MARK: - Registration

    /// Registers `routePattern`; registering the same text again does nothing.
    /// - Throws: A ``WireframeError`` for a malformed pattern (with the position) or one that conflicts with a
    ///   registered pattern.
    public func add(routePattern: String) throws(WireframeError) {
        let pattern = try RoutePattern(routePattern)
        // Dropped first, so that the builder's storage is not shared and changes in place.
        builtMatcher = nil
        try routes.add(pattern)
    }

    /// Registers the parameter type `name` for patterns such as `/menu/:dish<dish>`: a segment is taken when
    /// `converter` gives a value for its text, and the route's parameter is that value, so another pattern takes
    /// the segments it refuses. Register a type before the patterns that use it (a pattern naming a type with no
    /// converter is a registration error); `int` and `uuid` are built in. For reverse routing, a value is written as
    /// its `String(describing:)`, which must be the text the converter reads.
    ///
    /// ```swift
    /// wireframe.add(parameterType: "dish") { Dish(rawValue: $0) }
    /// try wireframe.add(routePattern: "/menu/:dish<dish>")
    /// ```
    public func add(parameterType name: String, converter: @escaping RouteMatcher.Converter) {
        builtMatcher = nil
        routes.add(parameterType: name, converter: converter)
    }

    /// Registers a controller provider; among responsible providers and handlers the highest priority wins.
    public func add(controllerProvider: any ControllerProvider, priority: Int = 0) {
        controllerProviders.insert(controllerProvider, priority: priority, sequence: nextRegistration())
    }

    /// Registers `handler` for `routePattern`, registering the pattern too when it is new. A handler wins over a
    /// controller provider of equal priority.
    /// - Throws: The ``WireframeError`` of ``add(routePattern:)``.
    public func add(
        routingHandler: @escaping RoutingHandler,
        routePattern: String,
        priority: Int = 0
    ) throws(WireframeError) {
        try add(routePattern: routePattern)
        routingHandlers[routePattern, default: PriorityList()].insert(routingHandler, priority: priority)
    }

    /// Registers an option provider; they run from low to high priority.
    public func add(optionProvider: any RoutingOptionProvider, priority: Int = 0) {
        optionProviders.insert(optionProvider, priority: priority, sequence: nextRegistration())
    }

    /// Registers `provider` as the controller provider and option provider of `routePattern` only: it is asked about
    /// routes of that pattern and no other, so routing cost does not grow with such registrations.
    func add(
        patternProvider provider: any ControllerProvider & RoutingOptionProvider,
        routePattern: String,
        priority: Int
    ) {
        patternControllerProviders[routePattern, default: PriorityList()].insert(
            provider, priority: priority, sequence: nextRegistration())
        patternOptionProviders[routePattern, default: PriorityList()].insert(
            provider, priority: priority, sequence: nextRegistration())
    }

    private func nextRegistration() -> Int {
        registrations += 1
        return registrations
    }

    /// Registers a presenter provider; every responsible one adds presenters, highest priority first.
    public func add(presenterProvider: any PresenterProvider, priority: Int = 0) {
        presenterProviders.insert(presenterProvider, priority: priority)
    }

    /// Registers a routing presenter; the responsible one with the highest priority shows the controller.
    public func add(routingPresenter: any RoutingPresenter, priority: Int = 0) {
        routingPresenters.insert(routingPresenter, priority: priority)
    }

    /// Registers a routing observer, told about routes of `routePattern` only when one is given.
    public func add(routingObserver: any RoutingObserver, priority: Int = 0, routePattern: String? = nil) {
        routingObservers.insert((routingObserver, routePattern), priority: priority)
    }

    // MARK: - Routing

    /// Whether `url` matches a registered pattern and a routing handler or controller provider takes it.
    public func canRoute(url: URL, parameters: RouteParameters = [:]) -> Bool {
        guard let result = try? routeResult(url: url, parameters: parameters, option: nil) else { return false }
        return handler(for: result) != nil
    }

    /// The route result `url` would give, after the option providers ran.
    /// - Throws: ``WireframeError/noRoute(url:)`` when no pattern matches.
    public func routeResult(
        url: URL,
        parameters: RouteParameters = [:],
        option: RoutingOption? = nil
    ) throws(WireframeError) -> RouteResult {
        guard let match = matcher.match(url: url) else { throw .noRoute(url: url) }
        var result = RouteResult(
            routePattern: match.pattern.text,
            url: url,
            parameters: parameters.isEmpty ? match.parameters : match.parameters.merging(parameters),
            option: option ?? .push
        )
        let providers = PriorityList.mergedAscending(optionProviders, patternOptionProviders[result.routePattern])
        for entry in providers {
            if let option = entry.element.option(routeResult: result) {
                result.option = option
            }
        }
        return result
    }

    /// Routes `url` and returns once its controller is shown (or its handler returned).
    ///
    /// - Parameters:
    ///   - url: The URL to route.
    ///   - parameters: Caller values; they override path parameters, which override query items.
    ///   - option: The option before option providers run; `nil` means push.
    /// - Throws: A ``WireframeError`` naming the URL: no route, no controller, no routing presenter, no navigator
    ///   (``WireframeError/noNavigator(operation:)``, ``WireframeError/navigatorReleased(operation:)``), or
    ///   ``WireframeError/routingFailed(url:underlying:)`` wrapping what a provider, presenter or the navigator
    ///   threw.
    public func route(
        url: URL,
        parameters: RouteParameters = [:],
        option: RoutingOption? = nil
    ) async throws(WireframeError) {
        let result = try routeResult(url: url, parameters: parameters, option: option)
        switch handler(for: result) {
        case nil:
            throw WireframeError.noController(url: url, pattern: result.routePattern)
        case .handler(let handler):
            try await wrapping(url) { try await handler(result) }
        case .provider(let provider):
            if result.option.presentation == .getController {
                _ = try makeController(result, provider: provider)
                return
            }
            let navigator = try requireNavigator("route '\(url.absoluteString)'")
            let routingPresenter = routingPresenters.descending.first {
                $0.element.isResponsible(option: result.option)
            }
            guard let routingPresenter = routingPresenter?.element else {
                throw WireframeError.noRoutingPresenter(url: url, option: result.option)
            }
            let controller = try makeController(result, provider: provider)
            let observers = observers(of: result)
            for entry in observers {
                entry.observer.willPresent(controller: controller, routeResult: result)
            }
            try await wrapping(url) {
                try await routingPresenter.present(controller: controller, routeResult: result, navigator: navigator)
            }
            for entry in observers {
                entry.observer.didPresent(controller: controller, routeResult: result)
            }
        }
    }

    /// Routes the URL written in `text`; see ``route(url:parameters:option:)``.
    /// - Throws: ``WireframeError/invalidURL(_:)`` when `text` is not a URL, else as `route(url:)`.
    public func route(
        to text: String,
        parameters: RouteParameters = [:],
        option: RoutingOption? = nil
    ) async throws(WireframeError) {
        guard let url = URL(string: text) else { throw WireframeError.invalidURL(text) }
        try await route(url: url, parameters: parameters, option: option)
    }

    /// Builds a whole stack from `urls` in one call, atomically: the first becomes the root, the others lie above it
    /// in order, and every modal is dismissed.
    ///
    /// The controllers at the bottom of the stack whose routes have the same pattern and parameters (as text) as the
    /// first URLs stay, with their presenters; a link to exactly the stack on screen, with no modal over it, changes
    /// nothing and delivers no event. Every other controller is made (with its presenters) before anything is shown;
    /// then the navigator shows them in
    /// one transition (``BrigadeCore/Navigator/setStack(_:animated:)``). When a URL matches no pattern, or a provider or presenter
    /// throws, nothing on screen changes. Option providers still run for each URL, but every controller goes onto
    /// the navigation stack whatever option they choose, without routing presenters. Routing observers are told
    /// `willPresent` for each controller, bottom first, before the transition, and `didPresent` after it.
    /// - Parameters:
    ///   - urls: The stack, bottom first; an empty list does nothing.
    ///   - animated: Whether the transition is animated.
    /// - Throws: ``WireframeError/noRoute(url:)`` for the first URL that matches no pattern,
    ///   ``WireframeError/noController(url:pattern:)`` for one that no controller provider takes (also when a routing
    ///   handler does: a handler shows nothing a stack can hold), a navigator error
    ///   (``WireframeError/noNavigator(operation:)``, ``WireframeError/navigatorReleased(operation:)``), or
    ///   ``WireframeError/routingFailed(url:underlying:)`` wrapping what a provider, presenter or the navigator threw.
    public func route(stack urls: [URL], animated: Bool = false) async throws(WireframeError) {
        try await restore(stack: urls, modals: [], animated: animated, keepsShown: true)
    }

    /// Makes the controller for `url` with its presenters attached, without showing it.
    /// - Throws: ``WireframeError/noRoute(url:)``, ``WireframeError/noController(url:pattern:)`` (also when a
    ///   routing handler takes the URL), or ``WireframeError/routingFailed(url:underlying:)``.
    public func controller(url: URL, parameters: RouteParameters = [:]) throws(WireframeError) -> any Controller {
        let result = try routeResult(url: url, parameters: parameters, option: .getController)
        guard case .provider(let provider) = handler(for: result) else {
            throw WireframeError.noController(url: url, pattern: result.routePattern)
        }
        return try makeController(result, provider: provider)
    }

    // MARK: - Navigation

    /// The controller on screen, if a navigator is set and shows one.
    public var topController: (any Controller)? {
        navigator?.topController
    }

    /// Pops the top of the navigation stack.
    /// - Throws: ``WireframeError/noNavigator(operation:)`` or ``WireframeError/navigatorReleased(operation:)``, or
    ///   the navigator's ``BrigadeCore/NavigatorError``.
    public func popController(animated: Bool = true) async throws {
        let navigator = try requireNavigator("pop")
        try await navigator.pop(animated: animated)
    }

    /// Dismisses the topmost modal.
    /// - Throws: ``WireframeError/noNavigator(operation:)`` or ``WireframeError/navigatorReleased(operation:)``, or
    ///   the navigator's ``BrigadeCore/NavigatorError``.
    public func dismissTopController(animated: Bool = true) async throws {
        let navigator = try requireNavigator("dismiss")
        try await navigator.dismiss(animated: animated)
    }

    /// Pops back to the topmost controller on the navigation stack made for `routePattern`.
    /// - Throws: ``WireframeError/noNavigator(operation:)`` or ``WireframeError/navigatorReleased(operation:)``,
    ///   ``WireframeError/unknownPattern(_:)`` when no controller on the stack was made for it, or the navigator's
    ///   ``BrigadeCore/NavigatorError``.
    public func back(to routePattern: String, animated: Bool = true) async throws {
        let navigator = try requireNavigator("go back to '\(routePattern)'")
        let target = navigator.stack.last { $0.attachments.routeResult?.routePattern == routePattern }
        guard let target else { throw WireframeError.unknownPattern(routePattern) }
        try await navigator.pop(to: target, animated: animated)
    }

    // MARK: - Flow steps

    enum Taker {
        case handler(RoutingHandler)
        case provider(any ControllerProvider)
    }

    /// The navigator, or the error saying whether none was set or it was released.
    func requireNavigator(_ operation: String) throws(WireframeError) -> any Navigator {
        if let navigator {
            return navigator
        }
        if hasNavigator {
            throw WireframeError.navigatorReleased(operation: operation)
        }
        throw WireframeError.noNavigator(operation: operation)
    }

    /// The routing observers told about `result`, highest priority first.
    func observers(of result: RouteResult) -> [(observer: any RoutingObserver, pattern: String?)] {
        routingObservers.descending.compactMap { entry in
            entry.element.pattern.map { $0 == result.routePattern } ?? true ? entry.element : nil
        }
    }

    func handler(for result: RouteResult) -> Taker? {
        let handler = routingHandlers[result.routePattern]?.descending.first { _ in true }
        let provider = PriorityList.mergedDescending(
            controllerProviders, patternControllerProviders[result.routePattern]
        )
        .first { $0.element.isResponsible(routeResult: result) }
        switch (handler, provider) {
        case (nil, nil):
            return nil
        case (let handler?, nil):
            return .handler(handler.element)
        case (nil, let provider?):
            return .provider(provider.element)
        case (let handler?, let provider?):
            return handler.priority >= provider.priority ? .handler(handler.element) : .provider(provider.element)
        }
    }

    func makeController(
        _ result: RouteResult,
        provider: any ControllerProvider
    ) throws(WireframeError) -> any Controller {
        try wrapping(result.url) {
            let controller = try provider.makeController(routeResult: result)
            controller.attachments.routeResult = result
            if let style = result.option.modalStyle {
                controller.attachments.modalStyle = style
            }
            for (_, _, presenterProvider) in presenterProviders.descending
            where presenterProvider.isResponsible(routeResult: result, controller: controller) {
                for presenter in try presenterProvider.makePresenters(routeResult: result, controller: controller)
                where presenter.isResponsible(routeResult: result, controller: controller) {
                    try presenter.addPresentationLogic(routeResult: result, controller: controller)
                    controller.attachments.presenters.append(presenter)
                }
            }
            return controller
        }
    }

    /// Runs `body`, which calls code of the app; what it throws that is not a ``WireframeError`` is wrapped in
    /// ``WireframeError/routingFailed(url:underlying:)``.
    func wrapping<T>(_ url: URL, _ body: () throws -> T) throws(WireframeError) -> T {
        do {
            return try body()
        } catch let error as WireframeError {
            throw error
        } catch {
            throw WireframeError.routingFailed(url: url, underlying: error)
        }
    }

    /// Runs `body` as the synchronous `wrapping` does, awaiting it.
    func wrapping(_ url: URL, _ body: () async throws -> Void) async throws(WireframeError) {
        do {
            try await body()
        } catch let error as WireframeError {
            throw error
        } catch {
            throw WireframeError.routingFailed(url: url, underlying: error)
        }
    }
}
