import BrigadeCore

/// A navigator that keeps its navigation stack and modal stack in memory and delivers lifecycle events in UIKit's
/// order. Tests and terminal apps use it; a renderer can draw ``BrigadeCore/Navigator/topController`` after each call.
///
/// Each transition delivers, to the controller and then to each of its presenters:
/// 1. `load` to the arriving controller, the first time it is shown;
/// 2. `willDisappear` to the leaving controller, then `willAppear` to the arriving one;
/// 3. the stacks change;
/// 4. `didDisappear` to the leaving controller, then `didAppear` to the arriving one.
///
/// Only the controller on screen takes part: controllers under it get no events. A modal is treated as covering the
/// whole screen, so the controller under it disappears. `animated` is passed through to every event.
@MainActor
public final class HeadlessNavigator: Navigator {
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

    /// Creates an empty navigator.
    /// - Parameter recordsLifecycle: Whether to keep every delivered event in ``lifecycleLog``.
    public init(recordsLifecycle: Bool = false) {
        self.recordsLifecycle = recordsLifecycle
    }

    /// Empties ``lifecycleLog``.
    public func clearLifecycleLog() {
        lifecycleLog.removeAll()
    }

    /// Pushes `controller`; see ``Navigator/push(_:animated:)``.
    public func push(_ controller: any Controller, animated: Bool) async throws {
        try checkNotShown(controller)
        let onScreen = modalStack.isEmpty
        transition(to: onScreen ? controller : nil, animated: animated, leaving: onScreen ? stack.last : nil) {
            $0.stack.append(controller)
        }
    }

    /// Pops the top of the stack; see ``Navigator/pop(animated:)``.
    public func pop(animated: Bool) async throws {
        guard stack.count > 1 else { throw NavigatorError.nothingToPop }
        let arriving = modalStack.isEmpty ? stack[stack.count - 2] : nil
        transition(to: arriving, animated: animated, leaving: modalStack.isEmpty ? stack.last : nil) {
            $0.stack.removeLast()
        }
    }

    /// Pops until `controller` is on top; see ``Navigator/pop(to:animated:)``.
    public func pop(to controller: any Controller, animated: Bool) async throws {
        guard let index = stack.lastIndex(where: { $0 === controller }) else {
            throw NavigatorError.notOnStack(Self.name(of: controller))
        }
        guard index < stack.count - 1 else { return }
        let onScreen = modalStack.isEmpty
        transition(to: onScreen ? controller : nil, animated: animated, leaving: onScreen ? stack.last : nil) {
            $0.stack.removeSubrange((index + 1)...)
        }
    }

    /// Presents `controller` modally; see ``Navigator/present(_:animated:)``.
    public func present(_ controller: any Controller, animated: Bool) async throws {
        try checkNotShown(controller)
        transition(to: controller, animated: animated, leaving: topController) { $0.modalStack.append(controller) }
    }

    /// Dismisses the topmost modal; see ``Navigator/dismiss(animated:)``.
    public func dismiss(animated: Bool) async throws {
        guard let leaving = modalStack.last else { throw NavigatorError.nothingToDismiss }
        let arriving = modalStack.count > 1 ? modalStack[modalStack.count - 2] : stack.last
        transition(to: arriving, animated: animated, leaving: leaving) { $0.modalStack.removeLast() }
    }

    /// Replaces everything shown with `controller`; see ``Navigator/setRoot(_:animated:)``. `controller` may be shown
    /// already (it stays, the rest goes); when it is the one on screen, it gets no events, as it neither leaves nor
    /// arrives.
    public func setRoot(_ controller: any Controller, animated: Bool) async throws {
        let isSameTop = topController === controller
        transition(to: isSameTop ? nil : controller, animated: animated, leaving: isSameTop ? nil : topController) {
            $0.modalStack.removeAll()
            $0.stack = [controller]
        }
    }

    /// Replaces everything shown with `controllers`, bottom first, in one transition; see
    /// ``Navigator/setStack(_:animated:)``. An empty list empties both stacks (the controller on screen disappears).
    public func setStack(_ controllers: [any Controller], animated: Bool) async throws {
        var seen = Set<ObjectIdentifier>()
        for controller in controllers where !seen.insert(ObjectIdentifier(controller)).inserted {
            throw NavigatorError.alreadyShown(Self.name(of: controller))
        }
        for controller in controllers.dropLast() where !controller.attachments.isLoaded {
            controller.attachments.isLoaded = true
            deliver(.load, to: controller)
        }
        let isSameTop = topController != nil && topController === controllers.last
        transition(
            to: isSameTop ? nil : controllers.last, animated: animated, leaving: isSameTop ? nil : topController
        ) {
            $0.modalStack.removeAll()
            $0.stack = controllers
        }
    }

    /// Replaces the navigation stack with `controllers` and the modals with `modals`, bottom first, in one
    /// transition; see ``Navigator/setStack(_:modals:animated:)``. The controller on screen disappears (unless it is
    /// the new top), the new top (the last modal, else the top of the stack) appears, and the controllers under it
    /// get `load` only, the first time they are shown.
    public func setStack(_ controllers: [any Controller], modals: [any Controller], animated: Bool) async throws {
        let all = controllers + modals
        var seen = Set<ObjectIdentifier>()
        for controller in all where !seen.insert(ObjectIdentifier(controller)).inserted {
            throw NavigatorError.alreadyShown(Self.name(of: controller))
        }
        for controller in all.dropLast() where !controller.attachments.isLoaded {
            controller.attachments.isLoaded = true
            deliver(.load, to: controller)
        }
        let isSameTop = topController != nil && topController === all.last
        transition(to: isSameTop ? nil : all.last, animated: animated, leaving: isSameTop ? nil : topController) {
            $0.stack = controllers
            $0.modalStack = modals
        }
    }

    /// Replaces the top of the stack with `controller`; see ``Navigator/replaceTop(with:animated:)``.
    public func replaceTop(with controller: any Controller, animated: Bool) async throws {
        try checkNotShown(controller)
        let onScreen = modalStack.isEmpty
        transition(to: onScreen ? controller : nil, animated: animated, leaving: onScreen ? stack.last : nil) {
            if $0.stack.isEmpty {
                $0.stack.append(controller)
            } else {
                $0.stack[$0.stack.count - 1] = controller
            }
        }
    }

    // MARK: - Transitions

    private func checkNotShown(_ controller: any Controller) throws {
        if stack.contains(where: { $0 === controller }) || modalStack.contains(where: { $0 === controller }) {
            throw NavigatorError.alreadyShown(Self.name(of: controller))
        }
    }

    private func transition(
        to arriving: (any Controller)?,
        animated: Bool,
        leaving: (any Controller)?,
        change: (HeadlessNavigator) -> Void
    ) {
        if let arriving, !arriving.attachments.isLoaded {
            arriving.attachments.isLoaded = true
            deliver(.load, to: arriving)
        }
        if let leaving {
            deliver(.willDisappear(animated: animated), to: leaving)
        }
        if let arriving {
            deliver(.willAppear(animated: animated), to: arriving)
        }
        change(self)
        if let leaving {
            deliver(.didDisappear(animated: animated), to: leaving)
        }
        if let arriving {
            deliver(.didAppear(animated: animated), to: arriving)
        }
        onChange?(self)
    }

    private func deliver(_ event: LifecycleEvent, to controller: any Controller) {
        if recordsLifecycle {
            lifecycleLog.append(LifecycleEntry(controller: Self.name(of: controller), event: event))
        }
        controller.lifecycleEvent(event)
        for presenter in controller.attachments.presenters {
            presenter.lifecycleEvent(event, controller: controller)
        }
    }

    private static func name(of controller: any Controller) -> String {
        String(describing: type(of: controller))
    }
}
