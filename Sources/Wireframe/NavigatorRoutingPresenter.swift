import BrigadeCore

/// The routing presenter for Brigade's built-in options: push, modal, show, replace top, root and back to.
///
/// ``DefaultWireframe`` registers one at the lowest priority, so an app's own routing presenter for an option wins.
@MainActor
public final class NavigatorRoutingPresenter: RoutingPresenter {
    /// Creates the routing presenter.
    public init() {}

    /// Responsible for every built-in presentation except ``RoutingOption/Presentation/getController``.
    public func isResponsible(option: RoutingOption) -> Bool {
        switch option.presentation {
        case .push, .modal, .show, .replaceTop, .root, .backTo: return true
        case .getController, .custom: return false
        }
    }

    /// Shows `controller` through `navigator` as its route result's option asks.
    ///
    /// `show` pushes when the navigation stack is not empty, otherwise sets the root. `backTo` pops to the topmost
    /// controller on the stack made for the same route pattern, and pushes `controller` when there is none.
    public func present(controller: any Controller, routeResult: RouteResult, navigator: any Navigator) async throws {
        let animated = routeResult.option.animated
        switch routeResult.option.presentation {
        case .push:
            try await navigator.push(controller, animated: animated)
        case .modal:
            try await navigator.present(controller, animated: animated)
        case .show where navigator.stack.isEmpty, .root:
            try await navigator.setRoot(controller, animated: animated)
        case .show:
            try await navigator.push(controller, animated: animated)
        case .replaceTop:
            try await navigator.replaceTop(with: controller, animated: animated)
        case .backTo:
            let existing = navigator.stack.last {
                $0.attachments.routeResult?.routePattern == routeResult.routePattern
            }
            if let existing {
                try await navigator.pop(to: existing, animated: animated)
            } else {
                try await navigator.push(controller, animated: animated)
            }
        case .getController, .custom:
            throw WireframeError.noRoutingPresenter(url: routeResult.url, option: routeResult.option)
        }
    }
}
