import BrigadeCore
import BrigadeReactive

/// Maps an observable source — the store's state, a selection of it, any `ObservableProperty` — to an Equatable
/// view model and hands the view model to the view, only when it changed.
///
/// A presenter owns the binding and forwards its controller's lifecycle events to it:
///
/// ```swift
/// final class OrderPresenter: Presenter {
///     private var binding: ViewModelBinding<OrderViewModel>?
///     func addPresentationLogic(routeResult: RouteResult, controller: any Controller) throws {
///         let screen = controller as? OrderScreen
///         binding = ViewModelBinding(store.state, map: OrderViewModel.init) { [weak screen] in screen?.show($0) }
///     }
///     func lifecycleEvent(_ event: LifecycleEvent, controller: any Controller) {
///         binding?.lifecycleEvent(event)
///     }
/// }
/// ```
///
/// Timing (see ``Timing``): by default the binding runs while the view is visible — it starts at `willAppear`, so
/// the view is filled before it shows, and pauses at `didDisappear`, so a view off screen does no work; on the next
/// appearance it renders only if the view model changed meanwhile. `.fromLoad` starts at `load` and never pauses.
///
/// Rendering happens on the main actor: at start synchronously, afterwards once per change of the source, coalesced
/// when the source changes several times before the main actor runs (the view gets the latest view model). The
/// binding ends when it is released: its subscription goes with it.
@MainActor
public final class ViewModelBinding<ViewModel: Equatable & Sendable> {
    /// When a binding runs.
    public enum Timing: Sendable {
        /// From `load` until the binding is released.
        case fromLoad
        /// From `willAppear` to `didDisappear`, each time the view appears.
        case whileVisible
    }

    /// When this binding runs.
    public let timing: Timing
    /// The view model the view got last.
    public private(set) var lastRendered: ViewModel?
    private let current: @Sendable () -> ViewModel
    private let subscribe: @Sendable (@escaping @Sendable (ViewModel) -> Void) -> Subscription
    private let render: @MainActor (ViewModel) -> Void
    private var subscription: Subscription?
    private let latest = Locked<Pending>(Pending())

    private struct Pending {
        var viewModel: ViewModel?
        var isScheduled = false
    }

    /// Creates a binding; it starts with the lifecycle events it is given, or ``start()``.
    /// - Parameters:
    ///   - source: What the view model is made from.
    ///   - timing: When the binding runs; ``Timing/whileVisible`` by default.
    ///   - map: Makes the view model; called on the thread that changed the source.
    ///   - render: Hands a view model to the view, on the main actor.
    public init<Source: Sendable>(
        _ source: ObservableProperty<Source>,
        timing: Timing = .whileVisible,
        map: @escaping @Sendable (Source) -> ViewModel,
        render: @escaping @MainActor (ViewModel) -> Void
    ) {
        self.timing = timing
        self.render = render
        current = { map(source.value) }
        subscribe = { handler in source.subscribe { handler(map($0)) } }
    }

    deinit {
        subscription?.dispose()
    }

    /// Whether the binding is running.
    public var isRunning: Bool { subscription != nil }

    /// Starts or pauses the binding as its ``timing`` says for `event`.
    public func lifecycleEvent(_ event: LifecycleEvent) {
        switch (timing, event) {
        case (.fromLoad, .load), (.whileVisible, .willAppear):
            start()
        case (.whileVisible, .didDisappear):
            stop()
        default:
            break
        }
    }

    /// Starts the binding: renders the current view model now if it differs from the last one, then follows the
    /// source. Does nothing when it is running.
    public func start() {
        guard subscription == nil else { return }
        show(current())
        subscription = subscribe { [weak self, latest] viewModel in
            let schedule = latest.withLock { pending -> Bool in
                pending.viewModel = viewModel
                defer { pending.isScheduled = true }
                return !pending.isScheduled
            }
            if schedule {
                Task { @MainActor [weak self] in
                    self?.renderLatest()
                }
            }
        }
    }

    /// Pauses the binding; the view gets nothing until it starts again.
    public func stop() {
        subscription?.dispose()
        subscription = nil
    }

    private func renderLatest() {
        let viewModel = latest.withLock { pending -> ViewModel? in
            defer {
                pending.viewModel = nil
                pending.isScheduled = false
            }
            return pending.viewModel
        }
        if let viewModel, isRunning {
            show(viewModel)
        }
    }

    private func show(_ viewModel: ViewModel) {
        guard viewModel != lastRendered else { return }
        lastRendered = viewModel
        render(viewModel)
    }
}
