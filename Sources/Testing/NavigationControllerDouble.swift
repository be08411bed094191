import BrigadeCore
import BrigadeNavigation

/// A `NavigationHost` that behaves as UIKit's `UINavigationController` (with full-screen modals) does, so a
/// `HostNavigator` (and the app's UIKit navigation flows) can be tested anywhere, Linux included:
///
/// ```swift
/// let host = NavigationControllerDouble()
/// let navigator = HostNavigator(host: host)
/// wireframe.navigateOn(navigator)
/// try await wireframe.route(to: "/notes/7")
/// host.tapBackButton()                 // the user's pop: synced into navigator.stack
/// ```
///
/// - it is the source of lifecycle events, delivered through `LifecycleDelivery` as a `BrigadeViewController` does;
/// - it changes its stacks at once, delivers `will…` events at once and `did…` events when the transition completes;
///   with `completesLate` the completion waits for `finishTransition()`;
/// - under a modal, a change of the navigation stack delivers no appearance events;
/// - the user can tap the back button, begin an interactive pop and finish or cancel it, and swipe a sheet down; the
///   host reports the result through `onUserChange`, as its delegate callbacks do (`didShow` after a cancelled pop
///   too);
/// - with `repeatsAppearance`, it reports `willAppear` twice, as UIKit does in some containment cases.
@MainActor
public final class NavigationControllerDouble: NavigationHost {
    /// Set by the navigator; told about what the user did.
    public var onUserChange: (@MainActor (NavigationHostChange) -> Void)?
    /// The navigation stack, bottom first.
    public private(set) var viewControllers: [any Controller] = []
    /// The navigation stack shown now, bottom first: ``viewControllers``.
    public var shownStack: [any Controller] { viewControllers }
    /// The presented modals, the first presented first.
    public private(set) var presented: [any Controller] = []
    /// The modals presented now, the first presented first: ``presented``.
    public var shownModals: [any Controller] { presented }
    /// How many times ``setStack(_:animated:completion:)`` was called and accepted.
    public private(set) var setStackCalls = 0
    /// Whether transitions wait for ``finishTransition()`` to complete; `false`: they complete at once.
    public var completesLate = false
    /// Whether `willAppear` is reported twice, as UIKit does in some containment cases.
    public var repeatsAppearance = false
    /// Whether the host can show a controller (UIKit shows only view controllers); by default every one.
    public var canShow: @MainActor (any Controller) -> Bool = { _ in true }
    private var pending: [() -> Void] = []
    private var startWaiters: [CheckedContinuation<Void, Never>] = []
    private var interactive: (top: any Controller, below: any Controller)?

    /// The transitions started and not completed yet.
    public var pendingTransitions: Int { pending.count }

    /// Creates an empty host.
    public init() {}

    // MARK: NavigationHost

    /// Shows `controllers` at once; the `did…` events and `completion` follow when the transition completes.
    /// - Throws: `NavigationError.unsupportedController` for a controller ``canShow`` refuses.
    public func setStack(
        _ controllers: [any Controller], animated: Bool, completion: @escaping @MainActor () -> Void
    ) throws {
        if let refused = controllers.first(where: { !canShow($0) }) {
            throw NavigationError.unsupportedController(String(describing: type(of: refused)))
        }
        setStackCalls += 1
        let covered = !presented.isEmpty
        let leaving = covered ? nil : viewControllers.last
        viewControllers = controllers
        begin(leaving: leaving, arriving: covered ? nil : controllers.last, animated: animated, completion: completion)
    }

    /// Presents `controller` at once; the `did…` events and `completion` follow when the transition completes.
    /// - Throws: `NavigationError.unsupportedController` for a controller ``canShow`` refuses.
    public func presentModal(
        _ controller: any Controller, animated: Bool, completion: @escaping @MainActor () -> Void
    ) throws {
        guard canShow(controller) else {
            throw NavigationError.unsupportedController(String(describing: type(of: controller)))
        }
        let leaving = presented.last ?? viewControllers.last
        presented.append(controller)
        begin(leaving: leaving, arriving: controller, animated: animated, completion: completion)
    }

    /// Dismisses `controller` and the modals above it; a controller not presented completes at once.
    public func dismissModal(
        _ controller: any Controller, animated: Bool, completion: @escaping @MainActor () -> Void
    ) {
        guard let index = presented.firstIndex(where: { $0 === controller }) else {
            completion()
            return
        }
        let leaving = presented.last
        presented.removeSubrange(index...)
        begin(
            leaving: leaving, arriving: presented.last ?? viewControllers.last, animated: animated,
            completion: completion)
    }

    // MARK: Transitions

    /// Completes the oldest transition still running.
    public func finishTransition() {
        guard !pending.isEmpty else { return }
        pending.removeFirst()()
    }

    /// Returns once a transition is running.
    public func transitionStarted() async {
        if !pending.isEmpty { return }
        await withCheckedContinuation { startWaiters.append($0) }
    }

    private func begin(
        leaving: (any Controller)?, arriving: (any Controller)?, animated: Bool,
        completion: @escaping @MainActor () -> Void
    ) {
        let same = leaving != nil && leaving === arriving
        let leaving = same ? nil : leaving
        let arriving = same ? nil : arriving
        if let leaving { LifecycleDelivery.deliver(.willDisappear(animated: animated), to: leaving) }
        if let arriving {
            LifecycleDelivery.deliver(.willAppear(animated: animated), to: arriving)
            if repeatsAppearance { LifecycleDelivery.deliver(.willAppear(animated: animated), to: arriving) }
        }
        let finish = {
            if let leaving { LifecycleDelivery.deliver(.didDisappear(animated: animated), to: leaving) }
            if let arriving { LifecycleDelivery.deliver(.didAppear(animated: animated), to: arriving) }
            completion()
        }
        guard completesLate else {
            finish()
            return
        }
        pending.append(finish)
        let waiters = startWaiters
        startWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }

    // MARK: What the user does

    /// The back button: an animated pop the navigator did not ask for.
    public func tapBackButton() {
        guard viewControllers.count > 1, let top = viewControllers.last else { return }
        let below = viewControllers[viewControllers.count - 2]
        LifecycleDelivery.deliver(.willDisappear(animated: true), to: top)
        LifecycleDelivery.deliver(.willAppear(animated: true), to: below)
        viewControllers.removeLast()
        LifecycleDelivery.deliver(.didDisappear(animated: true), to: top)
        LifecycleDelivery.deliver(.didAppear(animated: true), to: below)
        onUserChange?(.stack(viewControllers))
    }

    /// The edge swipe starts: the top will disappear, the one below will appear.
    public func beginInteractivePop() {
        guard viewControllers.count > 1, let top = viewControllers.last else { return }
        let below = viewControllers[viewControllers.count - 2]
        interactive = (top, below)
        LifecycleDelivery.deliver(.willDisappear(animated: true), to: top)
        LifecycleDelivery.deliver(.willAppear(animated: true), to: below)
    }

    /// The finger lifted past the middle: the pop completes.
    public func finishInteractivePop() {
        guard let (top, below) = interactive else { return }
        interactive = nil
        viewControllers.removeLast()
        LifecycleDelivery.deliver(.didDisappear(animated: true), to: top)
        LifecycleDelivery.deliver(.didAppear(animated: true), to: below)
        onUserChange?(.stack(viewControllers))
    }

    /// The finger went back: UIKit undoes the appearance (the one below disappears, the top appears again).
    public func cancelInteractivePop() {
        guard let (top, below) = interactive else { return }
        interactive = nil
        LifecycleDelivery.deliver(.willDisappear(animated: true), to: below)
        LifecycleDelivery.deliver(.didDisappear(animated: true), to: below)
        LifecycleDelivery.deliver(.willAppear(animated: true), to: top)
        LifecycleDelivery.deliver(.didAppear(animated: true), to: top)
        onUserChange?(.stack(viewControllers))
    }

    /// The topmost sheet swiped down.
    public func swipeDownSheet() {
        guard let sheet = presented.last else { return }
        let beneath = presented.dropLast().last ?? viewControllers.last
        LifecycleDelivery.deliver(.willDisappear(animated: true), to: sheet)
        if let beneath { LifecycleDelivery.deliver(.willAppear(animated: true), to: beneath) }
        presented.removeLast()
        LifecycleDelivery.deliver(.didDisappear(animated: true), to: sheet)
        if let beneath { LifecycleDelivery.deliver(.didAppear(animated: true), to: beneath) }
        onUserChange?(.modalDismissed(sheet))
    }
}
