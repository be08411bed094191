import BrigadeCore

/// The few things ``HostNavigator`` needs from a platform's navigation container, such as a
/// `UINavigationController` (BrigadeUIKit's `BrigadeNavigationController` conforms).
///
/// A host shows the controllers it is given and, like UIKit, delivers their lifecycle events itself, through
/// ``LifecycleDelivery``. The navigator keeps no copy of what the host shows: it reads ``shownStack`` and
/// ``shownModals`` whenever it needs them, so whatever the user did (a back tap, an interactive pop, a sheet swiped
/// down) is seen without being reported.
///
/// Each transition calls its `completion` exactly once, when the transition ended, with whether it completed or was
/// cancelled. A host that refuses a transition throws (``BrigadeCore/NavigatorError/presentationRefused(_:reason:)`` and the
/// like) and calls no completion, so no navigator call waits for a transition that never comes.
@MainActor
public protocol NavigationHost: AnyObject {
    /// The Brigade controllers of the navigation stack shown now, bottom first. View controllers the app pushed
    /// itself (not ``BrigadeCore/Controller``s) are not listed, and are kept by ``setStack(_:dismissingModals:animated:completion:)``.
    var shownStack: [any Controller] { get }

    /// The modals presented now, the first presented first.
    var shownModals: [any Controller] { get }

    /// The style the host presents `controller` with: a sheet (the presenter stays on screen and gets no
    /// disappear events; the user may swipe it down) or full screen (the presenter disappears; no swipe). A
    /// controller's ``BrigadeCore/ControllerAttachments/modalStyle``, when set, is the style it is presented with.
    func modalStyle(for controller: any Controller) -> NavigationModalStyle

    /// Calls `body` once no transition runs: at once when none does, else when the running transitions ended
    /// (including the user's: an interactive pop or a sheet being dragged). The navigator starts each call from
    /// what the host shows then.
    func whenTransitionsEnd(_ body: @escaping @MainActor () -> Void)

    /// Shows `controllers` as the navigation stack, bottom first, in one transition (a push when only a new top was
    /// added, a pop when the top was removed); with `dismissingModals`, every modal is dismissed in the same
    /// transition. View controllers the app pushed itself stay above the Brigade controller they were pushed on,
    /// while it stays.
    /// - Throws: ``BrigadeCore/NavigatorError/unsupportedController(_:)`` for a controller the host cannot show, or
    ///   ``BrigadeCore/NavigatorError/dismissalRefused(_:reason:)``; nothing changes then.
    func setStack(
        _ controllers: [any Controller], dismissingModals: Bool, animated: Bool,
        completion: @escaping @MainActor (HostTransitionResult) -> Void
    ) throws

    /// Shows `controllers` as the navigation stack and `modals` as the chain of modals above it (the first presented
    /// first), each in the style ``modalStyle(for:)`` says, in one transition: a saved navigation state restored.
    /// The modals already presented at the bottom of the chain stay; those above them are dismissed and the new ones
    /// presented. The new top appears and the controller on screen before disappears (unless it stays on top).
    /// - Throws: ``BrigadeCore/NavigatorError/unsupportedController(_:)``,
    ///   ``BrigadeCore/NavigatorError/presentationRefused(_:reason:)`` or
    ///   ``BrigadeCore/NavigatorError/dismissalRefused(_:reason:)``; nothing changes then.
    func setStack(
        _ controllers: [any Controller], modals: [any Controller], animated: Bool,
        completion: @escaping @MainActor (HostTransitionResult) -> Void
    ) throws

    /// Presents `controller` modally above everything shown, in the style ``modalStyle(for:)`` says.
    /// - Throws: ``BrigadeCore/NavigatorError/unsupportedController(_:)`` or ``BrigadeCore/NavigatorError/presentationRefused(_:reason:)``;
    ///   nothing changes then.
    func presentModal(
        _ controller: any Controller, animated: Bool, completion: @escaping @MainActor (HostTransitionResult) -> Void
    ) throws

    /// Dismisses the modal `controller` and every modal above it; completes at once when it is not presented.
    /// - Throws: ``BrigadeCore/NavigatorError/dismissalRefused(_:reason:)``; nothing changes then.
    func dismissModal(
        _ controller: any Controller, animated: Bool, completion: @escaping @MainActor (HostTransitionResult) -> Void
    ) throws
}
