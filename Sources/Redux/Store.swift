import BrigadeCore
import BrigadeLocking
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
/// - ``dispatch(_:fileID:line:)`` is synchronous: when it returns, middleware ran, the reducers ran, the state is
///   updated and the subscribers have been told.
/// - An action dispatched while another is being processed (by middleware, a subscriber or a reducer's caller) is
///   queued and processed after it, first in first out; nothing recurses and nothing is lost.
/// - Subscribers are told at most once per dispatch or ``transaction(_:)``, only when what they selected changed,
///   after priority subscribers ran and the state settled (see ``subscribe(_:priority:initial:_:)``).
/// - ``dispatchAndWait(_:fileID:line:)`` also waits for the action's asynchronous reducers, until their changes are in
///   the state.
/// - ``actionDispatcher`` takes actions from any thread or task and keeps each caller's order.
@MainActor
public final class Store<State: Sendable> {
    /// The state, observable and read-only: subscribers get the current state at once, then the settled state once
    /// per dispatch or transaction that changed it, with the store's ordinary subscribers (for an `Equatable` state,
    /// a dispatch whose reducers left it equal is not delivered). Only the store writes it, so it always agrees with
    /// ``currentState`` once subscribers have been told; change the state by dispatching.
    ///
    /// The property is made when first read, with the state then; until then a dispatch publishes nothing, so a store
    /// whose state no one reads this way does not pay for it.
    public var state: ReadOnlyObservableProperty<State> {
        if let stateView {
            return stateView
        }
        let current = _readableState
        // Compared from now on with the state now, what the property starts with, so that only a change is published.
        if _stateEquality != nil {
            _published = current
        }
        let publisher = ObservableProperty(current)
        let view = publisher.readOnly
        _statePublisher = publisher
        stateView = view
        return view
    }
    /// The reducers, found by action type and state type.
    public let reducers: ReducerContainer
    /// Undo and redo of the actions marked ``UndoableAction``.
    public let history: History<State>
    /// The engine's mutable fields, in one struct in one cell: the one place the store skips the dynamic exclusivity
    /// check (see `_StoreFields` for why it may, and BrigadeLocking's `_ExclusiveCell` for what it measured). Its
    /// fields are reached through accessors named for them (StoreFields.swift).
    @usableFromInline let _engine: _ExclusiveCell<_StoreFields<State>>
    /// The state the store was made with: what a read refused during a reduce gets.
    @usableFromInline let _initial: State
    /// Whether the reducers of an action that is not an ``UndoableAction`` change the store's state in place (the
    /// default), so that a dispatch costs what its change costs, whatever the size of the state.
    ///
    /// While they run, the state is theirs: code a reducer calls that reads the store's state (``currentState``,
    /// ``state``, a subscription's first value, a middleware context's state) is refused. The store reports
    /// ``StoreDiagnostic/stateReadDuringReduce(action:)`` and the read gets the state the store was made with, never a
    /// half-changed one; a `TestStore` fails the test. A reducer that needs the rest of the state reads it with the
    /// three-argument `add(on:reduce:)` of ``ReducerContainer``. `false` restores the
    /// reduction on a copy: a read during a reduce then gets the state before the action, and a change to a collection
    /// copies it once per action (docs/Redux.md, Reads during a reduce).
    public var reducesInPlace: Bool {
        get { _reducesInPlace }
        set { _reducesInPlace = newValue }
    }
    @usableFromInline let _appReducer: ((any ReducerProvider, any Action, State) -> State)?
    /// The subscribers made with the `subscribe` methods, in their selection groups.
    @usableFromInline let _subscribers = _StoreSubscribers<State>()
    /// The store's effects; released with the store, which cancels them.
    let effects = EffectRunner()
    /// Where the store's observable views (`ObservedState(store:)`) count the members they invalidate, while an
    /// inspector is attached.
    @usableFromInline package nonisolated let _invalidationCounter = _InvalidationCounter()
    /// The clock effects wait on, through ``Effect/Send/clock``: a `ContinuousClock` by default; a test sets a
    /// manual clock so that a debounce or a retry runs at once.
    public var effectClock: any Clock<Duration> {
        get { _engine._value.effectClock }
        set { _engine._value.effectClock = newValue }
    }
    /// The services effects resolve through ``Effect/Send/services``: in a Brigade app, the app's kitchen (set by
    /// `BrigadeApp`); a test replaces some with ``EffectServices/replace(_:with:)`` without touching the kitchen.
    public var effectServices: EffectServices {
        get { _engine._value.effectServices }
        set { _engine._value.effectServices = newValue }
    }
    /// Compares states, for a store of an `Equatable` state: ``state`` then skips a dispatch that left it equal.
    @usableFromInline let _stateEquality: (@Sendable (State, State) -> Bool)?
    /// Whether the effects reducers return (and ``run(_:)``) are started; `false` while an ``ActionLog`` replays, which
    /// reproduces the states from the recorded actions, those effects dispatched included, without running any effect.
    /// VISPER-style asynchronous reducers still run: their changes are not actions a log could hold.
    public var runsEffects: Bool {
        get { _engine._value.runsEffects }
        set { _engine._value.runsEffects = newValue }
    }

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
        stateEquality: (@Sendable (State, State) -> Bool)?
    ) {
        // A middleware context kept past the store reads the state the store had last.
        _engine = _ExclusiveCell(_StoreFields(current: initialState, middleware: middleware), onRelease: Self.ended)
        _initial = initialState
        self.reducers = reducers
        history = History(limit: historyLimit)
        _appReducer = appReducer
        _stateEquality = stateEquality
        connectEffects()
    }

    /// Tells the middleware contexts' link, if any, the state the store had last, when the store goes away.
    private nonisolated static func ended(_ fields: _StoreFields<State>) {
        fields.link?.storeEnded(with: fields._current)
    }

    /// The state now; read by code a reducer calls while it changes the state in place, refused (see
    /// ``reducesInPlace``).
    public var currentState: State { _readableState }

    /// Adds `middleware` after the existing middleware.
    public func add(middleware: Middleware<State>) {
        _middleware.append(middleware)
        _middlewareChain = nil
    }

    /// The enqueuing dispatcher, for any thread or task: it queues actions and hands them to the store on the main
    /// actor, keeping each caller's order. Unlike ``dispatch(_:fileID:line:)``, it never processes an action before
    /// returning.
    public var actionDispatcher: StoreDispatcher {
        if let dispatcher {
            return dispatcher
        }
        let made = StoreDispatcher(
            deliver: { [weak self] actions in
                for action in actions {
                    self?.dispatch(action, at: nil)
                }
            },
            deliverAndWait: { [weak self] action in
                await self?.dispatchAndWait(action, at: nil)
            })
        dispatcher = made
        return made
    }

    // MARK: - Dispatch

    /// The synchronous dispatch, on the main actor: processes `action` before returning (middleware, reducers, new
    /// state, subscribers told). Queued behind the action being processed when called during processing. From
    /// another thread or task, use ``actionDispatcher``.
    ///
    /// `fileID` and `line` are the call's, by default: an attached inspector shows them beside the action.
    @inlinable
    public func dispatch<A: Action>(_ action: A, fileID: StaticString = #fileID, line: UInt = #line) {
        dispatch(action, at: _site(fileID, line))
    }

    /// The synchronous dispatch of Brigade's own code: `site` is the app's call that led to it, or `nil`.
    @inlinable
    package func dispatch<A: Action>(_ action: A, at site: DispatchSite?) {
        guard !_isProcessing, _middleware.isEmpty else {
            _enqueueOrRun(.action(action, nil, from: nil, at: site))
            return
        }
        _isProcessing = true
        _reduce(action, group: nil, site: site)
        _finishProcessing()
    }

    /// The call site of a dispatch, kept only while an inspector observes the store.
    @inlinable
    func _site(_ fileID: StaticString, _ line: UInt) -> DispatchSite? {
        _inspectionLog == nil ? nil : DispatchSite(fileID: fileID, line: line)
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
        _transactionDepth += 1
        defer {
            _transactionDepth -= 1
            if _transactionDepth == 0, !_isProcessing {
                _isProcessing = true
                _settle()
            }
        }
        return try body()
    }

    /// Processes `action` like ``dispatch(_:fileID:line:)``, then waits until every asynchronous reducer it started has
    /// finished and its change is in the state. Returns at once when middleware dropped the action.
    ///
    /// Cancelling the waiting task makes this return early; the action is still processed in full.
    public func dispatchAndWait<A: Action>(
        _ action: A, fileID: StaticString = #fileID, line: UInt = #line
    ) async {
        await dispatchAndWait(action, at: _site(fileID, line))
    }

    /// ``dispatchAndWait(_:fileID:line:)`` for Brigade's own code: `site` is the app's call that led to it, or `nil`.
    package func dispatchAndWait<A: Action>(_ action: A, at site: DispatchSite?) async {
        let group = _CompletionGroup()
        _enqueueOrRun(.action(action, group, from: nil, at: site))
        await group.wait()
    }

    // MARK: - Subscribing

    /// Subscribes `handler` to the part of the state at `keyPath`: it is called at once with the current value, then
    /// only when that value changed, at most once per dispatch or transaction.
    ///
    /// ```swift
    /// store.subscribe(\.order.dishes) { dishes in render(dishes) }.add(to: bag)
    /// ```
    ///
    /// Subscribers of the same key path at the same priority share one selection, computed and compared once per
    /// notification round; when it did not change, none of them is visited. Ordinary subscribers are called in
    /// subscription order. The first call carries the current value, also when subscribing inside a transaction or a
    /// priority round whose changes the other subscribers of the key path have not been told yet; the next call
    /// comes only when the value changes again.
    /// - Parameters:
    ///   - keyPath: The part of the state the subscriber reads; it is told when that part changed.
    ///   - priority: `nil` for an ordinary subscriber. A priority subscriber is told before every ordinary one,
    ///     higher priorities first, and may dispatch: those actions are processed, and priority subscribers told
    ///     again about what they changed, before any ordinary subscriber is told about the settled state.
    ///   - initial: `false` to skip the current value: `handler` is first called on the next change.
    ///   - handler: Called with the value at `keyPath`: at once (unless `initial` is `false`), then on each change.
    /// - Returns: The subscription; it ends on ``BrigadeReactive/SubscriptionReference/dispose()`` (from any thread) or with
    ///   its bag.
    @inlinable
    @discardableResult
    public func subscribe<Selection: Equatable>(
        _ keyPath: KeyPath<State, Selection>,
        priority: Int? = nil,
        initial: Bool = true,
        _ handler: @escaping (Selection) -> Void
    ) -> SubscriptionReference {
        _subscribe(keyPath, priority: priority, initial: initial, handler) {
            _SelectionGroup(keyPath, priority: priority, state: _readableState)
        }
    }

    /// Subscribes `handler` to what `selector` computes from the state: it is called at once, then only when the
    /// result changed, at most once per dispatch or transaction; `initial: false` skips the call with the current
    /// result. See ``subscribe(_:priority:initial:_:)``.
    ///
    /// Each selector subscriber keeps its own selection. The selectors of one selection type and priority are kept
    /// side by side with their selections, so a round over subscribers whose selection did not change reads memory in
    /// order, whatever their number.
    @inlinable
    @discardableResult
    public func subscribe<Selection: Equatable>(
        select selector: @escaping (State) -> Selection,
        priority: Int? = nil,
        initial: Bool = true,
        _ handler: @escaping (Selection) -> Void
    ) -> SubscriptionReference {
        // The selector is user code: it runs before the column is looked up, so that whatever it does to the store's
        // subscribers, the column the subscriber joins is one the store keeps.
        let value = selector(_readableState)
        return _subscribe(select: selector, value: value, priority: priority, initial: initial, handler) {
            _SelectorColumn<State, Selection>(priority: priority)
        }
    }

    /// Subscribes `handler` to the whole state: called at once with the current state, then once per dispatch or
    /// transaction that ran a reducer (including the one under way when it subscribes from inside a transaction or a
    /// priority round); `initial: false` skips the call with the current state. See
    /// ``subscribe(_:priority:initial:_:)``.
    @discardableResult
    public func subscribe(
        priority: Int? = nil,
        initial: Bool = true,
        _ handler: @escaping (State) -> Void
    ) -> SubscriptionReference {
        _subscribers.subscribe(
            priority: priority, initial: initial, state: _readableState, canShare: !_isDirty, handler)
    }
}
