/// Shows controllers: a navigation stack and a stack of modals above it. The only thing a routing presenter talks
/// to.
///
/// Used on the main actor. Every method returns once the transition is complete and delivers the lifecycle events
/// of the controllers involved, first to the controller and then to its presenters, in UIKit's order (see
/// ``LifecycleEvent``). A navigator releases a controller, and with it its presenters, when it leaves both stacks.
@MainActor
public protocol Navigator: AnyObject {
    /// The navigation stack, bottom first.
    var stack: [any Controller] { get }

    /// The modals, the first presented first.
    var modalStack: [any Controller] { get }

    /// Pushes `controller` onto the navigation stack.
    /// - Throws: ``NavigatorError/alreadyShown(_:)`` when it is already on a stack.
    func push(_ controller: any Controller, animated: Bool) async throws

    /// Pops the top of the navigation stack.
    /// - Throws: ``NavigatorError/nothingToPop`` when the stack holds one controller or none.
    func pop(animated: Bool) async throws

    /// Pops until `controller` is the top of the navigation stack.
    /// - Throws: ``NavigatorError/notOnStack(_:)`` when it is not on the navigation stack.
    func pop(to controller: any Controller, animated: Bool) async throws

    /// Presents `controller` modally above everything shown.
    /// - Throws: ``NavigatorError/alreadyShown(_:)`` when it is already on a stack.
    func present(_ controller: any Controller, animated: Bool) async throws

    /// Dismisses the topmost modal.
    /// - Throws: ``NavigatorError/nothingToDismiss`` when no modal is shown.
    func dismiss(animated: Bool) async throws

    /// Makes `controller` the only controller: dismisses every modal and replaces the whole navigation stack.
    func setRoot(_ controller: any Controller, animated: Bool) async throws

    /// Replaces the whole navigation stack with `controllers` (bottom first) and dismisses every modal, in one
    /// transition: a deep link that shows a list and its detail at once.
    ///
    /// Lifecycle events: what was on screen disappears (unless it is the new top), the new top appears; controllers
    /// below the new top get no event until they first come on screen. An implementation says what an empty list
    /// does.
    /// - Throws: ``NavigatorError/alreadyShown(_:)`` when a controller is in the list twice; nothing changes then.
    func setStack(_ controllers: [any Controller], animated: Bool) async throws

    /// Replaces the top of the navigation stack with `controller`, or makes it the root when the stack is empty.
    /// - Throws: ``NavigatorError/alreadyShown(_:)`` when it is already on a stack.
    func replaceTop(with controller: any Controller, animated: Bool) async throws

    /// Replaces the whole navigation stack with `controllers` and the modals with `modals` (each bottom first): a
    /// saved navigation state restored.
    ///
    /// The default implementation calls ``setStack(_:animated:)`` and then presents each modal (animating only the
    /// last), so the controllers between get their appear and disappear events; Brigade's navigators
    /// (`HeadlessNavigator`, `ObservableNavigator`, `HostNavigator`) do it in one transition. Each modal is presented
    /// in its ``ControllerAttachments/modalStyle`` when set.
    /// - Throws: ``NavigatorError/alreadyShown(_:)`` when a controller is in the lists twice; nothing changes then.
    func setStack(_ controllers: [any Controller], modals: [any Controller], animated: Bool) async throws

    /// The style the modal `controller` is (or would be) presented with, for saving the navigation state.
    ///
    /// The default implementation returns the controller's ``ControllerAttachments/modalStyle``, else `.sheet`; a
    /// navigator over a platform container (UIKit's) returns the style the container presents it with.
    func modalStyle(of controller: any Controller) -> NavigationModalStyle
}

extension Navigator {
    /// Sets the stack, then presents each modal; see ``Navigator/setStack(_:modals:animated:)``.
    public func setStack(_ controllers: [any Controller], modals: [any Controller], animated: Bool) async throws {
        var seen = Set<ObjectIdentifier>()
        for controller in controllers + modals where !seen.insert(ObjectIdentifier(controller)).inserted {
            throw NavigatorError.alreadyShown(String(describing: type(of: controller)))
        }
        try await setStack(controllers, animated: animated && modals.isEmpty)
        for (index, modal) in modals.enumerated() {
            try await present(modal, animated: animated && index == modals.count - 1)
        }
    }

    /// The controller's ``ControllerAttachments/modalStyle``, else `.sheet`; see ``Navigator/modalStyle(of:)``.
    public func modalStyle(of controller: any Controller) -> NavigationModalStyle {
        controller.attachments.modalStyle ?? .sheet
    }

    /// The controller on screen: the topmost modal, else the top of the navigation stack.
    public var topController: (any Controller)? {
        modalStack.last ?? stack.last
    }
}
