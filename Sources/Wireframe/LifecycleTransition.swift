import BrigadeCore

/// The lifecycle events of one navigation transition, worked out from what is shown before and after it: the one
/// model every Brigade navigator follows (`HeadlessNavigator`, `ObservableNavigator`, and the UIKit double behind
/// `HostNavigator`), so the same route gives a screen the same events everywhere.
///
/// What is on screen decides: the topmost modal, and below a sheet whatever the sheet was presented over (a sheet
/// leaves its presenter on screen, as UIKit's page sheet does); a full-screen modal hides everything under it; the
/// top of the navigation stack is on screen when no full-screen modal hides it. A transition then delivers, to the
/// controller and then its presenters:
/// 1. `load` to each arriving controller not loaded yet (a controller below the top of a deep link loads when it first
///    comes on screen, as UIKit loads a view controller's view);
/// 2. `willDisappear` to each controller leaving the screen, topmost first, then `willAppear` to each arriving one,
///    bottom first;
/// 3. the stacks change;
/// 4. `didDisappear` to the leaving controllers, then `didAppear` to the arriving ones.
///
/// A leaving controller's ``BrigadeCore/ControllerAttachments/disappearance`` is `.removed` when it is on neither
/// stack afterwards, else `.covered`. Controllers that leave the stacks without having been on screen get no event;
/// their screen tasks end with the transition, as the removed ones' do.
///
/// ```swift
/// let before = LifecycleTransition.Shown(stack: [list], modals: [])
/// let after = LifecycleTransition.Shown(stack: [list, note], modals: [])
/// LifecycleTransition(from: before, to: after).deliver(animated: true) { show(after) }
/// // note.load, list.willDisappear (covered), note.willAppear, list.didDisappear, note.didAppear
/// ```
@MainActor
public struct LifecycleTransition {
    /// What a navigator shows: its navigation stack and its modals, each bottom first, with each modal's style.
    @MainActor
    public struct Shown {
        /// The navigation stack, bottom first.
        public var stack: [any Controller]
        /// The modals, the first presented first.
        public var modals: [any Controller]
        /// The style of each modal, in the order of ``modals``.
        public var styles: [NavigationModalStyle]

        /// What a navigator shows.
        /// - Parameters:
        ///   - stack: The navigation stack, bottom first.
        ///   - modals: The modals, the first presented first.
        ///   - style: The style each modal is presented with; by default its
        ///     ``BrigadeCore/ControllerAttachments/modalStyle``, else `.sheet`.
        public init(
            stack: [any Controller], modals: [any Controller],
            style: ((any Controller) -> NavigationModalStyle)? = nil
        ) {
            self.stack = stack
            self.modals = modals
            styles = modals.map { style?($0) ?? $0.attachments.modalStyle ?? .sheet }
        }

        /// The controllers on screen, topmost first: the modals down to the first full-screen one, then the top of
        /// the navigation stack when no full-screen modal hides it.
        public var onScreen: [any Controller] {
            var shown: [any Controller] = []
            for (modal, style) in zip(modals, styles).reversed() {
                shown.append(modal)
                if style == .fullScreen { return shown }
            }
            if let top = stack.last { shown.append(top) }
            return shown
        }

        /// Whether `controller` is on the navigation stack or among the modals.
        public func contains(_ controller: any Controller) -> Bool {
            stack.contains { $0 === controller } || modals.contains { $0 === controller }
        }
    }

    /// The controllers leaving the screen, topmost first, each with why.
    public let leaving: [(controller: any Controller, disappearance: Disappearance)]
    /// The controllers arriving on screen, bottom first.
    public let arriving: [any Controller]
    /// Every controller on a stack before and on none after, whether it was on screen or not.
    public let removed: [any Controller]
    /// Told of each event delivered, after the controller and its presenters: a navigator's log.
    package var onEvent: ((any Controller, LifecycleEvent) -> Void)?

    /// The events of the transition from `before` to `after`.
    public init(from before: Shown, to after: Shown) {
        let wasOnScreen = before.onScreen
        let isOnScreen = after.onScreen
        leaving = wasOnScreen.filter { old in !isOnScreen.contains { $0 === old } }.map {
            ($0, after.contains($0) ? Disappearance.covered : .removed)
        }
        arriving = isOnScreen.filter { new in !wasOnScreen.contains { $0 === new } }.reversed()
        removed = (before.stack + before.modals).filter { !after.contains($0) }
    }

    /// Delivers the whole transition: the first half, `change()`, then the second half.
    public func deliver(animated: Bool, change: () -> Void) {
        deliverFirstHalf(animated: animated)
        change()
        deliverSecondHalf(animated: animated)
    }

    /// Delivers `load` to the arriving controllers not loaded yet, then `willDisappear` and `willAppear`: what a
    /// transition delivers when it starts, before the stacks change.
    public func deliverFirstHalf(animated: Bool) {
        for controller in arriving {
            deliver(.load, to: controller)
        }
        for (controller, disappearance) in leaving {
            deliver(.willDisappear(animated: animated), to: controller, disappearance: disappearance)
        }
        for controller in arriving {
            deliver(.willAppear(animated: animated), to: controller)
        }
    }

    /// Delivers `didDisappear` and `didAppear`, and ends the screen tasks of the removed controllers: what a
    /// transition delivers when it ended.
    public func deliverSecondHalf(animated: Bool) {
        for (controller, disappearance) in leaving {
            deliver(.didDisappear(animated: animated), to: controller, disappearance: disappearance)
        }
        for controller in arriving {
            deliver(.didAppear(animated: animated), to: controller)
        }
        for controller in removed {
            controller.attachments.screenWork?.leave()
        }
    }

    private func deliver(_ event: LifecycleEvent, to controller: any Controller, disappearance: Disappearance? = nil) {
        if Self.deliver(event, to: controller, disappearance: disappearance) {
            onEvent?(controller, event)
        }
    }

    // MARK: - Delivering one event

    /// Delivers `event` to `controller` and then its presenters, unless it repeats what was delivered: `load` once
    /// in a controller's life (and before its first appear event), an appear or disappear event not twice in a row.
    /// Screen tasks start at `willAppear` and stop at `didDisappear`. Every navigator's events, and UIKit's through
    /// BrigadeNavigation's `LifecycleDelivery`, come through here.
    /// - Returns: Whether the event was delivered.
    @discardableResult
    package static func deliver(
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
            let appears = kind(of: event) < 2
            if appears, !controller.attachments.isLoaded {
                deliver(.load, to: controller)
            }
            controller.attachments.lastAppearanceEvent = event
            controller.attachments.disappearance = appears ? nil : disappearance
        }
        let outer = LifecycleTap.delivering
        LifecycleTap.delivering = controller
        controller.lifecycleEvent(event)
        for presenter in controller.attachments.presenters {
            presenter.lifecycleEvent(event, controller: controller)
        }
        LifecycleTap.delivering = outer
        switch event {
        case .willAppear:
            controller.attachments.screenWork?.appear()
        case .didDisappear:
            controller.attachments.screenWork?.disappear(removed: disappearance == .removed)
        default:
            break
        }
        LifecycleTap.tell(controller, event)
        return true
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

/// Every lifecycle event delivered in the process, whichever navigator or platform delivered it: what lets a tool
/// (the Inspector, `HostNavigator`'s change reports) follow a navigator whose events the platform delivers.
@MainActor
package enum LifecycleTap {
    private static var observers: [(id: Int, records: Bool, observer: (any Controller, LifecycleEvent) -> Bool)] = []
    private static var nextID = 0
    /// The controller whose lifecycle event is being delivered (to it and its presenters), `nil` between events: the
    /// screen an action dispatched meanwhile comes from, though the navigator may not show it on top yet (it loads).
    package fileprivate(set) static var delivering: (any Controller)?

    /// Calls `observer` after each event delivered, until it returns `false` (an observer that holds its owner
    /// weakly returns whether the owner is still there).
    /// - Parameter records: Whether the observer only records events; recorders are told of an event before the
    ///   other observers, so that a navigator that reports a change from an event reports it with that event
    ///   recorded.
    package static func add(records: Bool = false, _ observer: @escaping (any Controller, LifecycleEvent) -> Bool) {
        nextID += 1
        let entry = (nextID, records, observer)
        if records {
            observers.insert(entry, at: observers.prefix { $0.records }.count)
        } else {
            observers.append(entry)
        }
    }

    fileprivate static func tell(_ controller: any Controller, _ event: LifecycleEvent) {
        guard !observers.isEmpty else { return }
        var gone: Set<Int> = []
        for (id, _, observer) in observers where !observer(controller, event) {
            gone.insert(id)
        }
        if !gone.isEmpty {
            observers.removeAll { gone.contains($0.id) }
        }
    }
}
