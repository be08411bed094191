/// How a routed controller is to be shown; chosen by the caller and adjusted by option providers, then read by the
/// routing presenter responsible for it.
///
/// ```swift
/// try await wireframe.route(url: url, option: .modal.animated(false))
/// ```
public struct RoutingOption: Hashable, Sendable, CustomStringConvertible {
    /// The kinds of presentation.
    public enum Presentation: Hashable, Sendable {
        /// Push onto the navigation stack.
        case push
        /// Present modally above everything shown.
        case modal
        /// Show in the current context: push when there is a stack, otherwise make it the root.
        case show
        /// Replace the top controller of the navigation stack.
        case replaceTop
        /// Make it the only controller of the navigation stack, dismissing modals.
        case root
        /// Pop back to the controller already shown for the same route pattern, or push if there is none.
        case backTo
        /// Build the controller and its presenters without showing it.
        case getController
        /// An app-defined presentation, handled by an app-defined routing presenter.
        case custom(String)
    }

    /// The kind of presentation.
    public var presentation: Presentation
    /// Whether the transition is animated; passed through to the navigator.
    public var animated: Bool
    /// For a modal, the style to present it with (the built-in routing presenter sets the controller's
    /// ``ControllerAttachments/modalStyle``); `nil`: the navigator's default.
    public var modalStyle: NavigationModalStyle?

    /// Creates an option.
    public init(_ presentation: Presentation, animated: Bool = true, modalStyle: NavigationModalStyle? = nil) {
        self.presentation = presentation
        self.animated = animated
        self.modalStyle = modalStyle
    }

    /// Push, animated.
    public static let push = RoutingOption(.push)
    /// Modal, animated.
    public static let modal = RoutingOption(.modal)
    /// Show, animated.
    public static let show = RoutingOption(.show)
    /// Replace the top, animated.
    public static let replaceTop = RoutingOption(.replaceTop)
    /// Set as root, animated.
    public static let root = RoutingOption(.root)
    /// Back to an existing controller of the same pattern, animated.
    public static let backTo = RoutingOption(.backTo)
    /// Build without showing.
    public static let getController = RoutingOption(.getController, animated: false)

    /// This option with `animated` set to `value`.
    public func animated(_ value: Bool) -> RoutingOption {
        RoutingOption(presentation, animated: value, modalStyle: modalStyle)
    }

    /// This option with ``modalStyle`` set to `style`: `.modal.presented(as: .fullScreen)`.
    public func presented(as style: NavigationModalStyle?) -> RoutingOption {
        RoutingOption(presentation, animated: animated, modalStyle: style)
    }

    /// The presentation, followed by `(not animated)` when it is not animated.
    public var description: String {
        let name: String
        switch presentation {
        case .push: name = "push"
        case .modal: name = "modal"
        case .show: name = "show"
        case .replaceTop: name = "replaceTop"
        case .root: name = "root"
        case .backTo: name = "backTo"
        case .getController: name = "getController"
        case .custom(let custom): name = custom
        }
        let styled = modalStyle.map { "\(name) (\($0 == .sheet ? "sheet" : "full screen"))" } ?? name
        return animated ? styled : "\(styled) (not animated)"
    }
}
