import BrigadeCore
import BrigadeNavigation
import BrigadeWireframe

/// A `NavigationHost` that behaves as UIKit's `UINavigationController` (and the modals presented over it) does, so a
/// `HostNavigator` (and the app's UIKit navigation flows) can be tested anywhere, Linux included:
///
/// ```swift
/// let host = NavigationControllerDouble()
/// let navigator = HostNavigator(host: host)
/// wireframe.navigateOn(navigator)
/// try await wireframe.route(to: "/notes/7")
/// host.tapBackButton()                 // the user's pop
/// ```
///
/// What it models, each with its source (docs/Platforms.md, "What the UIKit double models", has the table):
/// - It is the source of lifecycle events, delivered through `LifecycleDelivery` as a `BrigadeViewController`
///   forwards UIKit's, with why a controller disappears (`Disappearance`, UIKit's `isMovingFromParent`).
/// - A transition changes `viewControllers` / `presented` at once, delivers `load` to the arriving controller, then
///   the `will…` events, and the `did…` events when it ends: at once, or, with ``completesLate``, when the test calls
///   ``finishTransition()``.
/// - Lifecycle events follow what is visible: a sheet keeps its presenter on screen (no events for the presenter), a
///   full-screen modal removes it; a stack change under a full-screen modal delivers nothing.
/// - The user's back tap, back-menu pop, interactive pop (finished or cancelled) and sheet swipe (finished,
///   cancelled, refused by `isModalInPresentation` or a full-screen style) are two-phase, and blocked while a
///   transition runs or a modal covers the navigation bar.
/// - It can refuse a presentation or dismissal as UIKit does (presenter not in a window, another presentation
///   running, dismissing during a presentation), and then throws.
/// - ``onDidShow`` follows every stack transition, the navigator's too, as `navigationController(_:didShow:animated:)`
///   does.
@MainActor
public final class NavigationControllerDouble: NavigationHost {
    /// The navigation stack, bottom first, view controllers the app pushed itself included.
    public private(set) var viewControllers: [any Controller] = []
    /// The Brigade controllers of the navigation stack: ``viewControllers`` without those pushed with
    /// ``pushViewController(_:animated:)``.
    public var shownStack: [any Controller] {
        viewControllers.filter { !isForeign($0) }
    }
    /// The presented modals, the first presented first.
    public private(set) var presented: [any Controller] = []
    /// The modals presented now: ``presented``.
    public var shownModals: [any Controller] { presented }
    /// How many transitions the navigator started (stack changes, presentations, dismissals), refused ones excluded.
    public private(set) var transitionCount = 0
    /// How many times ``setStack(_:dismissingModals:animated:completion:)`` was called and accepted.
    public private(set) var setStackCalls = 0
    /// Whether transitions wait for ``finishTransition()`` to end; `false`: they end at once.
    public var completesLate = false
    /// Whether `willAppear` is reported twice, as UIKit does in some containment cases.
    public var repeatsAppearance = false
    /// Whether the host can show a controller (UIKit shows only view controllers); by default every one.
    public var canShow: @MainActor (any Controller) -> Bool = { _ in true }
    /// The style a controller is presented with, read when it is presented (UIKit's `modalPresentationStyle`);
    /// by default `.sheet`, UIKit's default since iOS 13.
    public var presentationStyle: @MainActor (any Controller) -> NavigationModalStyle = { _ in .sheet }
    /// Whether a presented sheet refuses to be swiped down (UIKit's `isModalInPresentation`); by default `false`.
    public var isModalInPresentation: @MainActor (any Controller) -> Bool = { _ in false }
    /// Whether the host's view is in a window; when `false`, presentations are refused (`.notInWindow`).
    public var isInWindow = true
    /// When set, every presentation is refused for this reason.
    public var refusesPresentation: NavigatorError.Refusal?
    /// When set, every dismissal is refused for this reason.
    public var refusesDismissal: NavigatorError.Refusal?
    /// Called with the new top when a stack transition ended, whoever started it (the navigator or the user), and
    /// with the top that stays after a cancelled interactive pop: UIKit's `navigationController(_:didShow:animated:)`.
    public var onDidShow: (@MainActor (any Controller) -> Void)?

    private enum Kind {
        case stack, present, dismiss, user
    }

    private struct Transition {
        let kind: Kind
        let finish: @MainActor () -> Void
        let cancel: @MainActor () -> Void
    }

    private var foreign: [any Controller] = []
    private var styles: [ObjectIdentifier: NavigationModalStyle] = [:]
    private var pending: [Transition] = []
    private var interaction: (isSwipe: Bool, transition: Transition)?
    private var idleWaiters: [@MainActor () -> Void] = []
    private var startWaiters: [CheckedContinuation<Void, Never>] = []

    /// The transitions started and not ended yet, the user's interactive one included.
    public var pendingTransitions: Int { pending.count + (interaction == nil ? 0 : 1) }

    /// Creates an empty host.
    public init() {}

    // MARK: NavigationHost

    /// The style `controller` was presented with; before it is presented, its
    /// `ControllerAttachments.modalStyle`, else the style ``presentationStyle`` gives it.
    public func modalStyle(for controller: any Controller) -> NavigationModalStyle {
        styles[ObjectIdentifier(controller)] ?? controller.attachments.modalStyle ?? presentationStyle(controller)
    }

    /// Calls `body` at once when no transition runs, else when the last running one ended.
    public func whenTransitionsEnd(_ body: @escaping @MainActor () -> Void) {
        if pendingTransitions == 0 {
            body()
        } else {
            idleWaiters.append(body)
        }
    }

    /// Shows `controllers` at once, keeping the view controllers the app pushed itself (see `HostStack`); with
    /// `dismissingModals`, the modals go in the same transition. The `did…` events and `completion` follow when the
    /// transition ends.
    /// - Throws: `NavigatorError.unsupportedController` for a controller ``canShow`` refuses, or
    ///   `NavigatorError.dismissalRefused`; nothing changes then.
    public func setStack(
        _ controllers: [any Controller], dismissingModals: Bool, animated: Bool,
        completion: @escaping @MainActor (HostTransitionResult) -> Void
    ) throws(NavigatorError) {
        if let refused = controllers.first(where: { !canShow($0) }) {
            throw .unsupportedController(Self.name(of: refused))
        }
        if dismissingModals, let top = presented.last, let reason = dismissalRefusal() {
            throw .dismissalRefused(Self.name(of: top), reason: reason)
        }
        setStackCalls += 1
        let merged = HostStack.merging(
            controllers, into: viewControllers, isForeign: isForeign, isSame: { $0 === $1 })
        change(kind: .stack, animated: animated, completion: completion) {
            viewControllers = merged
            if dismissingModals { presented.removeAll() }
        }
    }

    /// Shows `controllers` as the stack and `modals` as the chain of modals, in one transition: the modals already
    /// presented at the bottom of the chain stay, the others are dismissed, the new ones presented (each in its
    /// `ControllerAttachments.modalStyle`, else the style ``presentationStyle`` gives it). Only the controllers that
    /// leave or arrive on screen get events, each once; the `did…` events and `completion` follow when the
    /// transition ends.
    /// - Throws: `NavigatorError.unsupportedController` for a controller ``canShow`` refuses;
    ///   `NavigatorError.dismissalRefused` when a modal must go and dismissals are refused;
    ///   `NavigatorError.presentationRefused` when a modal must be presented and presentations are refused. Nothing
    ///   changes then.
    public func setStack(
        _ controllers: [any Controller], modals: [any Controller], animated: Bool,
        completion: @escaping @MainActor (HostTransitionResult) -> Void
    ) throws(NavigatorError) {
        if let refused = (controllers + modals).first(where: { !canShow($0) }) {
            throw .unsupportedController(Self.name(of: refused))
        }
        let keptCount = zip(presented, modals).prefix { $0 === $1 }.count
        if presented.count > keptCount, let reason = dismissalRefusal() {
            throw .dismissalRefused(Self.name(of: presented[keptCount]), reason: reason)
        }
        if modals.count > keptCount, let reason = presentationRefusal() {
            throw .presentationRefused(Self.name(of: modals[keptCount]), reason: reason)
        }
        setStackCalls += 1
        for modal in modals.dropFirst(keptCount) {
            styles[ObjectIdentifier(modal)] = modal.attachments.modalStyle ?? presentationStyle(modal)
        }
        let merged = HostStack.merging(
            controllers, into: viewControllers, isForeign: isForeign, isSame: { $0 === $1 })
        change(kind: .stack, animated: animated, completion: completion) {
            viewControllers = merged
            presented = modals
        }
    }

    /// Presents `controller` at once in the style ``presentationStyle`` gives it; the `did…` events and `completion`
    /// follow when the transition ends.
    /// - Throws: `NavigatorError.unsupportedController` for a controller ``canShow`` refuses;
    ///   `NavigatorError.presentationRefused` when ``isInWindow`` is `false`, ``refusesPresentation`` is set, or
    ///   another presentation or dismissal runs. Nothing changes then.
    public func presentModal(
        _ controller: any Controller, animated: Bool, completion: @escaping @MainActor (HostTransitionResult) -> Void
    ) throws(NavigatorError) {
        guard canShow(controller) else {
            throw .unsupportedController(Self.name(of: controller))
        }
        // UIKit refuses "Attempt to present … whose view is not in the window hierarchy" and "… while a
        // presentation is in progress", logging a warning and never calling the completion:
        // https://developer.apple.com/documentation/uikit/uiviewcontroller/present(_:animated:completion:)
        if let reason = presentationRefusal() {
            throw .presentationRefused(Self.name(of: controller), reason: reason)
        }
        // The style is read when the presentation starts, as UIKit reads `modalPresentationStyle` when it creates the
        // presentation controller:
        // https://developer.apple.com/documentation/uikit/uiviewcontroller/presentationcontroller
        styles[ObjectIdentifier(controller)] = controller.attachments.modalStyle ?? presentationStyle(controller)
        change(kind: .present, animated: animated, completion: completion) {
            presented.append(controller)
        }
    }

    /// Dismisses `controller` and the modals above it; a controller not presented completes at once.
    /// - Throws: `NavigatorError.dismissalRefused` when ``refusesDismissal`` is set or a presentation runs (UIKit
    ///   ignores a dismissal during a presentation); nothing changes then.
    public func dismissModal(
        _ controller: any Controller, animated: Bool, completion: @escaping @MainActor (HostTransitionResult) -> Void
    ) throws(NavigatorError) {
        guard let index = presented.firstIndex(where: { $0 === controller }) else {
            completion(.completed)
            return
        }
        if let reason = dismissalRefusal() {
            throw .dismissalRefused(Self.name(of: controller), reason: reason)
        }
        change(kind: .dismiss, animated: animated, completion: completion) {
            presented.removeSubrange(index...)
        }
    }

    // MARK: Transitions

    /// Ends the oldest transition still running (not the user's interactive one): its `did…` events follow.
    public func finishTransition() {
        guard !pending.isEmpty else { return }
        pending.removeFirst().finish()
        transitionEnded()
    }

    /// Cancels the oldest transition still running, as a reversed interactive transition does: what was shown
    /// before is shown again, with the appear and disappear events UIKit delivers, and the navigator call throws
    /// `NavigatorError.transitionCancelled`.
    public func cancelTransition() {
        guard !pending.isEmpty else { return }
        pending.removeFirst().cancel()
        transitionEnded()
    }

    /// Returns once no transition runs: at once when none does, else when the last running one ended.
    public func transitionsEnded() async {
        await withCheckedContinuation { continuation in
            var resumed = false
            whenTransitionsEnd {
                guard !resumed else { return }
                resumed = true
                continuation.resume()
            }
        }
    }

    /// Returns once a transition is running.
    public func transitionStarted() async {
        if pendingTransitions > 0 { return }
        await withCheckedContinuation { startWaiters.append($0) }
    }

    // MARK: What the app does itself

    /// The app pushes a view controller itself, with UIKit's `pushViewController(_:animated:)`, not through the
    /// navigator: it is not a Brigade controller of ``shownStack``, and it stays above the controller it was pushed
    /// on when the navigator changes the stack.
    public func pushViewController(_ controller: any Controller, animated: Bool) {
        foreign.append(controller)
        change(kind: .stack, animated: animated, completion: nil) {
            viewControllers.append(controller)
        }
    }

    // MARK: What the user does

    /// The user taps the back button: the top leaves `viewControllers` and its `willDisappear` comes now; the pop
    /// ends at once or, with ``completesLate``, at ``finishTransition()``.
    /// - Returns: `false` when UIKit would not let the user do it (a transition runs, a modal covers the bar, one
    ///   controller only).
    @discardableResult
    public func tapBackButton() -> Bool {
        guard userCanNavigate, viewControllers.count > 1 else { return false }
        // Back tap: viewWillDisappear now, viewDidDisappear when the animation ended:
        // https://stackoverflow.com/questions/18927878/view-controller-lifecycle-when-swiping-to-pop-from-uinavigationcontroller-in-ios
        change(kind: .user, animated: true, completion: nil) {
            viewControllers.removeLast()
        }
        return true
    }

    /// The user long-presses the back button and picks `controller` in the history menu (iOS 14): every controller
    /// above it is popped in one transition.
    /// - Returns: `false` when `controller` is not below the top, or UIKit would not let the user do it.
    @discardableResult
    public func popFromBackMenu(to controller: any Controller) -> Bool {
        // The iOS 14 back-button menu pops to any level at once:
        // https://sarunw.com/posts/what-should-you-know-about-navigation-history-stack-in-ios14/
        guard userCanNavigate, let index = viewControllers.lastIndex(where: { $0 === controller }),
            index < viewControllers.count - 1
        else { return false }
        change(kind: .user, animated: true, completion: nil) {
            viewControllers = Array(viewControllers.prefix(index + 1))
        }
        return true
    }

    /// The edge swipe starts: the top leaves `viewControllers`, it will disappear, the one below will appear; the
    /// pop runs until ``finishInteractivePop()`` or ``cancelInteractivePop()``.
    /// - Returns: `false` when UIKit would not let the user do it.
    @discardableResult
    public func beginInteractivePop() -> Bool {
        // The pop gesture: https://developer.apple.com/documentation/uikit/uinavigationcontroller/interactivepopgesturerecognizer
        guard userCanNavigate, viewControllers.count > 1 else { return false }
        change(kind: .user, animated: true, completion: nil, interactive: true, isSwipe: false) {
            viewControllers.removeLast()
        }
        return true
    }

    /// The finger lifted past the middle: the pop completes.
    public func finishInteractivePop() {
        endInteraction(isSwipe: false, cancelled: false)
    }

    /// The finger went back: the top is back in `viewControllers` and appears again (`willAppear`, `didAppear`), the
    /// one below disappears again.
    public func cancelInteractivePop() {
        endInteraction(isSwipe: false, cancelled: true)
    }

    /// The user starts dragging the topmost sheet down: it will disappear (the presenter gets nothing: it never
    /// left the screen); the swipe runs until ``finishSheetSwipe()`` or ``cancelSheetSwipe()``.
    /// - Returns: `false` for a full-screen modal, a sheet whose ``isModalInPresentation`` is `true`, or while a
    ///   transition runs.
    @discardableResult
    public func beginSheetSwipe() -> Bool {
        // isModalInPresentation "prevents the interactive dismissal":
        // https://developer.apple.com/documentation/uikit/uiviewcontroller/ismodalinpresentation
        guard pendingTransitions == 0, let sheet = presented.last, modalStyle(for: sheet) == .sheet,
            !isModalInPresentation(sheet)
        else { return false }
        change(kind: .user, animated: true, completion: nil, interactive: true, isSwipe: true) {
            presented.removeLast()
        }
        return true
    }

    /// The sheet was dragged far enough: it is dismissed.
    public func finishSheetSwipe() {
        endInteraction(isSwipe: true, cancelled: false)
    }

    /// The sheet snapped back: it appears again.
    public func cancelSheetSwipe() {
        endInteraction(isSwipe: true, cancelled: true)
    }

    /// The topmost sheet swiped down in one go: ``beginSheetSwipe()`` then ``finishSheetSwipe()``.
    /// - Returns: `false` when the sheet cannot be swiped (see ``beginSheetSwipe()``).
    @discardableResult
    public func swipeDownSheet() -> Bool {
        guard beginSheetSwipe() else { return false }
        finishSheetSwipe()
        return true
    }

    // MARK: The model

    /// The user cannot use the navigation bar or the edge swipe while a transition runs (UIKit ignores them until
    /// the transition coordinator's transition ended), nor while a modal covers the navigation controller.
    /// An active transition: https://developer.apple.com/documentation/uikit/uiviewcontroller/transitioncoordinator
    private var userCanNavigate: Bool {
        pendingTransitions == 0 && presented.isEmpty
    }

    private func isForeign(_ controller: any Controller) -> Bool {
        foreign.contains { $0 === controller }
    }

    private func presentationRefusal() -> NavigatorError.Refusal? {
        if !isInWindow { return .notInWindow }
        if let refusesPresentation { return refusesPresentation }
        if pending.contains(where: { $0.kind == .present }) { return .presentationInProgress }
        if pending.contains(where: { $0.kind == .dismiss }) || interaction?.isSwipe == true {
            return .dismissalInProgress
        }
        return nil
    }

    private func dismissalRefusal() -> NavigatorError.Refusal? {
        if let refusesDismissal { return refusesDismissal }
        // Dismissing during a presentation is ignored by UIKit:
        // https://developer.apple.com/documentation/uikit/uiviewcontroller/dismiss(animated:completion:)
        if pending.contains(where: { $0.kind == .present }) { return .presentationInProgress }
        return nil
    }

    /// What the double shows, for ``LifecycleTransition``, whose model of what is on screen follows UIKit: a sheet
    /// leaves its presenter on screen, a full-screen modal removes it:
    /// https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/fullscreen
    /// https://developer.apple.com/documentation/uikit/uipresentationcontroller/shouldremovepresentersview
    private var shown: LifecycleTransition.Shown {
        LifecycleTransition.Shown(stack: viewControllers, modals: presented, style: modalStyle(for:))
    }

    /// Applies `apply` at once and delivers the events of what left and arrived on screen (``LifecycleTransition``):
    /// `load` to the arriving controller first (UIKit loads the new view before the old one's `viewWillDisappear`, as
    /// a logged push shows: http://readke.com/c/0Z41505102021.html), `will…` now, `did…` when the transition ends.
    /// The `did…` events and `onDidShow` follow every stack transition, the navigator's own too:
    /// https://developer.apple.com/documentation/uikit/uinavigationcontrollerdelegate/navigationcontroller(_:didshow:animated:)
    /// A disappearing controller is told whether it was removed or covered, as `isMovingFromParent` tells it:
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/ismovingfromparent
    private func change(
        kind: Kind, animated: Bool, completion: (@MainActor (HostTransitionResult) -> Void)?,
        interactive: Bool = false, isSwipe: Bool = false, _ apply: () -> Void
    ) {
        let before = shown
        let saved = (viewControllers, presented, foreign)
        apply()
        foreign.removeAll { entry in !viewControllers.contains { $0 === entry } }
        if kind != .user && completion != nil { transitionCount += 1 }
        let after = shown
        let transition = LifecycleTransition(from: before, to: after)
        transition.deliverFirstHalf(animated: animated)
        if repeatsAppearance {
            for controller in transition.arriving {
                LifecycleDelivery.deliver(.willAppear(animated: animated), to: controller)
            }
        }
        let changesStack = kind == .stack || kind == .user && !isSwipe
        let finish: @MainActor () -> Void = { [weak self] in
            transition.deliverSecondHalf(animated: animated)
            if changesStack, let self, let top = self.viewControllers.last { self.onDidShow?(top) }
            completion?(.completed)
        }
        let cancel: @MainActor () -> Void = { [weak self] in
            guard let self else { return }
            (self.viewControllers, self.presented, self.foreign) = saved
            // A cancelled interactive transition: the arriving controller disappears again, the leaving one appears
            // again (viewWillAppear, viewDidAppear), as the StackOverflow report above describes.
            LifecycleTransition(from: after, to: before).deliver(animated: animated) {}
            if changesStack, let top = self.viewControllers.last { self.onDidShow?(top) }
            completion?(.cancelled)
        }
        let transitionEnd = Transition(kind: kind, finish: finish, cancel: cancel)
        if interactive {
            interaction = (isSwipe, transitionEnd)
        } else if completesLate {
            pending.append(transitionEnd)
        } else {
            finish()
            return
        }
        let waiters = startWaiters
        startWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }

    private func endInteraction(isSwipe: Bool, cancelled: Bool) {
        guard let running = interaction, running.isSwipe == isSwipe else { return }
        interaction = nil
        if cancelled {
            running.transition.cancel()
        } else {
            running.transition.finish()
        }
        transitionEnded()
    }

    private func transitionEnded() {
        guard pendingTransitions == 0 else { return }
        let waiters = idleWaiters
        idleWaiters.removeAll()
        for waiter in waiters { waiter() }
    }

    private static func name(of controller: any Controller) -> String {
        String(describing: type(of: controller))
    }
}
