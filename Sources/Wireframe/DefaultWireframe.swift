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
    private var matcher: RouteMatcher {
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

    /// Restores a saved ``NavigationState``: the navigation stack and the modals above it, made and shown as
    /// ``route(stack:animated:)`` makes and shows a stack (atomically, nothing shown when one URL fails), through the
    /// navigator's ``BrigadeCore/Navigator/setStack(_:modals:animated:)`` (one transition on ``HeadlessNavigator``).
    /// Option providers run with `.root`/`.push` for the stack and `.modal` for the modals.
    ///
    /// What is already on screen stays: a controller at the bottom of the stack (or of the modals) whose route has
    /// the same pattern and parameters (as text) as the state's is kept, with its presenters, and so are those above
    /// it while they match too. A state equal to what is shown changes nothing and delivers no event.
    /// - Throws: The errors of ``route(stack:animated:)``.
    public func route(state: NavigationState, animated: Bool = false) async throws(WireframeError) {
        try await restore(stack: state.stack, modals: state.modals, animated: animated, keepsShown: true)
    }

    /// The navigation state on screen as links, for ``route(state:animated:)``: the URL of each controller's route
    /// (its pattern, its parameters, its query items and the values a caller gave, as text), built by
    /// ``url(forPattern:parameters:query:)`` and so checked to route back to the same pattern and values.
    /// - Throws: ``WireframeError/noNavigator(operation:)``, ``WireframeError/navigatorReleased(operation:)``,
    ///   ``WireframeError/controllerNotRouted(controller:)`` for a controller shown without routing, or the error
    ///   of ``url(forPattern:parameters:query:)`` for a route that has no URL that routes back to it.
    public func navigationState() throws(WireframeError) -> NavigationState {
        let navigator = try requireNavigator("save the navigation state")
        func urls(_ controllers: [any Controller]) throws(WireframeError) -> [URL] {
            var urls: [URL] = []
            for controller in controllers {
                guard let result = controller.attachments.routeResult else {
                    throw .controllerNotRouted(controller: String(describing: type(of: controller)))
                }
                urls.append(try url(forPattern: result.routePattern, parameters: result.parameters))
            }
            return urls
        }
        let modals = navigator.modalStack
        let modalURLs = try urls(modals)
        return NavigationState(
            stack: try urls(navigator.stack),
            modals: zip(modalURLs, modals).map { .init(url: $0, style: navigator.modalStyle(of: $1)) })
    }

    /// Makes every controller of `urls` and `modals` (keeping, when `keepsShown`, the controllers shown for the same
    /// routes at the bottom of each list), then shows them in one call to the navigator.
    private func restore(
        stack urls: [URL],
        modals modalEntries: [NavigationState.Modal],
        animated: Bool,
        keepsShown: Bool
    ) async throws(WireframeError) {
        let modals = modalEntries.map(\.url)
        guard let top = modals.last ?? urls.last else { return }
        var planned: [(result: RouteResult, provider: any ControllerProvider)] = []
        let all = urls + modals
        for (index, url) in all.enumerated() {
            let presentation: RoutingOption.Presentation =
                index >= urls.count ? .modal : index == 0 ? .root : .push
            let style = index >= urls.count ? modalEntries[index - urls.count].style : nil
            let option = RoutingOption(
                presentation, animated: animated && index == all.count - 1, modalStyle: style)
            var result = try routeResult(url: url, option: option)
            // The saved style wins over what option providers chose.
            if let style {
                result.option.modalStyle = style
            }
            guard case .provider(let provider) = handler(for: result) else {
                throw WireframeError.noController(url: url, pattern: result.routePattern)
            }
            planned.append((result, provider))
        }
        let navigator = try requireNavigator(
            "route the stack [" + all.map(\.absoluteString).joined(separator: ", ") + "]")
        var kept: [Int: any Controller] = [:]
        if keepsShown {
            let stackResults = planned.prefix(urls.count).map(\.result)
            for (index, controller) in Self.keptPrefix(navigator.stack, stackResults).enumerated() {
                kept[index] = controller
            }
            let modalResults = planned.dropFirst(urls.count).map(\.result)
            let keptModals = Self.keptPrefix(navigator.modalStack, modalResults)
            // A modal shown in another style than the state's is made again.
            for (index, controller) in keptModals.enumerated() {
                guard navigator.modalStyle(of: controller) == modalEntries[index].style else { break }
                kept[urls.count + index] = controller
            }
            if kept.count == all.count, navigator.stack.count == urls.count, navigator.modalStack.count == modals.count
            {
                return
            }
        }
        var controllers: [any Controller] = []
        for (index, (result, provider)) in planned.enumerated() {
            if let controller = kept[index] {
                controllers.append(controller)
            } else {
                controllers.append(try makeController(result, provider: provider))
            }
        }
        var observersOf: [[(observer: any RoutingObserver, pattern: String?)]] = []
        for (index, (result, _)) in planned.enumerated() {
            let observers = kept[index] == nil ? observers(of: result) : []
            observersOf.append(observers)
            for entry in observers {
                entry.observer.willPresent(controller: controllers[index], routeResult: result)
            }
        }
        try await wrapping(top) {
            if modals.isEmpty {
                try await navigator.setStack(controllers, animated: animated)
            } else {
                try await navigator.setStack(
                    Array(controllers.prefix(urls.count)), modals: Array(controllers.dropFirst(urls.count)),
                    animated: animated)
            }
        }
        for (index, (result, _)) in planned.enumerated() {
            for entry in observersOf[index] {
                entry.observer.didPresent(controller: controllers[index], routeResult: result)
            }
        }
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

    /// A URL for `pattern` filled with `parameters` (reverse routing); parameters the pattern does not name become
    /// query items. Routing the URL gives back the same pattern and the same values, or building throws.
    ///
    /// ```swift
    /// try wireframe.url(forPattern: "/menu/:dish", parameters: ["dish": "crème brûlée"])
    /// // /menu/cr%C3%A8me%20br%C3%BBl%C3%A9e
    /// ```
    /// - Throws: The errors of ``url(forPattern:parameters:query:)``.
    public func url(forPattern pattern: String, parameters: RouteParameters = [:]) throws(WireframeError) -> URL {
        try url(forPattern: pattern, parameters: parameters, query: [:])
    }

    /// A URL for `pattern` filled with `parameters`, followed by `query` and the parameters the pattern does not
    /// name as query items (sorted by name, names and values percent-encoded, `+` too; a parameter wins over a query
    /// item of the same name; a list of two or more strings is the name repeated, `?tag=a&tag=b`).
    ///
    /// The round trip is checked: routing the URL gives back `pattern`, the pattern's parameters with the same
    /// text (byte for byte; a value that is not text as its `String(describing:)`, a wildcard as its segments) and
    /// the query items, and nothing else; otherwise building throws.
    ///
    /// ```swift
    /// try wireframe.url(forPattern: "/menu/:dish", parameters: ["dish": "soup"], query: ["size": "large & hot"])
    /// // /menu/soup?size=large%20%26%20hot
    /// ```
    /// - Throws: ``WireframeError/unknownPattern(_:)`` when `pattern` is not registered;
    ///   ``WireframeError/missingParameter(pattern:name:)`` when a required parameter is not given;
    ///   ``WireframeError/emptyParameter(pattern:name:)`` when one is empty text;
    ///   ``WireframeError/incompleteOptionalGroup(pattern:given:missing:)`` when a parameter of an optional group is
    ///   given without the others of the group; ``WireframeError/builtURLRoutesElsewhere(pattern:url:winner:)``
    ///   when the URL would show a more specific pattern (`/:tab` with `new` beside `/new`);
    ///   ``WireframeError/builtURLDoesNotRoundTrip(pattern:url:reason:)`` when it would give other values back;
    ///   ``WireframeError/invalidURL(_:)`` when the text is no URL.
    public func url(
        forPattern pattern: String,
        parameters: RouteParameters = [:],
        query: [String: String]
    ) throws(WireframeError) -> URL {
        guard let registered = matcher.pattern(pattern) else { throw .unknownPattern(pattern) }
        var text = try registered.path(parameters: parameters)
        let named = Set(registered.parameterNames)
        var items = query.mapValues { [$0] }
        for (name, value) in parameters.values where !named.contains(name) {
            items[name] = (value as? [String]) ?? [(value as? String) ?? String(describing: value)]
        }
        if !items.isEmpty {
            text +=
                "?"
                + items.keys.sorted().flatMap { name in
                    (items[name] ?? []).map { PercentEncoding.encode(name) + "=" + PercentEncoding.encode($0) }
                }.joined(separator: "&")
        }
        guard let url = URL(string: text) else { throw .invalidURL(text) }
        try checkRoundTrip(url, pattern: registered, parameters: parameters, query: query)
        return url
    }

    /// Throws unless routing `url` gives back `pattern`, `parameters` (the pattern's and the others) and `query`.
    private func checkRoundTrip(
        _ url: URL,
        pattern: RoutePattern,
        parameters: RouteParameters,
        query: [String: String]
    ) throws(WireframeError) {
        let text = url.absoluteString
        guard let match = matcher.match(url: url) else {
            throw .builtURLDoesNotRoundTrip(pattern: pattern.text, url: text, reason: "no pattern matches it")
        }
        guard match.pattern.text == pattern.text else {
            throw .builtURLRoutesElsewhere(pattern: pattern.text, url: text, winner: match.pattern.text)
        }
        // Each value as the list of texts routing gives back: one text, or a wildcard's segments.
        var expected = query.mapValues { (texts: [$0], isList: false) }
        let hasWildcard = pattern.parameterNames.contains(RouteParameters.wildcard)
        for (name, value) in parameters.values {
            if hasWildcard, name == RouteParameters.wildcard {
                expected[name] = ((value as? [String]) ?? [String(describing: value)], true)
            } else if let list = value as? [String] {
                expected[name] = (list, true)
            } else {
                expected[name] = ([(value as? String) ?? String(describing: value)], false)
            }
        }
        for (name, value) in match.parameters.values {
            let found = (value as? [String]) ?? [(value as? String) ?? String(describing: value)]
            guard let wanted = expected.removeValue(forKey: name) else {
                throw .builtURLDoesNotRoundTrip(
                    pattern: pattern.text, url: text, reason: "it gives parameter '\(name)', which was not given")
            }
            let isSame =
                wanted.isList == (value is [String]) && wanted.texts.count == found.count
                && zip(wanted.texts, found).allSatisfy { $0.utf8.elementsEqual($1.utf8) }
            guard isSame else {
                let shown = value is [String] ? found.description : found.joined()
                throw .builtURLDoesNotRoundTrip(
                    pattern: pattern.text, url: text, reason: "parameter '\(name)' comes back as '\(shown)'")
            }
        }
        if let name = expected.keys.sorted().first {
            throw .builtURLDoesNotRoundTrip(
                pattern: pattern.text, url: text, reason: "parameter '\(name)' does not come back")
        }
    }

    /// The controllers at the bottom of `shown` whose routes are `results`, in order, up to the first that differs.
    private static func keptPrefix(_ shown: [any Controller], _ results: [RouteResult]) -> [any Controller] {
        var kept: [any Controller] = []
        for (controller, result) in zip(shown, results) {
            guard let current = controller.attachments.routeResult, isSameRoute(current, result) else { break }
            kept.append(controller)
        }
        return kept
    }

    /// Whether two routes have the same pattern and the same parameters, as text.
    private static func isSameRoute(_ lhs: RouteResult, _ rhs: RouteResult) -> Bool {
        struct Text: Equatable {
            let texts: [String]
            let isList: Bool
        }
        func texts(_ parameters: RouteParameters) -> [String: Text] {
            parameters.values.mapValues { value in
                if let list = value as? [String] { return Text(texts: list, isList: true) }
                return Text(texts: [(value as? String) ?? String(describing: value)], isList: false)
            }
        }
        return lhs.routePattern == rhs.routePattern && texts(lhs.parameters) == texts(rhs.parameters)
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

    private enum Taker {
        case handler(RoutingHandler)
        case provider(any ControllerProvider)
    }

    /// The navigator, or the error saying whether none was set or it was released.
    private func requireNavigator(_ operation: String) throws(WireframeError) -> any Navigator {
        if let navigator {
            return navigator
        }
        if hasNavigator {
            throw WireframeError.navigatorReleased(operation: operation)
        }
        throw WireframeError.noNavigator(operation: operation)
    }

    /// The routing observers told about `result`, highest priority first.
    private func observers(of result: RouteResult) -> [(observer: any RoutingObserver, pattern: String?)] {
        routingObservers.descending.compactMap { entry in
            entry.element.pattern.map { $0 == result.routePattern } ?? true ? entry.element : nil
        }
    }

    private func handler(for result: RouteResult) -> Taker? {
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

    private func makeController(
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
    private func wrapping<T>(_ url: URL, _ body: () throws -> T) throws(WireframeError) -> T {
        do {
            return try body()
        } catch let error as WireframeError {
            throw error
        } catch {
            throw WireframeError.routingFailed(url: url, underlying: error)
        }
    }

    /// Runs `body` as the synchronous `wrapping` does, awaiting it.
    private func wrapping(_ url: URL, _ body: () async throws -> Void) async throws(WireframeError) {
        do {
            try await body()
        } catch let error as WireframeError {
            throw error
        } catch {
            throw WireframeError.routingFailed(url: url, underlying: error)
        }
    }
}
