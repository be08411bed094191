#if canImport(UIKit) && !os(watchOS)
import BrigadeCore
import BrigadeNavigation
import UIKit

/// A `UINavigationController` that is a ``NavigationHost``: give it to a ``HostNavigator``.
///
/// It shows ``Controller``s that are view controllers (``BrigadeViewController``), completes each transition when
/// UIKit's transition coordinator says it completed, and reports the back button, interactive pops and sheets
/// swiped down through ``onUserChange``. UIKit delivers the lifecycle events.
///
/// It is its own `delegate` and the delegate of the presentation controllers of what it presents: replacing them
/// stops the syncing of the user's pops and swipes into the navigator.
public final class BrigadeNavigationController: UINavigationController, NavigationHost,
    UINavigationControllerDelegate, UIAdaptivePresentationControllerDelegate
{
    /// Set by the navigator; told about changes the user made.
    public var onUserChange: (@MainActor (NavigationHostChange) -> Void)?

    /// The navigation stack shown now: the `viewControllers` that are ``Controller``s, bottom first.
    public var shownStack: [any Controller] {
        viewControllers.compactMap { $0 as? any Controller }
    }

    /// The modals presented now: the chain of presented view controllers above it that are ``Controller``s, the
    /// first presented first.
    public var shownModals: [any Controller] {
        var modals: [any Controller] = []
        var presented = presentedViewController
        while let viewController = presented {
            if let controller = viewController as? any Controller {
                modals.append(controller)
            }
            presented = viewController.presentedViewController
        }
        return modals
    }

    /// Becomes its own delegate, to see pops the user made.
    override public func viewDidLoad() {
        super.viewDidLoad()
        delegate = self
    }

    /// Shows `controllers` with `setViewControllers(_:animated:)`.
    public func setStack(
        _ controllers: [any Controller], animated: Bool, completion: @escaping @MainActor () -> Void
    ) throws {
        let viewControllers = try controllers.map(Self.viewController)
        delegate = self
        setViewControllers(viewControllers, animated: animated)
        whenTransitionCompletes(animated: animated, completion)
    }

    /// Presents `controller` from the topmost presented view controller.
    public func presentModal(
        _ controller: any Controller, animated: Bool, completion: @escaping @MainActor () -> Void
    ) throws {
        let viewController = try Self.viewController(controller)
        var top: UIViewController = self
        while let presented = top.presentedViewController {
            top = presented
        }
        viewController.presentationController?.delegate = self
        top.present(viewController, animated: animated) { completion() }
    }

    /// Dismisses `controller` and the modals above it.
    public func dismissModal(_ controller: any Controller, animated: Bool, completion: @escaping @MainActor () -> Void)
    {
        guard let presenting = (controller as? UIViewController)?.presentingViewController else {
            completion()
            return
        }
        presenting.dismiss(animated: animated) { completion() }
    }

    /// Reports the stack after every shown view controller: a back-button or interactive pop, or a cancelled one.
    public func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) {
        onUserChange?(.stack(viewControllers.compactMap { $0 as? any Controller }))
    }

    /// Reports a sheet the user swiped down.
    public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
        if let controller = presentationController.presentedViewController as? any Controller {
            onUserChange?(.modalDismissed(controller))
        }
    }

    private func whenTransitionCompletes(animated: Bool, _ completion: @escaping @MainActor () -> Void) {
        guard animated, let coordinator = transitionCoordinator else {
            completion()
            return
        }
        coordinator.animate(alongsideTransition: nil) { _ in completion() }
    }

    private static func viewController(_ controller: any Controller) throws -> UIViewController {
        guard let viewController = controller as? UIViewController else {
            throw NavigationError.unsupportedController(String(describing: type(of: controller)))
        }
        return viewController
    }
}
#endif
