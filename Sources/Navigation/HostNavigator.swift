import BrigadeCore
import BrigadeWireframe

/// A ``BrigadeCore/Navigator`` over a platform's navigation container (a ``NavigationHost``): BrigadeUIKit's navigator, its
/// logic here, platform-neutral.
///
/// ```swift
/// let navigator = HostNavigator(host: BrigadeNavigationController())   // UIKit
/// wireframe.navigateOn(navigator)
/// ```
///
/// - Every method returns when the host's transition ended, not when it started. Calls are carried out one at a
///   time, in the order they were made: a call made during a transition (the navigator's or the user's, such as an
///   interactive pop) starts when it ended, from what the host shows then. A pop the user made is never undone by a
///   later call.
/// - The stacks are the host's: ``stack`` is the host's ``NavigationHost/shownStack`` (``modalStack`` its
///   ``NavigationHost/shownModals``) with the calls still waiting for their turn applied, so a routing decision
///   taken while calls are queued sees their effect (`show` twice at launch shows both). The navigator keeps no
///   controller: one that left the host is released.
/// - A transition the host refuses makes the call throw (``BrigadeCore/NavigatorError/presentationRefused(_:reason:)``,
///   ``BrigadeCore/NavigatorError/dismissalRefused(_:reason:)``); one that is cancelled throws
///   ``BrigadeCore/NavigatorError/transitionCancelled(_:)``. Later calls work either way.
/// - Lifecycle: the host is the source of lifecycle events (under UIKit, UIKit calls `viewWillAppear(_:)` and the
///   controller forwards it through ``LifecycleDelivery``). This navigator delivers none, so none is delivered
///   twice.
/// - ``setStack(_:animated:)`` is one host transition, also when it dismisses modals; with an empty list it empties
///   both stacks. ``setStack(_:modals:animated:)`` (a saved state restored) is one host transition too, and changes
///   nothing when the host shows those controllers already.
/// - ``modalStyle(of:)`` is the host's: the style it presents a modal with.
/// - Changes are reported (``observeChanges(_:)``) after each call's transition and after each transition the user
///   made (seen through the `did…` events the host delivers: once the last of them was delivered), once per change
///   of what the host shows. A controller that leaves the host without an event of its own (one popped from below
///   the top, a modal dismissed under another) has its screen tasks ended then.
@MainActor
public final class HostNavigator<Host: NavigationHost>: ChangeReportingNavigator {
    /// The platform container.
    public let host: Host
    private var isBusy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []
    /// The effects of the calls not started yet, in call order, by call number.
    private var queued: [(call: Int, effect: (inout Stacks) -> Void)] = []
    private var calls = 0
    private let observers = NavigatorObservers()
    /// What the host showed at the last report (its stack, its modals), held weakly: the navigator keeps no
    /// controller.
    private var reported: [WeakController] = []
    private var reportedModals: [WeakController] = []

    private struct Stacks {
        var stack: [any Controller]
        var modals: [any Controller]
    }

    /// Creates a navigator over `host`, which it holds.
    public init(host: Host) {
        self.host = host
        reported = host.shownStack.map { WeakController($0) }
        reportedModals = host.shownModals.map { WeakController($0) }
        LifecycleTap.add { [weak self] _, event in
            guard let self else { return false }
            switch event {
            case .didAppear, .didDisappear: if isSettled { reportChange() }
            default: break
            }
            return true
        }
    }

    /// Calls `observer` after each change of what the host shows; see
    /// ``BrigadeWireframe/ChangeReportingNavigator/observeChanges(_:)``.
    public func observeChanges(_ observer: @escaping @MainActor () -> Void) -> NavigatorObservation {
        observers.add(observer)
    }

    /// Whether no controller the host shows, or showed at the last report, waits for the `did…` event of a
    /// transition: the user's transition ended, with all of its events delivered.
    private var isSettled: Bool {
        (host.shownStack + host.shownModals + (reported + reportedModals).compactMap(\.controller)).allSatisfy {
            switch $0.attachments.lastAppearanceEvent {
            case .willAppear, .willDisappear: return false
            default: return true
            }
        }
    }

    /// Tells the observers when the host shows other controllers than at the last report, and ends the screen tasks
    /// of the controllers that left it.
    private func reportChange() {
        let (stack, modals) = (host.shownStack, host.shownModals)
        let (stackBefore, modalsBefore) = (reported.compactMap(\.controller), reportedModals.compactMap(\.controller))
        guard !stackBefore.isIdentical(to: stack) || !modalsBefore.isIdentical(to: modals) else { return }
        reported = stack.map { WeakController($0) }
        reportedModals = modals.map { WeakController($0) }
        let now = stack + modals
        for controller in stackBefore + modalsBefore where !now.contains(where: { $0 === controller }) {
            controller.attachments.screenWork?.leave()
        }
        observers.tell()
    }

    /// The navigation stack, bottom first: what the host shows, with the calls still waiting applied.
    public var stack: [any Controller] { expected.stack }

    /// The modals, the first presented first: what the host presents, with the calls still waiting applied.
    public var modalStack: [any Controller] { expected.modals }

    private var expected: Stacks {
        var stacks = Stacks(stack: host.shownStack, modals: host.shownModals)
        for call in queued {
            call.effect(&stacks)
        }
        return stacks
    }

    /// Pushes `controller`; see ``BrigadeCore/Navigator/push(_:animated:)``.
    public func push(_ controller: any Controller, animated: Bool) async throws {
        try await serially {
            $0.stack.append(controller)
        } body: {
            try checkNotShown(controller)
            try await showStack(host.shownStack + [controller], animated: animated, call: "push", controller)
        }
    }

    /// Pops the top of the navigation stack; see ``BrigadeCore/Navigator/pop(animated:)``.
    public func pop(animated: Bool) async throws {
        try await serially {
            if $0.stack.count > 1 { $0.stack.removeLast() }
        } body: {
            let shown = host.shownStack
            guard shown.count > 1 else { throw NavigatorError.nothingToPop }
            try await showStack(Array(shown.dropLast()), animated: animated, call: "pop", nil)
        }
    }

    /// Pops until `controller` is on top; see ``BrigadeCore/Navigator/pop(to:animated:)``.
    public func pop(to controller: any Controller, animated: Bool) async throws {
        try await serially {
            if let index = $0.stack.lastIndex(where: { $0 === controller }) {
                $0.stack = Array($0.stack.prefix(index + 1))
            }
        } body: {
            let shown = host.shownStack
            guard let index = shown.lastIndex(where: { $0 === controller }) else {
                throw NavigatorError.notOnStack(Self.name(of: controller))
            }
            guard index < shown.count - 1 else { return }
            try await showStack(Array(shown.prefix(index + 1)), animated: animated, call: "pop to", controller)
        }
    }

    /// Presents `controller` modally; see ``BrigadeCore/Navigator/present(_:animated:)``.
    public func present(_ controller: any Controller, animated: Bool) async throws {
        try await serially {
            $0.modals.append(controller)
        } body: {
            try checkNotShown(controller)
            try await transition(call: "present", controller) { completion throws in
                try host.presentModal(controller, animated: animated, completion: completion)
            }
        }
    }

    /// Dismisses the topmost modal; see ``BrigadeCore/Navigator/dismiss(animated:)``.
    public func dismiss(animated: Bool) async throws {
        try await serially {
            if !$0.modals.isEmpty { $0.modals.removeLast() }
        } body: {
            guard let top = host.shownModals.last else { throw NavigatorError.nothingToDismiss }
            try await transition(call: "dismiss", top) { completion throws in
                try host.dismissModal(top, animated: animated, completion: completion)
            }
        }
    }

    /// Dismisses every modal and shows `controller` alone; see ``BrigadeCore/Navigator/setRoot(_:animated:)``.
    public func setRoot(_ controller: any Controller, animated: Bool) async throws {
        try await setStack([controller], animated: animated)
    }

    /// Dismisses every modal and shows `controllers`, in one host transition; see
    /// ``BrigadeCore/Navigator/setStack(_:animated:)``.
    /// - Throws: ``BrigadeCore/NavigatorError/alreadyShown(_:)`` for a controller in the list twice, or the host's error
    ///   (a controller it cannot show, a refused dismissal); nothing changes then, the modals stay.
    public func setStack(_ controllers: [any Controller], animated: Bool) async throws {
        for (index, controller) in controllers.enumerated()
        where controllers[..<index].contains(where: { $0 === controller }) {
            throw NavigatorError.alreadyShown(Self.name(of: controller))
        }
        try await serially {
            $0 = Stacks(stack: controllers, modals: [])
        } body: {
            try await showStack(controllers, animated: animated, call: "setStack", controllers.last)
        }
    }

    /// Shows `controllers` as the navigation stack and `modals` above it in one host transition, each modal in its
    /// ``BrigadeCore/ControllerAttachments/modalStyle`` (else the host's default); see
    /// ``BrigadeCore/Navigator/setStack(_:modals:animated:)``. The modals already presented at the bottom of the
    /// chain stay. When the host shows exactly these controllers already, nothing happens.
    /// - Throws: ``BrigadeCore/NavigatorError/alreadyShown(_:)`` for a controller in the lists twice, or the host's
    ///   error (a controller it cannot show, a refused presentation or dismissal); nothing changes then.
    public func setStack(
        _ controllers: [any Controller], modals: [any Controller], animated: Bool
    ) async throws {
        let all = controllers + modals
        for (index, controller) in all.enumerated() where all[..<index].contains(where: { $0 === controller }) {
            throw NavigatorError.alreadyShown(Self.name(of: controller))
        }
        try await serially {
            $0 = Stacks(stack: controllers, modals: modals)
        } body: {
            if host.shownStack.isIdentical(to: controllers), host.shownModals.isIdentical(to: modals) { return }
            try await transition(call: "setStack", all.last) { completion throws in
                try host.setStack(controllers, modals: modals, animated: animated, completion: completion)
            }
        }
    }

    /// The style the host presents `controller` with: ``NavigationHost/modalStyle(for:)``.
    public func modalStyle(of controller: any Controller) -> NavigationModalStyle {
        host.modalStyle(for: controller)
    }

    /// Replaces the top of the stack; see ``BrigadeCore/Navigator/replaceTop(with:animated:)``.
    public func replaceTop(with controller: any Controller, animated: Bool) async throws {
        try await serially {
            $0.stack = $0.stack.dropLast() + [controller]
        } body: {
            try checkNotShown(controller)
            try await showStack(
                host.shownStack.dropLast() + [controller], animated: animated, call: "replaceTop", controller)
        }
    }

    // MARK: - Host

    /// Shows `controllers` as the stack; dismisses the modals in the same transition only for `setStack`.
    private func showStack(
        _ controllers: [any Controller], animated: Bool, call: String, _ subject: (any Controller)?
    ) async throws {
        let dismissingModals = call == "setStack" && !host.shownModals.isEmpty
        try await transition(call: call, subject) { completion throws in
            try host.setStack(
                controllers, dismissingModals: dismissingModals, animated: animated, completion: completion)
        }
    }

    /// Starts a host transition and waits for its end; a completion called twice, or after the start threw, is
    /// ignored.
    private func transition(
        call: String, _ subject: (any Controller)?,
        _ start: (@escaping @MainActor (HostTransitionResult) -> Void) throws -> Void
    ) async throws {
        let result = try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<HostTransitionResult, any Error>) in
            var resumed = false
            do {
                try start { result in
                    guard !resumed else { return }
                    resumed = true
                    continuation.resume(returning: result)
                }
            } catch {
                if !resumed {
                    resumed = true
                    continuation.resume(throwing: error)
                }
            }
        }
        if result == .cancelled {
            throw NavigatorError.transitionCancelled(subject.map { "\(call) \(Self.name(of: $0))" } ?? call)
        }
    }

    /// Runs `body` after every call made before it finished and after the host's running transitions ended;
    /// meanwhile ``stack`` and ``modalStack`` show `effect` applied.
    private func serially(
        effect: @escaping (inout Stacks) -> Void, body: () async throws -> Void
    ) async throws {
        calls += 1
        let call = calls
        queued.append((call, effect))
        if isBusy {
            await withCheckedContinuation { waiting.append($0) }
        }
        isBusy = true
        defer {
            if waiting.isEmpty {
                isBusy = false
            } else {
                waiting.removeFirst().resume()
            }
        }
        await withCheckedContinuation { continuation in
            var resumed = false
            host.whenTransitionsEnd {
                guard !resumed else { return }
                resumed = true
                continuation.resume()
            }
        }
        queued.removeAll { $0.call == call }
        defer { reportChange() }
        try await body()
    }

    private func checkNotShown(_ controller: any Controller) throws(NavigatorError) {
        if host.shownStack.contains(where: { $0 === controller })
            || host.shownModals.contains(where: { $0 === controller })
        {
            throw .alreadyShown(Self.name(of: controller))
        }
    }

    private static func name(of controller: any Controller) -> String {
        String(describing: type(of: controller))
    }
}
