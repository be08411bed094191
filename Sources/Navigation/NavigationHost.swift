import BrigadeCore

/// The few things ``HostNavigator`` needs from a platform's navigation container, such as a
/// `UINavigationController` (BrigadeUIKit's `BrigadeNavigationController` conforms).
///
/// A host shows the controllers it is given and, like UIKit, delivers their lifecycle events itself, through
/// ``LifecycleDelivery``. Each transition calls its `completion` exactly once, when the transition completed
/// (possibly long after the call returned); a host that throws does not call it. A host that never calls a
/// `completion` blocks the navigator: every later call waits for that transition.
@MainActor
public protocol NavigationHost: AnyObject {
    /// The navigation stack the host shows now, bottom first, including what the user changed during a transition.
    /// The navigator reads it when each of its stack transitions completed, so a pop the user made meanwhile is
    /// kept.
    var shownStack: [any Controller] { get }

    /// The modals the host presents now, the first presented first, including what the user dismissed during a
    /// transition. The navigator reads it when each of its modal transitions completed.
    var shownModals: [any Controller] { get }

    /// Called by the host, on the main actor, when the user changed what it shows without the navigator (the back
    /// button, a completed or cancelled interactive pop, a sheet swiped down). The navigator sets it.
    var onUserChange: (@MainActor (NavigationHostChange) -> Void)? { get set }

    /// Shows `controllers` as the navigation stack, bottom first, in one transition (a push when only a new top was
    /// added, a pop when the top was removed).
    /// - Throws: ``NavigationError/unsupportedController(_:)`` for a controller the host cannot show.
    func setStack(
        _ controllers: [any Controller], animated: Bool, completion: @escaping @MainActor () -> Void
    ) throws

    /// Presents `controller` modally above everything shown.
    /// - Throws: ``NavigationError/unsupportedController(_:)`` for a controller the host cannot show.
    func presentModal(_ controller: any Controller, animated: Bool, completion: @escaping @MainActor () -> Void) throws

    /// Dismisses the modal `controller` and every modal above it.
    func dismissModal(_ controller: any Controller, animated: Bool, completion: @escaping @MainActor () -> Void)
}

/// A change a ``NavigationHost`` reports because the user made it.
@MainActor
public enum NavigationHostChange {
    /// The navigation stack is now `controllers`, bottom first (after a back-button pop, or after an interactive pop
    /// finished or was cancelled).
    case stack([any Controller])
    /// The modal `controller`, and every modal above it, was dismissed by the user (a sheet swiped down).
    case modalDismissed(any Controller)
}
