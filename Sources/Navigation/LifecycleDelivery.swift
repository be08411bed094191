import BrigadeCore

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
        switch event {
        case .load:
            guard !controller.attachments.isLoaded else { return false }
            controller.attachments.isLoaded = true
        case .willAppear, .didAppear, .willDisappear, .didDisappear:
            if let last = controller.attachments.lastAppearanceEvent, kind(of: last) == kind(of: event) {
                return false
            }
            if kind(of: event) < 2, !controller.attachments.isLoaded {
                deliver(.load, to: controller)
            }
            controller.attachments.lastAppearanceEvent = event
            controller.attachments.disappearance = kind(of: event) < 2 ? nil : disappearance
        }
        controller.lifecycleEvent(event)
        for presenter in controller.attachments.presenters {
            presenter.lifecycleEvent(event, controller: controller)
        }
        return true
    }

    /// Delivers the events of one transition, in UIKit's order: `willDisappear` to `leaving`, `willAppear` to
    /// `arriving`, then `change()`, then `didDisappear` to `leaving` and `didAppear` to `arriving`. Either controller
    /// may be `nil`; the same controller on both sides takes no part.
    public static func transition(
        leaving: (any Controller)?,
        arriving: (any Controller)?,
        animated: Bool,
        change: () -> Void
    ) {
        var leaving = leaving
        var arriving = arriving
        if let left = leaving, let arrived = arriving, left === arrived {
            leaving = nil
            arriving = nil
        }
        if let arriving {
            deliver(.load, to: arriving)
        }
        if let leaving {
            deliver(.willDisappear(animated: animated), to: leaving)
        }
        if let arriving {
            deliver(.willAppear(animated: animated), to: arriving)
        }
        change()
        if let leaving {
            deliver(.didDisappear(animated: animated), to: leaving)
        }
        if let arriving {
            deliver(.didAppear(animated: animated), to: arriving)
        }
    }

    /// 0 will appear, 1 did appear, 2 will disappear, 3 did disappear; -1 load.
    private static func kind(of event: LifecycleEvent) -> Int {
        switch event {
        case .load: return -1
        case .willAppear: return 0
        case .didAppear: return 1
        case .willDisappear: return 2
        case .didDisappear: return 3
        }
    }
}
