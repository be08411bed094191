import BrigadeCore
import BrigadeWireframe

/// Delivers a platform's lifecycle events to a controller and its presenters, each exactly once.
///
/// Under UIKit, UIKit is the source of lifecycle events: a view controller forwards `viewDidLoad`,
/// `viewWillAppear(_:)`, … here, and ``HostNavigator`` delivers none itself. ``ObservableNavigator`` (SwiftUI) has no
/// such source and delivers its events through this helper itself. Either way every event goes through here, so
/// none is delivered twice:
///
/// ```swift
/// override func viewWillAppear(_ animated: Bool) {
///     super.viewWillAppear(animated)
///     LifecycleDelivery.deliver(.willAppear(animated: animated), to: self)
/// }
/// ```
///
/// Rules:
/// - ``BrigadeCore/LifecycleEvent/load`` is delivered once in the controller's life; a later one is ignored.
/// - An appear or disappear event is ignored when it repeats the last one delivered to the controller (whatever
///   its `animated` flag), as when a platform reports `viewWillAppear` twice.
/// - An appear event to a controller not loaded yet delivers `load` first.
/// - The controller hears the event first, then its presenters, in the order they were attached.
/// - The controller's screen tasks (``BrigadeCore/Controller/screenTask(_:id:priority:fileID:line:_:)``) start at
///   `willAppear` and stop at `didDisappear` (all of them when the controller is `.removed`).
///
/// A navigator of your own works out which controllers take part in a transition with
/// ``BrigadeWireframe/LifecycleTransition``, the model Brigade's navigators share.
@MainActor
public enum LifecycleDelivery {
    /// Delivers `event` to `controller` and then to its presenters, unless the rules above say it was delivered
    /// already.
    /// - Parameters:
    ///   - event: The lifecycle event.
    ///   - controller: The controller it happens to.
    ///   - disappearance: For a disappear event, why the controller disappears (UIKit: `.removed` when
    ///     `isMovingFromParent` or `isBeingDismissed`, else `.covered`); the controller and its presenters read it in
    ///     ``BrigadeCore/ControllerAttachments/disappearance`` while they handle the event. Ignored for other events;
    ///     an appear event clears it.
    /// - Returns: Whether the event was delivered (`false`: it repeated one delivered before and was ignored).
    @discardableResult
    public static func deliver(
        _ event: LifecycleEvent, to controller: any Controller, disappearance: Disappearance? = nil
    ) -> Bool {
        LifecycleTransition.deliver(event, to: controller, disappearance: disappearance)
    }
}
