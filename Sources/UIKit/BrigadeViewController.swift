#if canImport(UIKit) && !os(watchOS)
import BrigadeCore
import BrigadeNavigation
import UIKit

/// A UIKit view controller that is a Brigade ``Controller``: UIKit is the source of its lifecycle events, which it
/// forwards, each exactly once, to itself and its presenters through ``LifecycleDelivery``.
///
/// Subclass it and override ``lifecycleEvent(_:)`` (not the UIKit methods) to react to events. With a disappear event,
/// ``BrigadeCore/ControllerAttachments/disappearance`` says why: `.removed` when UIKit pops or dismisses it
/// (`isMovingFromParent`, `isBeingDismissed`, its navigation controller dismissed), else `.covered`.
open class BrigadeViewController: UIViewController, Controller {
    /// The presenters and state Brigade keeps with the controller.
    public var attachments = ControllerAttachments()

    /// Called for each lifecycle event, before the presenters; does nothing by default.
    open func lifecycleEvent(_ event: LifecycleEvent) {}

    /// Forwards `load`.
    override open func viewDidLoad() {
        super.viewDidLoad()
        LifecycleDelivery.deliver(.load, to: self)
    }

    /// Forwards `willAppear`.
    override open func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        LifecycleDelivery.deliver(.willAppear(animated: animated), to: self)
    }

    /// Forwards `didAppear`.
    override open func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        LifecycleDelivery.deliver(.didAppear(animated: animated), to: self)
    }

    /// Forwards `willDisappear`.
    override open func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        LifecycleDelivery.deliver(.willDisappear(animated: animated), to: self, disappearance: disappearance)
    }

    /// Forwards `didDisappear`.
    override open func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        LifecycleDelivery.deliver(.didDisappear(animated: animated), to: self, disappearance: disappearance)
    }

    /// Why UIKit makes it disappear.
    private var disappearance: Disappearance {
        let removed = isMovingFromParent || isBeingDismissed || navigationController?.isBeingDismissed == true
        return removed ? .removed : .covered
    }
}
#endif
