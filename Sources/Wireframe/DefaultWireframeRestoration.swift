import BrigadeCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Restoring a saved navigation state, and reading the one on screen.
extension DefaultWireframe {
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
    func restore(
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
}
