/// How long a screen's work runs: while the screen is on a navigator's stacks, or only while it is on screen.
public enum ScreenTaskScope: Hashable, Sendable {
    /// From the call until the screen leaves the navigator's stacks (popped, dismissed, replaced, or under a deep
    /// link that does not keep it): the work of a list that keeps loading while a detail is pushed above it.
    case onStack
    /// While the screen is on screen: started at its `willAppear` (at once when it is on screen already),
    /// cancelled at its `didDisappear`, started again at its next `willAppear`, as SwiftUI's `task` modifier does.
    /// A sheet leaves the screen under it on screen; a push or a full-screen modal covers it.
    case onScreen
}

extension Controller {
    /// Runs `work` for as long as the screen is shown, on every navigator alike, and cancels it when the screen
    /// leaves: the work a presenter starts for its screen, with no way to forget to stop it.
    ///
    /// ```swift
    /// func lifecycleEvent(_ event: LifecycleEvent, controller: any Controller) {
    ///     guard event == .load else { return }
    ///     controller.screenTask { [weak self] in
    ///         for await notes in repository.changes() { self?.show(notes) }
    ///     }
    /// }
    /// ```
    ///
    /// - A call site holds one task, as a SwiftUI `task(id:)` modifier does: a second call from the same place with
    ///   an equal `id` keeps the running work; with another `id` it cancels it and starts the new work. Calls from
    ///   other places run side by side.
    /// - Work ends when the navigator removes the screen from its stacks (for ``ScreenTaskScope/onScreen`` also when
    ///   the screen disappears), and when the controller is released. A deep link that replaces the screen by a new
    ///   copy for the same route ends the old copy's work and not the new copy's, whose presenters start their own;
    ///   a route with other parameters always gets a new copy, so "restart when the parameters change" needs nothing
    ///   more.
    /// - A controller shown again after it was removed starts its work again when it next appears.
    /// - Work is cancelled, not awaited: it ends at its next suspension point that checks for cancellation.
    ///
    /// - Parameters:
    ///   - scope: ``ScreenTaskScope/onStack`` (the default) or ``ScreenTaskScope/onScreen``.
    ///   - id: The value whose change restarts the work from this call site.
    ///   - priority: The priority of the work's task.
    ///   - fileID: The call site's file, which with `line` tells one call site from another; leave the default.
    ///   - line: The call site's line; leave the default.
    ///   - work: The work, run on the main actor.
    /// - Returns: The task, to cancel it earlier.
    @discardableResult
    public func screenTask(
        _ scope: ScreenTaskScope = .onStack,
        id: some Hashable & Sendable = 0,
        priority: TaskPriority? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        _ work: @escaping @MainActor () async -> Void
    ) -> ScreenTask {
        let site = "\(fileID):\(line)"
        let screenWork = attachments.screenWork ?? ScreenWork(isOnScreen: attachments.isOnScreen)
        attachments.screenWork = screenWork
        return screenWork.start(site: site, id: AnyHashable(id), scope: scope, priority: priority, work: work)
    }
}

/// A screen's work started with ``Controller/screenTask(_:id:priority:fileID:line:_:)``.
@MainActor
public final class ScreenTask {
    fileprivate let scope: ScreenTaskScope
    fileprivate let site: String
    fileprivate let id: AnyHashable
    fileprivate let priority: TaskPriority?
    fileprivate let work: @MainActor () async -> Void
    fileprivate var task: Task<Void, Never>?
    fileprivate var isCancelledForGood = false

    fileprivate init(
        scope: ScreenTaskScope, site: String, id: AnyHashable, priority: TaskPriority?,
        work: @escaping @MainActor () async -> Void
    ) {
        self.scope = scope
        self.site = site
        self.id = id
        self.priority = priority
        self.work = work
    }

    /// Whether the work runs now: started and not cancelled. Work that returned on its own still counts until the
    /// screen leaves.
    public var isRunning: Bool { task != nil }

    /// Cancels the work for good: it does not start again when the screen appears again.
    public func cancel() {
        isCancelledForGood = true
        stop()
    }

    fileprivate func run() {
        guard task == nil, !isCancelledForGood else { return }
        let work = work
        task = Task(priority: priority) { @MainActor in await work() }
    }

    fileprivate func stop() {
        task?.cancel()
        task = nil
    }
}

/// The screen tasks of one controller, kept in its attachments; what the navigators' lifecycle delivery tells of
/// appearing, disappearing and leaving. Releasing it (with the controller) cancels every task.
@MainActor
package final class ScreenWork {
    private var tasks: [ScreenTask] = []
    /// Whether the controller is on screen: between a `willAppear` and a `didDisappear`.
    private var isOnScreen = false
    /// Whether the controller left the stacks since its work last started: the work starts again at its next
    /// appearance.
    private var hasLeft = false
    /// The running tasks, for cancelling them when this is released, which may happen off the main actor.
    private let handles = TaskHandles()

    package init(isOnScreen: Bool) {
        self.isOnScreen = isOnScreen
    }

    fileprivate func start(
        site: String, id: AnyHashable, scope: ScreenTaskScope, priority: TaskPriority?,
        work: @escaping @MainActor () async -> Void
    ) -> ScreenTask {
        if let index = tasks.firstIndex(where: { $0.site == site }) {
            let running = tasks[index]
            if running.id == id, !running.isCancelledForGood { return running }
            running.cancel()
            tasks.remove(at: index)
        }
        let task = ScreenTask(scope: scope, site: site, id: id, priority: priority, work: work)
        tasks.append(task)
        if scope == .onStack && !hasLeft || isOnScreen {
            run(task)
        }
        return task
    }

    /// The controller is about to appear: work for the screen starts, and work for the stack starts again after
    /// the controller left and came back.
    package func appear() {
        isOnScreen = true
        if hasLeft {
            hasLeft = false
            tasks.filter { $0.scope == .onStack }.forEach(run)
        }
        tasks.filter { $0.scope == .onScreen }.forEach(run)
    }

    /// The controller disappeared: work for the screen stops; with `removed`, all of its work.
    package func disappear(removed: Bool) {
        isOnScreen = false
        for task in tasks where task.scope == .onScreen {
            task.stop()
        }
        if removed {
            leave()
        }
    }

    /// The controller left the navigator's stacks: all of its work stops.
    package func leave() {
        isOnScreen = false
        hasLeft = true
        for task in tasks {
            task.stop()
        }
        handles.removeAll()
    }

    private func run(_ task: ScreenTask) {
        task.run()
        if let handle = task.task {
            handles.add(handle)
        }
    }
}

/// The handles of a controller's running tasks, cancelled when the controller's work is released (its `deinit` may
/// run on any thread). Only the main actor adds to it; the `deinit` runs when nothing else holds it.
private final class TaskHandles {
    private var handles: [Task<Void, Never>] = []

    func add(_ handle: Task<Void, Never>) {
        handles.removeAll(where: \.isCancelled)
        handles.append(handle)
    }

    func removeAll() {
        handles.removeAll()
    }

    deinit {
        for handle in handles {
            handle.cancel()
        }
    }
}
