import BrigadeCore
import BrigadeLocking
import BrigadeReactive

/// Maps an observable source — the store's state, a selection of it, any `ObservableProperty` or read-only view of one — to an Equatable
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
/// Rendering happens on the main actor: at start synchronously; afterwards, for a store, synchronously with the
/// store's notification, and for an `ObservableProperty`, once per change in a main-actor task, coalesced when the
/// source changes several times before that task runs (the view gets the latest view model). The binding ends when
/// it is released: its subscription goes with it.
@MainActor
public final class ViewModelBinding<ViewModel: Equatable> {
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
    private let current: @MainActor () -> ViewModel
    private let follow: @MainActor (@escaping @MainActor (ViewModel) -> Void) -> SubscriptionReference
    private let render: @MainActor (ViewModel) -> Void
    private var subscription: SubscriptionReference?
    /// How many times the binding started.
    private var starts: UInt64 = 0

    /// Creates a binding to any source: `current` gives the view model now, `subscribe` follows the source and
    /// hands each new view model to its argument on the main actor (as the Redux store's `subscribe` does,
    /// synchronously).
    public init(
        timing: Timing = .whileVisible,
        current: @escaping @MainActor () -> ViewModel,
        subscribe: @escaping @MainActor (_ deliver: @escaping @MainActor (ViewModel) -> Void) -> SubscriptionReference,
        render: @escaping @MainActor (ViewModel) -> Void
    ) {
        self.timing = timing
        self.current = current
        follow = subscribe
        self.render = render
    }

    /// Creates a binding to an `ObservableProperty`, which may change on any thread: each change reaches the main
    /// actor in a task of its own, coalesced with the changes made before that task runs.
    /// - Parameters:
    ///   - source: What the view model is made from.
    ///   - timing: When the binding runs; ``Timing/whileVisible`` by default.
    ///   - map: Makes the view model, on the main actor.
    ///   - render: Hands a view model to the view, on the main actor.
    public convenience init<Source: Sendable>(
        _ source: ObservableProperty<Source>,
        timing: Timing = .whileVisible,
        map: @escaping @MainActor (Source) -> ViewModel,
        render: @escaping @MainActor (ViewModel) -> Void
    ) {
        self.init(source.readOnly, timing: timing, map: map, render: render)
    }

    /// Creates a binding to a read-only view of an `ObservableProperty` (the Redux store's `state`, say); it behaves
    /// as the binding to the property itself.
    /// - Parameters:
    ///   - source: What the view model is made from.
    ///   - timing: When the binding runs; ``Timing/whileVisible`` by default.
    ///   - map: Makes the view model, on the main actor: the view model never leaves it, so it need not be `Sendable`,
    ///     and its conformance to `Equatable` may be main-actor isolated (as in an app target with default main-actor
    ///     isolation).
    ///   - render: Hands a view model to the view, on the main actor.
    public convenience init<Source: Sendable>(
        _ source: ReadOnlyObservableProperty<Source>,
        timing: Timing = .whileVisible,
        map: @escaping @MainActor (Source) -> ViewModel,
        render: @escaping @MainActor (ViewModel) -> Void
    ) {
        self.init(
            timing: timing,
            current: { map(source.value) },
            subscribe: { deliver in
                let latest = Locked(Pending<Source>())
                return source.subscribe { value in
                    let schedule = latest.withLock { pending -> Bool in
                        pending.value = value
                        defer { pending.isScheduled = true }
                        return !pending.isScheduled
                    }
                    guard schedule else { return }
                    Task { @MainActor in
                        let value = latest.withLock { pending -> Source? in
                            defer {
                                pending.value = nil
                                pending.isScheduled = false
                            }
                            return pending.value
                        }
                        if let value {
                            deliver(map(value))
                        }
                    }
                }
            },
            render: render)
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
        // A change that reaches the main actor after the binding was stopped, or restarted since, is older than what
        // the restart rendered: only the subscription of this start may render.
        starts &+= 1
        let start = starts
        subscription = follow { [weak self] viewModel in
            guard let self, isRunning, starts == start else { return }
            show(viewModel)
        }
    }

    /// Pauses the binding; the view gets nothing until it starts again.
    public func stop() {
        subscription?.dispose()
        subscription = nil
    }

    private func show(_ viewModel: ViewModel) {
        guard viewModel != lastRendered else { return }
        lastRendered = viewModel
        render(viewModel)
    }
}

/// The latest value of a source waiting for its main-actor task, and whether that task is scheduled.
private struct Pending<Source: Sendable>: Sendable {
    var value: Source?
    var isScheduled = false
}
