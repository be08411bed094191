import BrigadeCore

/// A navigator that keeps its navigation stack and modal stack in memory and delivers lifecycle events in UIKit's
/// order. Tests and terminal apps use it; a renderer can draw ``BrigadeCore/Navigator/topController`` after each call.
///
/// Its events follow ``LifecycleTransition``, the model every Brigade navigator shares: only what comes on screen or
/// leaves it hears of a transition, a sheet leaves the screen under it on screen, a full-screen modal hides it, and a
/// disappearing controller reads why in ``BrigadeCore/ControllerAttachments/disappearance``. `animated` is passed
/// through to every event.
@MainActor
public final class HeadlessNavigator: ChangeReportingNavigator {
    /// One lifecycle event delivered to one controller, for the ``lifecycleLog``.
    public struct LifecycleEntry: Hashable, Sendable, CustomStringConvertible {
        /// The controller's type name.
        public let controller: String
        /// The event delivered.
        public let event: LifecycleEvent

        /// Creates an entry.
        public init(controller: String, event: LifecycleEvent) {
            self.controller = controller
            self.event = event
        }

        /// `Controller.event`, as in `MenuScreen.willAppear(animated)`.
        public var description: String { "\(controller).\(event)" }
    }

    /// The navigation stack, bottom first.
    public private(set) var stack: [any Controller] = []
    /// The modals, the first presented first.
    public private(set) var modalStack: [any Controller] = []
    /// Every lifecycle event delivered, in order, when the navigator was created with `recordsLifecycle: true`.
    public private(set) var lifecycleLog: [LifecycleEntry] = []
    /// Called after every transition, with the navigator; a terminal renderer draws here.
    public var onChange: (@MainActor (HeadlessNavigator) -> Void)?
    private let recordsLifecycle: Bool
    private let observers = NavigatorObservers()

    /// Creates an empty navigator.
    /// - Parameter recordsLifecycle: Whether to keep every delivered event in ``lifecycleLog``.
    public init(recordsLifecycle: Bool = false) {
        self.recordsLifecycle = recordsLifecycle
    }

    /// Empties ``lifecycleLog``.
    public func clearLifecycleLog() {
        lifecycleLog.removeAll()
    }

    /// Calls `observer` after each transition that changed the stacks; see
    /// ``ChangeReportingNavigator/observeChanges(_:)``.
    public func observeChanges(_ observer: @escaping @MainActor () -> Void) -> NavigatorObservation {
        observers.add(observer)
    }

    /// Pushes `controller`; see ``Navigator/push(_:animated:)``.
    public func push(_ controller: any Controller, animated: Bool) async throws {
        try checkNotShown(controller)
        show(stack: stack + [controller], modals: modalStack, animated: animated)
    }

    /// Pops the top of the stack; see ``Navigator/pop(animated:)``.
    public func pop(animated: Bool) async throws {
        guard stack.count > 1 else { throw NavigatorError.nothingToPop }
        show(stack: Array(stack.dropLast()), modals: modalStack, animated: animated)
    }

    /// Pops until `controller` is on top; see ``Navigator/pop(to:animated:)``.
    public func pop(to controller: any Controller, animated: Bool) async throws {
        guard let index = stack.lastIndex(where: { $0 === controller }) else {
            throw NavigatorError.notOnStack(Self.name(of: controller))
        }
        guard index < stack.count - 1 else { return }
        show(stack: Array(stack.prefix(index + 1)), modals: modalStack, animated: animated)
    }

    /// Presents `controller` modally; see ``Navigator/present(_:animated:)``.
    public func present(_ controller: any Controller, animated: Bool) async throws {
        try checkNotShown(controller)
        show(stack: stack, modals: modalStack + [controller], animated: animated)
    }

    /// Dismisses the topmost modal; see ``Navigator/dismiss(animated:)``.
    public func dismiss(animated: Bool) async throws {
        guard !modalStack.isEmpty else { throw NavigatorError.nothingToDismiss }
        show(stack: stack, modals: Array(modalStack.dropLast()), animated: animated)
    }

    /// Replaces everything shown with `controller`; see ``Navigator/setRoot(_:animated:)``. `controller` may be shown
    /// already (it stays, the rest goes); when it is on screen and stays there, it gets no events.
    public func setRoot(_ controller: any Controller, animated: Bool) async throws {
        show(stack: [controller], modals: [], animated: animated)
    }

    /// Replaces everything shown with `controllers`, bottom first, in one transition; see
    /// ``Navigator/setStack(_:animated:)``. An empty list empties both stacks (the controller on screen disappears).
    public func setStack(_ controllers: [any Controller], animated: Bool) async throws {
        try checkUnique(controllers)
        show(stack: controllers, modals: [], animated: animated)
    }

    /// Replaces the navigation stack with `controllers` and the modals with `modals`, bottom first, in one
    /// transition; see ``Navigator/setStack(_:modals:animated:)``.
    public func setStack(_ controllers: [any Controller], modals: [any Controller], animated: Bool) async throws {
        try checkUnique(controllers + modals)
        show(stack: controllers, modals: modals, animated: animated)
    }

    /// Replaces the top of the stack with `controller`; see ``Navigator/replaceTop(with:animated:)``.
    public func replaceTop(with controller: any Controller, animated: Bool) async throws {
        try checkNotShown(controller)
        show(stack: stack.dropLast() + [controller], modals: modalStack, animated: animated)
    }

    // MARK: - Transitions

    private func checkNotShown(_ controller: any Controller) throws {
        if stack.contains(where: { $0 === controller }) || modalStack.contains(where: { $0 === controller }) {
            throw NavigatorError.alreadyShown(Self.name(of: controller))
        }
    }

    private func checkUnique(_ controllers: [any Controller]) throws {
        var seen = Set<ObjectIdentifier>()
        for controller in controllers where !seen.insert(ObjectIdentifier(controller)).inserted {
            throw NavigatorError.alreadyShown(Self.name(of: controller))
        }
    }

    /// Shows `newStack` and `newModals` in one transition, delivering its events (``LifecycleTransition``).
    private func show(stack newStack: [any Controller], modals newModals: [any Controller], animated: Bool) {
        var transition = LifecycleTransition(
            from: LifecycleTransition.Shown(stack: stack, modals: modalStack, style: modalStyle(of:)),
            to: LifecycleTransition.Shown(stack: newStack, modals: newModals, style: modalStyle(of:)))
        if recordsLifecycle {
            transition.onEvent = { [unowned self] controller, event in
                lifecycleLog.append(LifecycleEntry(controller: Self.name(of: controller), event: event))
            }
        }
        let changes = !stack.isIdentical(to: newStack) || !modalStack.isIdentical(to: newModals)
        transition.deliver(animated: animated) {
            stack = newStack
            modalStack = newModals
        }
        onChange?(self)
        if changes {
            observers.tell()
        }
    }

    private static func name(of controller: any Controller) -> String {
        String(describing: type(of: controller))
    }
}
