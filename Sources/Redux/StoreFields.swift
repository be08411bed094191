import BrigadeCore
import BrigadeLocking
import BrigadeReactive

/// The mutable fields of a ``Store``'s engine, in one struct that the store keeps in one cell (BrigadeLocking's
/// `_ExclusiveCell`), so that a dispatch reaches them without the dynamic exclusivity check, as the Composable
/// Architecture's store keeps one core.
///
/// Why the check may be skipped: the store is confined to the main actor, so no two accesses run at once; and its
/// notification rounds never nest (an action dispatched during one is queued, never processed inside it; debug builds
/// assert it around every round), so the engine's accesses to a field do not overlap either. The one access that spans
/// user code is the reducers' to `_current`, which they change in place: every read of the state their code can make
/// goes through `Store._readableState`, which refuses it while `_lentTo` is set (the lending asserts it never nests);
/// what else that code can reach (a dispatch, a subscription) touches other fields, or queues.
@usableFromInline
struct _StoreFields<State: Sendable> {
    /// The action type whose reducers are changing `_current` in place, `nil` when none is.
    @usableFromInline var _lentTo: (any Action.Type)? = nil
    /// ``Store/reducesInPlace``, read once per dispatch.
    @usableFromInline var _reducesInPlace: Bool = true
    /// The middleware, the first sees each action first.
    @usableFromInline var _middleware: [Middleware<State>]
    /// The middleware composed, from the first to the reducers; `nil` without middleware.
    @usableFromInline var _middlewareChain: Middleware<State>.Next? = nil
    /// The completion group of the dispatch whose action is in the middleware chain.
    @usableFromInline var _middlewareGroup: _CompletionGroup? = nil
    /// The call site of the dispatch whose action is in the middleware chain, while an inspector observes the store.
    @usableFromInline var _middlewareSite: DispatchSite? = nil
    /// The actions and asynchronous changes waiting for the one being processed, first in first out.
    @usableFromInline var _queue: [Store<State>._Pending] = []
    /// The index in `_queue` of the next to run.
    @usableFromInline var _queueHead: Int = 0
    /// Whether an action, a change or a notification round is under way: a dispatch meanwhile is queued.
    @usableFromInline var _isProcessing: Bool = false
    /// Whether the state changed since subscribers were last told.
    @usableFromInline var _isDirty: Bool = false
    /// How many ``Store/transaction(_:)`` bodies are running.
    @usableFromInline var _transactionDepth: Int = 0
    /// The property behind ``Store/state``, written by the store alone; made when ``Store/state`` is first read.
    @usableFromInline var _statePublisher: ObservableProperty<State>? = nil
    /// ``Store/state``, once made.
    var stateView: ReadOnlyObservableProperty<State>? = nil
    /// Told about every reduction, for BrigadeTesting's `TestStore`.
    @usableFromInline var _reductionObserver: ((_ReductionEvent<State>) -> Void)? = nil
    /// Told about each change an asynchronous reducer applied (and each time travel), with the state after it, boxed,
    /// for the inspector; actions go to `_inspectionLog`.
    @usableFromInline var _boxedReductionObserver: ((consuming _Reduction, consuming any Sendable) -> Void)? = nil
    /// Where an attached inspector's actions go: appended by the dispatch, in the store's types.
    @usableFromInline var _inspectionLog: _InspectionLog<State>? = nil
    /// Told about each ``StoreDiagnostic``; see ``Store/addDiagnosticHandler(_:)``.
    @usableFromInline var _diagnosticHandlers: [@MainActor (StoreDiagnostic) -> Void] = []
    /// ``Store/actionDispatcher``, once made.
    var dispatcher: StoreDispatcher? = nil
    /// The link every middleware context holds, made with the first one.
    var link: StoreLink<State>? = nil
    /// ``Store/effectClock``.
    var effectClock: any Clock<Duration> = ContinuousClock()
    /// ``Store/effectServices``.
    var effectServices: EffectServices = EffectServices()
    /// ``Store/runsEffects``.
    var runsEffects: Bool = true

    // The two fields whose size depends on `State` come last: the others lie at offsets known when compiling, so
    // that code not specialized for the state (an action held as `any Action`, passed on by middleware) reaches them
    // without looking up the struct's generic metadata.
    /// The state: changed in place by the reducers (see ``Store/reducesInPlace``).
    @usableFromInline var _current: State
    /// The state ``Store/state`` published last, kept for an `Equatable` state once ``Store/state`` was made, so that
    /// comparing takes no lock.
    @usableFromInline var _published: State? = nil

    init(current: State, middleware: [Middleware<State>]) {
        _current = current
        _middleware = middleware
    }
}

// The engine's fields, under the names the engine code uses: each accessor reaches its field in the cell in place.
extension Store {
    @inlinable
    var _current: State {
        _read { yield _engine._value._current }
        _modify { yield &_engine._value._current }
    }
    @inlinable
    var _lentTo: (any Action.Type)? {
        _read { yield _engine._value._lentTo }
        _modify { yield &_engine._value._lentTo }
    }
    @inlinable
    var _reducesInPlace: Bool {
        _read { yield _engine._value._reducesInPlace }
        _modify { yield &_engine._value._reducesInPlace }
    }
    @inlinable
    var _middleware: [Middleware<State>] {
        _read { yield _engine._value._middleware }
        _modify { yield &_engine._value._middleware }
    }
    @inlinable
    var _middlewareChain: Middleware<State>.Next? {
        _read { yield _engine._value._middlewareChain }
        _modify { yield &_engine._value._middlewareChain }
    }
    @inlinable
    var _middlewareGroup: _CompletionGroup? {
        _read { yield _engine._value._middlewareGroup }
        _modify { yield &_engine._value._middlewareGroup }
    }
    @inlinable
    var _middlewareSite: DispatchSite? {
        _read { yield _engine._value._middlewareSite }
        _modify { yield &_engine._value._middlewareSite }
    }
    @inlinable
    var _queue: [Store<State>._Pending] {
        _read { yield _engine._value._queue }
        _modify { yield &_engine._value._queue }
    }
    @inlinable
    var _queueHead: Int {
        _read { yield _engine._value._queueHead }
        _modify { yield &_engine._value._queueHead }
    }
    /// Whether a round is under way. Setting it starts or ends one; debug builds check that rounds never nest (what
    /// lets the cell skip the exclusivity check).
    @inlinable
    var _isProcessing: Bool {
        get { _engine._value._isProcessing }
        set {
            assert(newValue ? _engine._beginRound() : _engine._endRound(), "a store's rounds never nest")
            _engine._value._isProcessing = newValue
        }
    }
    @inlinable
    var _isDirty: Bool {
        _read { yield _engine._value._isDirty }
        _modify { yield &_engine._value._isDirty }
    }
    @inlinable
    var _transactionDepth: Int {
        _read { yield _engine._value._transactionDepth }
        _modify { yield &_engine._value._transactionDepth }
    }
    @inlinable
    var _statePublisher: ObservableProperty<State>? {
        _read { yield _engine._value._statePublisher }
        _modify { yield &_engine._value._statePublisher }
    }
    var stateView: ReadOnlyObservableProperty<State>? {
        get { _engine._value.stateView }
        set { _engine._value.stateView = newValue }
    }
    @inlinable
    var _published: State? {
        _read { yield _engine._value._published }
        _modify { yield &_engine._value._published }
    }
    @inlinable
    package var _reductionObserver: ((_ReductionEvent<State>) -> Void)? {
        _read { yield _engine._value._reductionObserver }
        _modify { yield &_engine._value._reductionObserver }
    }
    @inlinable
    var _boxedReductionObserver: ((consuming _Reduction, consuming any Sendable) -> Void)? {
        _read { yield _engine._value._boxedReductionObserver }
        _modify { yield &_engine._value._boxedReductionObserver }
    }
    @inlinable
    var _inspectionLog: _InspectionLog<State>? {
        _read { yield _engine._value._inspectionLog }
        _modify { yield &_engine._value._inspectionLog }
    }
    @inlinable
    var _diagnosticHandlers: [@MainActor (StoreDiagnostic) -> Void] {
        _read { yield _engine._value._diagnosticHandlers }
        _modify { yield &_engine._value._diagnosticHandlers }
    }
    var dispatcher: StoreDispatcher? {
        get { _engine._value.dispatcher }
        set { _engine._value.dispatcher = newValue }
    }
    var link: StoreLink<State>? {
        get { _engine._value.link }
        set { _engine._value.link = newValue }
    }
}
