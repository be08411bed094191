import BrigadeCore
import BrigadeReactive

/// The single source of truth of an app's state: actions go in, reducers make the new state, subscribers are told.
///
/// ```swift
/// let store = Store(initialState: AppState())
/// store.reducers.add(on: \AppState.order) { (order: inout Order, action: AddDish) in order.dishes.append(action.dish) }
/// store.dispatch(AddDish(dish: "soup"))  // the state is updated and subscribers told when this returns
/// ```
///
/// Guarantees, all on the main actor:
/// - ``dispatch(_:)`` is synchronous: when it returns, middleware ran, the reducers ran, the state is updated and
///   the subscribers have been told.
/// - An action dispatched while another is being processed (by middleware, a subscriber or a reducer's caller) is
///   queued and processed after it, first in first out; nothing recurses and nothing is lost.
/// - Subscribers are told at most once per dispatch or ``transaction(_:)``, only when what they selected changed,
///   after priority subscribers ran and the state settled (see ``subscribe(_:priority:initial:_:)``).
/// - ``dispatchAndWait(_:)`` also waits for the action's asynchronous reducers, until their changes are in the state.
/// - ``actionDispatcher`` takes actions from any thread or task and keeps each caller's order.
@MainActor
public final class Store<State: Sendable> {
    /// The state, observable and read-only: subscribers get the current state at once, then the settled state once
    /// per dispatch or transaction that changed it, with the store's ordinary subscribers (for an `Equatable` state,
    /// a dispatch whose reducers left it equal is not delivered). Only the store writes it, so it always agrees with
    /// ``currentState`` once subscribers have been told; change the state by dispatching.
    public let state: ReadOnlyObservableProperty<State>
    /// The property behind ``state``, written by the store alone.
    @usableFromInline let statePublisher: ObservableProperty<State>
    /// The reducers, found by action type and state type.
    public let reducers: ReducerContainer
    /// Undo and redo of the actions marked ``UndoableAction``.
    public let history: History<State>
    // The dispatch path is inlinable so that it is specialized for the app's state and action types. The store is
    // confined to the main actor and never holds an access to these properties while user code runs (reducers work
    // on a copy of the state), so their accesses cannot overlap and skip the dynamic exclusivity check.
    @exclusivity(unchecked) @usableFromInline var current: State
    @usableFromInline let appReducer: ((any ReducerProvider, any Action, State) -> State)?
    @exclusivity(unchecked) @usableFromInline var middleware: [Middleware<State>] = []
    @exclusivity(unchecked) @usableFromInline var queue: [Pending] = []
    @exclusivity(unchecked) @usableFromInline var queueHead = 0
    @exclusivity(unchecked) @usableFromInline var isProcessing = false
    /// Whether the state changed since subscribers were last told.
    @exclusivity(unchecked) @usableFromInline var isDirty = false
    @exclusivity(unchecked) @usableFromInline var transactionDepth = 0
    @usableFromInline let subscribers = StoreSubscribers<State>()
    private var dispatcher: StoreDispatcher?
    /// The link every middleware context holds, made with the first one.
    private var link: StoreLink<State>?
    /// Told about every reduction, for BrigadeTesting's `TestStore`.
    @exclusivity(unchecked) @usableFromInline package var reductionObserver: ((ReductionEvent<State>) -> Void)?
    /// Told about each ``StoreDiagnostic``; see ``addDiagnosticHandler(_:)``.
    @usableFromInline var diagnosticHandlers: [@MainActor (StoreDiagnostic) -> Void] = []
    /// The store's effects; released with the store, which cancels them.
    let effects = EffectRunner()
    /// The effect whose action is being dispatched, for the middleware context and the action log.
    var dispatchingEffect: EffectOrigin?
    /// The clock effects wait on, through ``Effect/Send/clock``: a `ContinuousClock` by default; a test sets a
    /// manual clock so that a debounce or a retry runs at once.
    public var effectClock: any Clock<Duration> = ContinuousClock()
    /// Compares states, for a store of an `Equatable` state: ``state`` then skips a dispatch that left it equal.
    @usableFromInline let stateEquality: ((State, State) -> Bool)?
    /// The state ``state`` holds, kept when ``stateEquality`` is set, so that comparing takes no lock.
    @usableFromInline var published: State?
    /// Whether the effects reducers return (and ``run(_:)``) are started; `false` while an ``ActionLog`` replays, which
    /// reproduces the states from the recorded actions, those effects dispatched included, without running any effect.
    /// VISPER-style asynchronous reducers still run: their changes are not actions a log could hold.
    public var runsEffects = true

    /// Creates a store.
    ///
    /// When `State` is `Equatable`, the store is made by the initializer of that case, whose ``state`` skips a
    /// dispatch that left the state equal; this one is chosen where the state type is not known to be `Equatable`.
    /// - Parameters:
    ///   - initialState: The state before any action.
    ///   - reducers: The container to find reducers in; a new one by default.
    ///   - middleware: Middleware, the first sees each action first.
    ///   - historyLimit: How many undoable steps ``history`` keeps; 100 by default.
    public convenience init(
        initialState: State,
        reducers: ReducerContainer = ReducerContainer(),
        middleware: [Middleware<State>] = [],
        historyLimit: Int = 100
    ) {
        self.init(
            initialState: initialState, reducers: reducers, middleware: middleware, historyLimit: historyLimit,
            appReducer: nil, stateEquality: nil)
    }

    /// Creates a store whose actions go through a VISPER-style app reducer after the reducers registered on the
    /// whole state type.
    public convenience init<R: AppReducer>(
        initialState: State,
        appReducer: R,
        reducers: ReducerContainer = ReducerContainer(),
        middleware: [Middleware<State>] = [],
        historyLimit: Int = 100
    ) where R.ReducedState == State {
        self.init(
            initialState: initialState, reducers: reducers, middleware: middleware, historyLimit: historyLimit,
            appReducer: Self.reduceFunction(of: appReducer), stateEquality: nil)
    }

    /// The initializer every public one calls: `stateEquality` is set for an `Equatable` state.
    init(
        initialState: State,
        reducers: ReducerContainer,
        middleware: [Middleware<State>],
        historyLimit: Int,
        appReducer: ((any ReducerProvider, any Action, State) -> State)?,
        stateEquality: ((State, State) -> Bool)?
    ) {
        current = initialState
        statePublisher = ObservableProperty(initialState)
        state = statePublisher.readOnly
        self.reducers = reducers
        self.middleware = middleware
        history = History(limit: historyLimit)
        self.appReducer = appReducer
        self.stateEquality = stateEquality
        published = stateEquality == nil ? nil : initialState
        connectEffects()
    }

    /// `appReducer` as the function the store calls.
    static func reduceFunction<R: AppReducer>(
        of appReducer: R
    ) -> (any ReducerProvider, any Action, State) -> State where R.ReducedState == State {
        { provider, action, state in
            appReducer.reduce(provider: provider, action: action, state: state)
        }
    }

    deinit {
        // A middleware context kept past the store reads the state the store had last.
        link?.storeEnded(with: current)
    }

    /// The state now.
    public var currentState: State { current }

    /// Adds `middleware` after the existing middleware.
    public func add(middleware: Middleware<State>) {
        self.middleware.append(middleware)
    }

    /// The enqueuing dispatcher, for any thread or task: it queues actions and hands them to the store on the main
    /// actor, keeping each caller's order. Unlike ``dispatch(_:)``, it never processes an action before returning.
    public var actionDispatcher: StoreDispatcher {
        if let dispatcher {
            return dispatcher
        }
        let made = StoreDispatcher(
            deliver: { [weak self] actions in
                for action in actions {
                    self?.dispatch(action)
                }
            },
            deliverAndWait: { [weak self] action in
                await self?.dispatchAndWait(action)
            })
        dispatcher = made
        return made
    }

    // MARK: - Dispatch

    /// The synchronous dispatch, on the main actor: processes `action` before returning (middleware, reducers, new
    /// state, subscribers told). Queued behind the action being processed when called during processing. From
    /// another thread or task, use ``actionDispatcher``.
    @inlinable
    public func dispatch<A: Action>(_ action: A) {
        guard !isProcessing, middleware.isEmpty else {
            enqueueOrRun(.action(action, nil))
            return
        }
        isProcessing = true
        reduce(action, group: nil)
        finishProcessing()
    }

    /// Runs `body`, whose dispatches update the state at once but tell subscribers nothing until the outermost
    /// transaction ends; then every subscriber whose selection changed is told once, with the settled state.
    ///
    /// ```swift
    /// store.transaction {
    ///     store.dispatch(AddDish(dish: "soup"))
    ///     store.dispatch(AddDish(dish: "bread"))
    /// }  // subscribers are told once, about both dishes
    /// ```
    ///
    /// Transactions nest; only the outermost one notifies. If `body` throws, the dispatches it already made stay
    /// applied (reducers are not undone), subscribers are told about them as usual when the outermost transaction
    /// ends, and the error is rethrown. Called while the store is processing (from a subscriber, say), the
    /// dispatches in `body` are queued like any other and notified together after it.
    @inlinable
    public func transaction<Result>(_ body: () throws -> Result) rethrows -> Result {
        transactionDepth += 1
        defer {
            transactionDepth -= 1
            if transactionDepth == 0, !isProcessing {
                isProcessing = true
                settle()
            }
        }
        return try body()
    }

    /// Processes `action` like ``dispatch(_:)``, then waits until every asynchronous reducer it started has finished
    /// and its change is in the state. Returns at once when middleware dropped the action.
    ///
    /// Cancelling the waiting task makes this return early; the action is still processed in full.
    public func dispatchAndWait<A: Action>(_ action: A) async {
        let group = CompletionGroup()
        enqueueOrRun(.action(action, group))
        await group.wait()
    }

    // MARK: - Processing

    @usableFromInline
    enum Pending {
        case action(any Action, CompletionGroup?)
        case apply((inout State) -> Void, CompletionGroup?, of: any Action.Type)
    }

    @inlinable
    func enqueueOrRun(_ pending: Pending) {
        if isProcessing {
            queue.append(pending)
            return
        }
        isProcessing = true
        run(pending)
        finishProcessing()
    }

    /// Ends processing: runs what was queued, tells the subscribers, and repeats until nothing is left.
    @inlinable
    func finishProcessing() {
        if queue.isEmpty, !isDirty || transactionDepth > 0 {
            isProcessing = false
        } else {
            settle()
        }
    }

    /// The notification loop: process the queue; unless a transaction is open, let the priority
    /// subscribers react (their dispatches are processed before anything else); then tell the ordinary subscribers
    /// once, with the settled state; dispatches they make start another round.
    @inlinable
    func settle() {
        while true {
            runQueue()
            if transactionDepth > 0 || !isDirty {
                break
            }
            if subscribers.hasPriority {
                subscribers.notifyPriority(current)
                if !queue.isEmpty {
                    continue
                }
            }
            isDirty = false
            commit()
            subscribers.notifyOrdinary(current)
            if queue.isEmpty {
                break
            }
        }
        isProcessing = false
    }

    @inlinable
    func runQueue() {
        if !queue.isEmpty {
            runNonEmptyQueue()
        }
    }

    @inlinable
    func runNonEmptyQueue() {
        while queueHead < queue.count {
            let next = queue[queueHead]
            queueHead += 1
            run(next)
        }
        queue.removeAll(keepingCapacity: queue.count <= 64)
        queueHead = 0
    }

    @inlinable
    func run(_ pending: Pending) {
        switch pending {
        case .action(let action, let group):
            if middleware.isEmpty {
                reduce(action, group: group)
            } else {
                runMiddleware(at: 0, action, group: group)
            }
            group?.leave()
        case .apply(let change, let group, let actionType):
            var next = current
            change(&next)
            current = next
            isDirty = true
            reductionObserver?(.asyncChange(of: actionType, current))
            group?.leave()
        }
    }

    @inlinable
    func runMiddleware(at index: Int, _ action: any Action, group: CompletionGroup?) {
        guard index < middleware.count else {
            reduce(action, group: group)
            return
        }
        middleware[index].handle(middlewareContext, action) { [weak self] next in
            self?.runMiddleware(at: index + 1, next, group: group)
        }
    }

    /// The context every middleware gets, made once per store.
    @usableFromInline
    var middlewareContext: MiddlewareContext<State> {
        if let link {
            return MiddlewareContext(link: link)
        }
        let made = StoreLink(self, state: current)
        link = made
        return MiddlewareContext(link: made)
    }

    @inlinable
    func reduce<A: Action>(_ action: A, group: CompletionGroup?) {
        if A.self == HistoryAction.Undo.self || A.self == HistoryAction.Redo.self {
            travel(undo: A.self == HistoryAction.Undo.self)
            reductionObserver?(.action(action, current))
            return
        }
        var next = current
        let outcome = reducers.reduce(action, &next)
        var changed = outcome != .unhandled
        if let appReducer {
            next = appReducer(reducers, action, next)
            changed = true
        }
        if outcome == .unhandled, appReducer == nil, !diagnosticHandlers.isEmpty {
            reportUnhandled(A.self)
        }
        if changed {
            if outcome == .reducedUndoable {
                history.record(current, restoring: reducers.restorer(for: A.self, State.self))
            } else if outcome == .unhandled, A.self is any UndoableAction.Type {
                history.record(current) { target, source in target = source }
            }
            current = next
            isDirty = true
        }
        if reducers.hasAsyncReducers {
            startAsyncReducers(action, group: group)
        }
        if !reducers.pendingEffects.isEmpty {
            startPendingEffects(of: A.self)
        }
        if let reductionObserver {
            reductionObserver(.action(action, current))
        }
    }

    @usableFromInline
    func travel(undo: Bool) {
        let restored = undo ? history.undo(from: current) : history.redo(from: current)
        if let restored {
            current = restored
            isDirty = true
        } else if !diagnosticHandlers.isEmpty {
            report(undo ? .nothingToUndo : .nothingToRedo)
        }
    }

    @usableFromInline
    func startAsyncReducers<A: Action>(_ action: A, group: CompletionGroup?) {
        // One table lookup spares the closures below to the actions that have no asynchronous reducer.
        guard reducers.hasAsyncReducer(A.self, State.self) else { return }
        let started = reducers.startAsyncReducers(
            action, current,
            apply: { [weak self] change in
                guard let self, let change else {
                    group?.leave()
                    return
                }
                enqueueOrRun(.apply(change, group, of: A.self))
            },
            spawn: { [weak self] work in
                guard let self else { return }
                effects.startAsyncReduction(startedBy: String(describing: A.self), work)
            })
        if started > 0 {
            group?.enter(started)
        }
    }

    @inlinable
    func commit() {
        if let stateEquality {
            if let published, stateEquality(published, current) {
                return
            }
            published = current
        }
        statePublisher.value = current
    }
}

/// A reduction a ``Store`` made, with the state after it.
@usableFromInline
package enum ReductionEvent<State> {
    /// An action's reducers ran (or an undo or redo was applied).
    case action(any Action, State)
    /// An asynchronous reducer of an action of this type applied its change.
    case asyncChange(of: any Action.Type, State)
}

/// Counts the work an awaited dispatch still waits for, and resumes the waiter when none is left.
@MainActor
@usableFromInline
final class CompletionGroup {
    private var pending = 1
    private var waiter: CheckedContinuation<Void, Never>?

    func enter(_ count: Int) {
        pending += count
    }

    @usableFromInline
    func leave() {
        pending -= 1
        if pending == 0 {
            resume()
        }
    }

    func wait() async {
        guard pending > 0, !Task.isCancelled else { return }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if pending > 0 {
                    waiter = continuation
                } else {
                    continuation.resume()
                }
            }
        } onCancel: {
            Task { @MainActor in
                self.resume()
            }
        }
    }

    private func resume() {
        waiter?.resume()
        waiter = nil
    }
}

extension Store where State: Equatable {
    /// Creates a store of an `Equatable` state: like ``init(initialState:reducers:middleware:historyLimit:)``, and
    /// ``state`` skips a dispatch or transaction whose reducers left the state equal to the one it holds.
    public convenience init(
        initialState: State,
        reducers: ReducerContainer = ReducerContainer(),
        middleware: [Middleware<State>] = [],
        historyLimit: Int = 100
    ) {
        self.init(
            initialState: initialState, reducers: reducers, middleware: middleware, historyLimit: historyLimit,
            appReducer: nil, stateEquality: { $0 == $1 })
    }

    /// Creates a store of an `Equatable` state with a VISPER-style app reducer; ``state`` skips a dispatch or
    /// transaction that left the state equal.
    public convenience init<R: AppReducer>(
        initialState: State,
        appReducer: R,
        reducers: ReducerContainer = ReducerContainer(),
        middleware: [Middleware<State>] = [],
        historyLimit: Int = 100
    ) where R.ReducedState == State {
        self.init(
            initialState: initialState, reducers: reducers, middleware: middleware, historyLimit: historyLimit,
            appReducer: Self.reduceFunction(of: appReducer), stateEquality: { $0 == $1 })
    }
}
