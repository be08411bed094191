/// Whatever the platform shows: a UIKit or AppKit view controller, a SwiftUI hosting controller, a terminal screen,
/// a test double.
///
/// The Wireframe makes controllers through controller providers and hands them to a ``Navigator``, which delivers
/// their ``LifecycleEvent``s, on the main actor, in UIKit's order. A conformer only stores its attachments:
///
/// ```swift
/// final class MenuScreen: Controller {
///     var attachments = ControllerAttachments()
///     func lifecycleEvent(_ event: LifecycleEvent) { if event == .load { draw() } }
/// }
/// ```
@MainActor
public protocol Controller: AnyObject {
    /// What Brigade keeps with the controller: its presenters and whether it was loaded. The controller owns them,
    /// so presenters live exactly as long as the controller does.
    var attachments: ControllerAttachments { get set }

    /// Called by the navigator for each lifecycle event, before the controller's presenters are told. By default it
    /// does nothing.
    func lifecycleEvent(_ event: LifecycleEvent)
}

extension Controller {
    /// Does nothing.
    public func lifecycleEvent(_ event: LifecycleEvent) {}

    /// The presenters attached to the controller, in the order they were attached.
    public var presenters: [any Presenter] {
        attachments.presenters
    }
}

/// What Brigade stores with a ``Controller``. Conformers declare `var attachments = ControllerAttachments()` and
/// leave it to the wireframe and the navigator.
@MainActor
public struct ControllerAttachments {
    /// The presenters attached by the wireframe, in order; the controller owns them.
    public var presenters: [any Presenter] = []
    /// Whether the navigator has delivered ``LifecycleEvent/load`` yet.
    public var isLoaded = false
    /// The route result the controller was made for, when the wireframe made it.
    public var routeResult: RouteResult?
    /// The last appear or disappear event delivered through BrigadeNavigation's `LifecycleDelivery`, so that a
    /// repeat of it (a platform that reports an event twice) is ignored.
    package var lastAppearanceEvent: LifecycleEvent?
    /// Why the controller disappears, as its platform told it with the last disappear event (UIKit's
    /// `isMovingFromParent` / `isBeingDismissed`): read it in ``Controller/lifecycleEvent(_:)`` for
    /// ``LifecycleEvent/willDisappear(animated:)`` or ``LifecycleEvent/didDisappear(animated:)``. `nil` while the
    /// controller is shown, and when the platform did not say.
    public package(set) var disappearance: Disappearance?
    /// The style to present the controller with as a modal; `nil`: the navigator's default. The wireframe sets it
    /// from ``RoutingOption/modalStyle`` and when it restores a saved state; a navigator reports it in
    /// ``Navigator/modalStyle(of:)``.
    public var modalStyle: NavigationModalStyle?
    /// The controller's screen tasks (``Controller/screenTask(_:id:priority:fileID:line:_:)``), made with the first.
    package var screenWork: ScreenWork?

    /// Whether the last appear or disappear event delivered was an appear event: the controller is on screen.
    package var isOnScreen: Bool {
        switch lastAppearanceEvent {
        case .willAppear, .didAppear: return true
        default: return false
        }
    }

    /// Creates empty attachments.
    public nonisolated init() {}
}

/// The lifecycle events a navigator delivers to a controller and its presenters.
///
/// For a controller coming on screen: ``load`` (once, the first time), ``willAppear(animated:)``,
/// ``didAppear(animated:)``; for one leaving: ``willDisappear(animated:)``, ``didDisappear(animated:)``. When one
/// controller replaces another, the leaving one's `willDisappear` comes before the arriving one's `willAppear`, and
/// the leaving one's `didDisappear` before the arriving one's `didAppear`.
public enum LifecycleEvent: Hashable, Sendable, CustomStringConvertible {
    /// The controller is about to be shown for the first time.
    case load
    /// The controller is about to appear.
    case willAppear(animated: Bool)
    /// The controller appeared.
    case didAppear(animated: Bool)
    /// The controller is about to disappear.
    case willDisappear(animated: Bool)
    /// The controller disappeared.
    case didDisappear(animated: Bool)

    /// The event's name, as in `willAppear(animated)`.
    public var description: String {
        switch self {
        case .load: return "load"
        case .willAppear(let animated): return "willAppear(\(animated ? "animated" : "not animated"))"
        case .didAppear(let animated): return "didAppear(\(animated ? "animated" : "not animated"))"
        case .willDisappear(let animated): return "willDisappear(\(animated ? "animated" : "not animated"))"
        case .didDisappear(let animated): return "didDisappear(\(animated ? "animated" : "not animated"))"
        }
    }
}
