import BrigadeCore

/// A ``BrigadeCore/Navigator`` over a platform's navigation container (a ``NavigationHost``): BrigadeUIKit's navigator, its
/// logic here, platform-neutral.
///
/// ```swift
/// let navigator = HostNavigator(host: BrigadeNavigationController())   // UIKit
/// wireframe.navigateOn(navigator)
/// ```
///
/// - Every method returns when the host's transition completed, not when it started. Calls are carried out one at
///   a time, in the order they were made: a call made during a transition starts when it completed.
/// - The stacks follow the host: what the user did (the back button, an interactive pop that finished, a sheet
///   swiped down) is synced in when the host reports it, and an interactive pop that was cancelled changes nothing.
///   When a transition completed, ``stack`` is the host's ``NavigationHost/shownStack`` (after a modal transition,
///   ``modalStack`` its ``NavigationHost/shownModals``), so a pop or swipe-down the user made during it is kept. A
///   host that never completes a transition blocks every later call.
///   A controller that left both stacks is released by the navigator.
/// - Lifecycle: the host is the source of lifecycle events (under UIKit, UIKit calls `viewWillAppear(_:)` and the
///   controller forwards it through ``LifecycleDelivery``). This navigator delivers none, so none is delivered
///   twice.
/// - ``setStack(_:animated:)`` with an empty list empties both stacks.
@MainActor
public final class HostNavigator<Host: NavigationHost>: Navigator {
    /// The platform container.
    public let host: Host
    /// The navigation stack, bottom first, as of the last completed transition or user change.
    public private(set) var stack: [any Controller] = []
    /// The modals, the first presented first.
    public private(set) var modalStack: [any Controller] = []
    private var isBusy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Creates a navigator over `host`, which it holds, and takes over the host's ``NavigationHost/onUserChange``.
    public init(host: Host) {
        self.host = host
        host.onUserChange = { [weak self] change in
            self?.sync(change)
        }
    }

    /// Pushes `controller`; see ``BrigadeCore/Navigator/push(_:animated:)``.
    public func push(_ controller: any Controller, animated: Bool) async throws {
        try await serially {
            try checkNotShown(controller)
            try await showStack(stack + [controller], animated: animated)
        }
    }

    /// Pops the top of the navigation stack; see ``BrigadeCore/Navigator/pop(animated:)``.
    public func pop(animated: Bool) async throws {
        try await serially {
            guard stack.count > 1 else { throw NavigatorError.nothingToPop }
            try await showStack(Array(stack.dropLast()), animated: animated)
        }
    }

    /// Pops until `controller` is on top; see ``BrigadeCore/Navigator/pop(to:animated:)``.
    public func pop(to controller: any Controller, animated: Bool) async throws {
        try await serially {
            guard let index = stack.lastIndex(where: { $0 === controller }) else {
                throw NavigatorError.notOnStack(Self.name(of: controller))
            }
            guard index < stack.count - 1 else { return }
            try await showStack(Array(stack.prefix(index + 1)), animated: animated)
        }
    }

    /// Presents `controller` modally; see ``BrigadeCore/Navigator/present(_:animated:)``.
    public func present(_ controller: any Controller, animated: Bool) async throws {
        try await serially {
            try checkNotShown(controller)
            try await transition { completion throws in
                try host.presentModal(controller, animated: animated, completion: completion)
            }
            // The host's modals: the user may have swiped a sheet down during the transition.
            modalStack = host.shownModals
        }
    }

    /// Dismisses the topmost modal; see ``BrigadeCore/Navigator/dismiss(animated:)``.
    public func dismiss(animated: Bool) async throws {
        try await serially {
            guard let top = modalStack.last else { throw NavigatorError.nothingToDismiss }
            try await dismissModals(from: top, animated: animated)
        }
    }

    /// Dismisses every modal and shows `controller` alone; see ``BrigadeCore/Navigator/setRoot(_:animated:)``.
    public func setRoot(_ controller: any Controller, animated: Bool) async throws {
        try await setStack([controller], animated: animated)
    }

    /// Dismisses every modal, then shows `controllers` in one host transition; see
    /// ``BrigadeCore/Navigator/setStack(_:animated:)``.
    /// - Throws: ``BrigadeCore/NavigatorError/alreadyShown(_:)`` for a controller in the list twice, or the host's error;
    ///   nothing changes then.
    public func setStack(_ controllers: [any Controller], animated: Bool) async throws {
        try await serially {
            for (index, controller) in controllers.enumerated()
            where controllers[..<index].contains(where: { $0 === controller }) {
                throw NavigatorError.alreadyShown(Self.name(of: controller))
            }
            if let first = modalStack.first {
                try await dismissModals(from: first, animated: false)
            }
            try await showStack(controllers, animated: animated)
        }
    }

    /// Replaces the top of the stack; see ``BrigadeCore/Navigator/replaceTop(with:animated:)``.
    public func replaceTop(with controller: any Controller, animated: Bool) async throws {
        try await serially {
            try checkNotShown(controller)
            try await showStack(stack.dropLast() + [controller], animated: animated)
        }
    }

    // MARK: - Host

    private func showStack(_ controllers: [any Controller], animated: Bool) async throws {
        try await transition { completion throws in
            try host.setStack(controllers, animated: animated, completion: completion)
        }
        // The host's stack, not `controllers`: the user may have popped during the transition.
        stack = host.shownStack
    }

    private func dismissModals(from controller: any Controller, animated: Bool) async throws {
        try await transition { completion in
            host.dismissModal(controller, animated: animated, completion: completion)
        }
        modalStack = host.shownModals
    }

    /// Starts a host transition and waits for its completion; a completion called twice is ignored.
    private func transition(_ start: (@escaping @MainActor () -> Void) throws -> Void) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            var resumed = false
            do {
                try start {
                    guard !resumed else { return }
                    resumed = true
                    continuation.resume()
                }
            } catch {
                resumed = true
                continuation.resume(throwing: error)
            }
        }
    }

    private func sync(_ change: NavigationHostChange) {
        switch change {
        case .stack(let controllers):
            stack = controllers
        case .modalDismissed(let controller):
            if let index = modalStack.firstIndex(where: { $0 === controller }) {
                modalStack.removeSubrange(index...)
            }
        }
    }

    /// Runs `body` after every call made before it finished.
    private func serially(_ body: () async throws -> Void) async throws {
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
        try await body()
    }

    private func checkNotShown(_ controller: any Controller) throws {
        if stack.contains(where: { $0 === controller }) || modalStack.contains(where: { $0 === controller }) {
            throw NavigatorError.alreadyShown(Self.name(of: controller))
        }
    }

    private static func name(of controller: any Controller) -> String {
        String(describing: type(of: controller))
    }
}
