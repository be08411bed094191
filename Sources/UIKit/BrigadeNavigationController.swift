#if canImport(UIKit) && !os(watchOS)
import BrigadeCore
import BrigadeNavigation
import UIKit

/// A `UINavigationController` that is a ``NavigationHost``: give it to a ``HostNavigator``.
///
/// It shows ``Controller``s that are view controllers (``BrigadeViewController``) and keeps view controllers the app
/// pushed itself. UIKit delivers the lifecycle events. The navigator reads what it shows whenever it needs it, so it
/// needs no delegate: the navigation controller's `delegate` and the presentation delegates of presented screens stay
/// the app's.
///
/// - A transition ends the call when this navigation controller's own transition ends (cancelled or completed), never
///   an ancestor's.
/// - A presentation or dismissal UIKit would refuse (the presenter's view not in a window, a presentation or
///   dismissal running) throws instead of waiting for a completion UIKit never calls.
/// - A screen is presented in its own `modalPresentationStyle`, read by UIKit when the presentation starts.
public final class BrigadeNavigationController: UINavigationController, NavigationHost {
    /// The Brigade controllers of the stack shown now: the `viewControllers` that are ``Controller``s, bottom first.
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

    /// `.fullScreen` for the `fullScreen` and `currentContext` styles (UIKit removes the presenter's views), else
    /// `.sheet` (the presenter stays on screen). Before it is presented, a controller's `attachments.modalStyle`,
    /// when set, is the style it will be presented with.
    public func modalStyle(for controller: any Controller) -> NavigationModalStyle {
        guard let viewController = controller as? UIViewController else { return .sheet }
        if viewController.presentingViewController == nil, let style = controller.attachments.modalStyle {
            return style
        }
        switch viewController.modalPresentationStyle {
        case .fullScreen, .currentContext: return .fullScreen
        default: return .sheet
        }
    }

    /// Calls `body` when no transition coordinator of this navigation controller or its presented view controllers
    /// runs (a push, a pop, the user's interactive pop, a sheet being dragged).
    public func whenTransitionsEnd(_ body: @escaping @MainActor () -> Void) {
        guard let coordinator = runningTransitionCoordinator() else {
            body()
            return
        }
        let queued = coordinator.animate(alongsideTransition: nil) { [weak self] _ in
            // A transition may start from this one's completion: look again on the next turn.
            Task { @MainActor in
                if let self {
                    self.whenTransitionsEnd(body)
                } else {
                    body()
                }
            }
        }
        if !queued {
            body()
        }
    }

    /// Shows `controllers` with `setViewControllers(_:animated:)`, keeping the view controllers the app pushed
    /// itself; with `dismissingModals`, changes the stack under the modals and dismisses them in one transition.
    public func setStack(
        _ controllers: [any Controller], dismissingModals: Bool, animated: Bool,
        completion: @escaping @MainActor (HostTransitionResult) -> Void
    ) throws {
        let requested = try controllers.map(Self.viewController)
        let merged = HostStack.merging(
            requested, into: viewControllers, isForeign: { !($0 is any Controller) }, isSame: { $0 === $1 })
        if dismissingModals, let presented = presentedViewController {
            if let reason = Self.dismissalRefusal(of: presented) {
                throw NavigatorError.dismissalRefused(Self.name(of: presented), reason: reason)
            }
            setViewControllers(merged, animated: false)
            dismiss(animated: animated) { completion(.completed) }
            return
        }
        let previousTop = viewControllers.last
        setViewControllers(merged, animated: animated)
        // `transitionCoordinator` may be an ancestor's: only a coordinator whose destination is the new top is ours.
        if animated, merged.last !== previousTop, let coordinator = transitionCoordinator,
            coordinator.viewController(forKey: .to) === merged.last
        {
            let queued = coordinator.animate(alongsideTransition: nil) { context in
                completion(context.isCancelled ? .cancelled : .completed)
            }
            if !queued {
                completion(.completed)
            }
        } else {
            completion(.completed)
        }
    }

    /// Shows `controllers` as the stack and presents `modals` above it, keeping the modals already presented at the
    /// bottom of the chain: the stack changes without animation under the modals, the modals above the kept ones
    /// are dismissed, then the new ones are presented one after the other (animating only the last), each in its
    /// `attachments.modalStyle` when set. UIKit allows one presentation at a time, so a new modal below the top
    /// appears and disappears as the next one covers it (full screen) before the call completes.
    public func setStack(
        _ controllers: [any Controller], modals: [any Controller], animated: Bool,
        completion: @escaping @MainActor (HostTransitionResult) -> Void
    ) throws {
        let requested = try controllers.map(Self.viewController)
        let wanted = try modals.map(Self.viewController)
        var chain: [UIViewController] = []
        var next = presentedViewController
        while let viewController = next {
            chain.append(viewController)
            next = viewController.presentedViewController
        }
        let keptCount = zip(chain, wanted).prefix { $0 === $1 }.count
        let base: UIViewController = keptCount == 0 ? self : chain[keptCount - 1]
        if chain.count > keptCount, let reason = Self.dismissalRefusal(of: chain[keptCount]) {
            throw NavigatorError.dismissalRefused(Self.name(of: chain[keptCount]), reason: reason)
        }
        if wanted.count > keptCount, base.viewIfLoaded?.window == nil {
            throw NavigatorError.presentationRefused(Self.name(of: wanted[keptCount]), reason: .notInWindow)
        }
        let merged = HostStack.merging(
            requested, into: viewControllers, isForeign: { !($0 is any Controller) }, isSame: { $0 === $1 })
        setViewControllers(merged, animated: false)
        let presenting = Array(zip(wanted, modals).dropFirst(keptCount))
        func present(from presenter: UIViewController, _ index: Int) {
            guard index < presenting.count else {
                completion(.completed)
                return
            }
            let (viewController, controller) = presenting[index]
            Self.applyStyle(of: controller, to: viewController)
            presenter.present(viewController, animated: animated && index == presenting.count - 1) {
                present(from: viewController, index + 1)
            }
        }
        if chain.count > keptCount {
            base.dismiss(animated: false) { present(from: base, 0) }
        } else {
            present(from: base, 0)
        }
    }

    /// Presents `controller` from the topmost presented view controller, in its own `modalPresentationStyle` (set
    /// from its `attachments.modalStyle` first, when that is set).
    public func presentModal(
        _ controller: any Controller, animated: Bool, completion: @escaping @MainActor (HostTransitionResult) -> Void
    ) throws {
        let viewController = try Self.viewController(controller)
        var presenter: UIViewController = self
        while let presented = presenter.presentedViewController {
            presenter = presented
        }
        let name = Self.name(of: viewController)
        if presenter.viewIfLoaded?.window == nil {
            throw NavigatorError.presentationRefused(name, reason: .notInWindow)
        }
        if let reason = Self.dismissalRefusal(of: presenter) {
            throw NavigatorError.presentationRefused(name, reason: reason)
        }
        // Nothing reads `presentationController` before `present`: that would fix the style early. The screen's own
        // presentation delegate is left alone.
        Self.applyStyle(of: controller, to: viewController)
        presenter.present(viewController, animated: animated) { completion(.completed) }
        // UIKit refuses some presentations with a logged warning and never calls the completion.
        if viewController.presentingViewController == nil {
            throw NavigatorError.presentationRefused(name, reason: .unknown)
        }
    }

    /// Dismisses `controller` and the modals above it.
    public func dismissModal(
        _ controller: any Controller, animated: Bool, completion: @escaping @MainActor (HostTransitionResult) -> Void
    ) throws {
        guard let viewController = controller as? UIViewController,
            let presenting = viewController.presentingViewController
        else {
            completion(.completed)
            return
        }
        if let reason = Self.dismissalRefusal(of: viewController) {
            throw NavigatorError.dismissalRefused(Self.name(of: viewController), reason: reason)
        }
        presenting.dismiss(animated: animated) { completion(.completed) }
    }

    private func runningTransitionCoordinator() -> (any UIViewControllerTransitionCoordinator)? {
        var viewController: UIViewController? = self
        while let current = viewController {
            if let coordinator = current.transitionCoordinator {
                return coordinator
            }
            viewController = current.presentedViewController
        }
        return nil
    }

    /// Why UIKit would ignore a presentation from, or a dismissal of, `viewController` now.
    private static func dismissalRefusal(of viewController: UIViewController) -> NavigatorError.Refusal? {
        if viewController.isBeingPresented { return .presentationInProgress }
        if viewController.isBeingDismissed { return .dismissalInProgress }
        return nil
    }

    /// Sets `viewController`'s `modalPresentationStyle` from `controller.attachments.modalStyle`, when that is set
    /// and the style does not already present that way.
    private static func applyStyle(of controller: any Controller, to viewController: UIViewController) {
        let isFullScreen = [.fullScreen, .currentContext].contains(viewController.modalPresentationStyle)
        switch controller.attachments.modalStyle {
        case .fullScreen? where !isFullScreen: viewController.modalPresentationStyle = .fullScreen
        case .sheet? where isFullScreen: viewController.modalPresentationStyle = .automatic
        default: break
        }
    }

    private static func viewController(_ controller: any Controller) throws -> UIViewController {
        guard let viewController = controller as? UIViewController else {
            throw NavigatorError.unsupportedController(String(describing: type(of: controller)))
        }
        return viewController
    }

    private static func name(of viewController: UIViewController) -> String {
        String(describing: type(of: viewController))
    }
}
#endif
