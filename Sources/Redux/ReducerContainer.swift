import BrigadeCore
import BrigadeLocking

/// Holds the reducers of an app, found by action type and state type (VISPER's `ReducerContainer`).
///
/// ```swift
/// let container = ReducerContainer()
/// container.add(on: \AppState.order) { (order: inout Order, action: AddDish) in
///     order.dishes.append(action.dish)
/// }
/// ```
///
/// Lookup is one dictionary access keyed by the action type and the state type, so its cost does not grow with the
/// number of reducers registered. Several reducers for one action type and state type run in registration order,
/// each on the previous one's result. An action type with no reducer leaves the state unchanged. Reducers are found
/// by the action's concrete type. Used on the main actor.
@MainActor
public final class ReducerContainer: ReducerProvider {
    /// The reducer chains, by action type and state type. Read once per dispatch, in a cell (BrigadeLocking's
    /// `_ExclusiveCell`, the store's one opt-out of the exclusivity check): no access spans user code, a lookup runs
    /// none.
    private let chains = _ExclusiveCell(TypePairTable<AnyObject>())
    private var asyncChains = TypePairTable<AnyObject>()

    /// The effects reducers returned during the dispatch under way, started by the store once its reducers ran.
    @usableFromInline var _pendingEffects: [Effect] = []

    /// Whether any asynchronous reducer is registered.
    @usableFromInline private(set) var _hasAsyncReducers = false

    /// The number of reducers registered, synchronous and asynchronous.
    public private(set) var reducerCount = 0

    /// The action types that have a reducer, synchronous or asynchronous, in the order their first one was added:
    /// what ``ActionRegistry/init(reducers:)`` knows how to decode. Kept as types, not checked for `Codable` here, so
    /// that registering costs no conformance look-up at launch.
    public private(set) var actionTypes: [any Action.Type] = []
    private var actionTypeSet: Set<ObjectIdentifier> = []

    /// Notes `type` among ``actionTypes``.
    private func noteActionType(_ type: any Action.Type) {
        if actionTypeSet.insert(ObjectIdentifier(type)).inserted {
            actionTypes.append(type)
        }
    }

    /// Creates an empty container.
    public init() {}

    // MARK: - Registration

    /// Registers a reduce function for actions of type `A` on states of type `S`.
    public func add<A: Action, S>(reduceFunction: @escaping ReduceFunction<A, S>) {
        _append(
            { provider, action, state in state = reduceFunction(provider, action, state) }, for: A.self, S.self,
            restoring: nil)
    }

    /// Registers a reducer for its action type and state type.
    public func add<R: ActionReducer>(reducer: R) {
        add(reduceFunction: { provider, action, state in
            reducer.reduce(provider: provider, action: action, state: state)
        })
    }

    /// Registers an in-place reducer for actions of type `A` on the part of the app state at `keyPath`, so no
    /// app reducer has to be written. The part is changed in place, not passed in and returned, and so is the store's
    /// state (``Store/reducesInPlace``): changing one element of a large collection costs what that change costs.
    /// Code the reducer calls must not read the store's state meanwhile (docs/Redux.md, Reads during a reduce).
    @inlinable
    public func add<A: Action, State, Value>(
        on keyPath: WritableKeyPath<State, Value>,
        reduce: @escaping (inout Value, A) -> Void
    ) {
        _append(
            { _, action, state in reduce(&state[keyPath: keyPath], action) }, for: A.self, State.self,
            restoring: { target, source in target[keyPath: keyPath] = source[keyPath: keyPath] })
    }

    /// Registers an in-place reducer for actions of type `A` on the part of the app state at `keyPath` that returns an
    /// ``Effect``: asynchronous work the store starts once the action's reducers ran, which may dispatch follow-up
    /// actions, or cancel other work (see `add(on:reduce:)` for a reducer without effects).
    ///
    /// ```swift
    /// container.add(effectsOn: \AppState.tasks) { (tasks: inout TaskList, _: LoadTasks) -> Effect in
    ///     tasks.isLoading = true
    ///     return .run(id: TasksLoad(), cancelInFlight: true) { send in
    ///         await send(TasksLoaded(tasks: try await api.tasks()))
    ///     }
    /// }
    /// ```
    @inlinable
    public func add<A: Action, State, Value>(
        effectsOn keyPath: WritableKeyPath<State, Value>,
        reduce: @escaping (inout Value, A) -> Effect
    ) {
        _append(
            { [weak self] _, action, state in
                var effect = Effect.none
                effect = reduce(&state[keyPath: keyPath], action)
                if !effect._isNone {
                    self?._pendingEffects.append(effect)
                }
            }, for: A.self, State.self,
            restoring: { target, source in target[keyPath: keyPath] = source[keyPath: keyPath] })
    }

    /// Registers `reducer` on the part of the app state at `keyPath`.
    public func add<R: ActionReducer, State>(reducer: R, on keyPath: WritableKeyPath<State, R.ReducedState>) {
        _append(
            { provider, action, state in
                state[keyPath: keyPath] = reducer.reduce(
                    provider: provider, action: action, state: state[keyPath: keyPath])
            }, for: R.ReducedAction.self, State.self,
            restoring: { target, source in target[keyPath: keyPath] = source[keyPath: keyPath] })
    }

    /// Registers an asynchronous reducer for its action type and state type.
    public func add<R: AsyncActionReducer>(reducer: R) {
        add(reducer: reducer, on: \R.ReducedState.self)
    }

    /// Registers an asynchronous reducer on the part of the app state at `keyPath`.
    public func add<R: AsyncActionReducer, State>(
        reducer: R,
        on keyPath: WritableKeyPath<State, R.ReducedState>
    ) {
        asyncChain(R.ReducedAction.self, State.self).starts.append { action, state, apply, spawn in
            let part = state[keyPath: keyPath]
            spawn { isCancelled in
                let change = await reducer.reduce(action: action, state: part)
                if isCancelled() {
                    apply(nil)
                } else {
                    apply { whole in
                        whole[keyPath: keyPath] = change(whole[keyPath: keyPath])
                    }
                }
            }
        }
        reducerCount += 1
    }

    // MARK: - Reducing

    /// `state` after every synchronous reducer registered for `action`'s type and `S` ran, in registration order.
    public func reduce<S>(action: any Action, state: S) -> S {
        var state = state
        _ = _reduce(action, &state)
        return state
    }

    /// Runs the synchronous reducers for `A` and `S` on `state` in place; returns whether any ran, and whether `A`
    /// is an ``UndoableAction``.
    @inlinable
    func _reduce<A: Action, S>(_ action: A, _ state: inout S) -> _ReduceOutcome {
        guard let chain = _chain(A.self, S.self) as? _ReducerChain<A, S> else { return .unhandled }
        chain._run(self, action, &state)
        return chain._isUndoable ? .reducedUndoable : .reduced
    }

    /// The reducers registered for the action type and state type, as the `_ReducerChain` made for them. Not
    /// inlinable: the table stays internal.
    @usableFromInline
    func _chain(_ action: Any.Type, _ state: Any.Type) -> AnyObject? {
        chains._value.value(for: action, state)
    }

    /// Whether an asynchronous reducer is registered for `A` and `S`.
    func hasAsyncReducer<A: Action, S>(_: A.Type, _: S.Type) -> Bool {
        asyncChains.value(for: A.self, S.self) != nil
    }

    /// Starts the asynchronous reducers for `A` and `S`, each as the work of an effect that `spawn` starts; returns
    /// how many were started. Each calls `apply` on the main actor with its change once its work ends, or with `nil`
    /// when its effect was cancelled meanwhile.
    func startAsyncReducers<A: Action, S>(
        _ action: A,
        _ state: S,
        apply: @escaping @MainActor (((inout S) -> Void)?) -> Void,
        spawn: AsyncReductionSpawn
    ) -> Int {
        guard let chain = asyncChains.value(for: A.self, S.self) as? AsyncReducerChain<A, S>
        else { return 0 }
        for start in chain.starts {
            start(action, state, apply, spawn)
        }
        return chain.starts.count
    }

    /// Appends `step` to the reducers of `A` and `S`. `restoring` copies the part of the state the step writes from
    /// one state to another, for undo; `nil` when the step may write the whole state.
    @usableFromInline
    func _append<A: Action, S>(
        _ step: @escaping (any ReducerProvider, A, inout S) -> Void,
        for _: A.Type,
        _: S.Type,
        restoring: ((inout S, S) -> Void)?
    ) {
        if var chain = chains._value.value(for: A.self, S.self) as? _ReducerChain<A, S> {
            let more: _ReducerChainMore<A, S>
            if let existing = chain._more {
                more = existing
            } else {
                // The chain is remade with its second step, so that the steps after the first are a constant (a step
                // added while its action is reduced runs from the next dispatch, as a third one always did).
                more = _ReducerChainMore()
                chain = _ReducerChain(replacing: chain, more: more)
                chains._value.set(chain, for: A.self, S.self)
            }
            more._steps.append(step)
            if let restoring, !chain.writesWholeState {
                more.restorers.append(restoring)
            } else {
                chain.writesWholeState = true
                chain.firstRestorer = nil
                more.restorers.removeAll()
            }
        } else {
            chains._value.set(_ReducerChain(first: step, restoring: restoring), for: A.self, S.self)
            noteActionType(A.self)
        }
        reducerCount += 1
    }

    /// What undoing an action of type `A` restores: the parts of the state its reducers write, or the whole state
    /// when one of them may write all of it.
    @usableFromInline
    func _restorer<A: Action, S>(for _: A.Type, _: S.Type) -> (inout S, S) -> Void {
        guard let chain = chains._value.value(for: A.self, S.self) as? _ReducerChain<A, S>, !chain.writesWholeState
        else {
            return { target, source in target = source }
        }
        let first = chain.firstRestorer
        let more = chain._more?.restorers ?? []
        return { target, source in
            first?(&target, source)
            for restore in more {
                restore(&target, source)
            }
        }
    }

    private func asyncChain<A: Action, S>(_: A.Type, _: S.Type) -> AsyncReducerChain<A, S> {
        if let existing = asyncChains.value(for: A.self, S.self) as? AsyncReducerChain<A, S> {
            return existing
        }
        let chain = AsyncReducerChain<A, S>()
        asyncChains.set(chain, for: A.self, S.self)
        noteActionType(A.self)
        _hasAsyncReducers = true
        return chain
    }
}

/// What running the reducers of an action did.
@usableFromInline
enum _ReduceOutcome {
    /// No reducer is registered for the action and state types.
    case unhandled
    /// Reducers ran.
    case reduced
    /// Reducers of an ``UndoableAction`` ran.
    case reducedUndoable
}

/// The reducers of one action type and state type, in registration order.
@MainActor
@usableFromInline
final class _ReducerChain<A: Action, S> {
    /// The first step. The chain's stored properties are a function, optionals and a `Bool`, whose layouts the
    /// compiler knows: making a chain for a new action type, at launch, instantiates no function type or array
    /// metadata for it (an empty array of steps did, for every action type).
    @usableFromInline let _first: (any ReducerProvider, A, inout S) -> Void
    /// The steps after the first and their restorers, made with the second step (the chain is then remade): most
    /// action types have one.
    @usableFromInline let _more: _ReducerChainMore<A, S>?
    /// Copies the part of the state the first step writes, for undo; `nil` when a step may write the whole state.
    var firstRestorer: ((inout S, S) -> Void)?
    /// Whether a step may write the whole state.
    var writesWholeState: Bool
    /// Whether `A` is an ``UndoableAction``, decided once rather than by a dynamic cast on every dispatch, and at
    /// the first dispatch rather than at launch (the cast searches the process's conformances for a new type).
    @inlinable var _isUndoable: Bool {
        if let undoable = _undoable._value {
            return undoable
        }
        let undoable = A.self is any UndoableAction.Type
        _undoable._value = undoable
        return undoable
    }
    /// ``_isUndoable`` once decided, in a cell (BrigadeLocking's `_ExclusiveCell`): read once per dispatch, on the
    /// main actor, by no access that spans user code.
    @usableFromInline let _undoable: _ExclusiveCell<Bool?>

    /// Runs every step on `state` in place, in registration order.
    @inlinable
    func _run(_ provider: any ReducerProvider, _ action: A, _ state: inout S) {
        _first(provider, action, &state)
        if let more = _more {
            for step in more._steps {
                step(provider, action, &state)
            }
        }
    }

    init(first: @escaping (any ReducerProvider, A, inout S) -> Void, restoring: ((inout S, S) -> Void)?) {
        _first = first
        _more = nil
        firstRestorer = restoring
        writesWholeState = restoring == nil
        _undoable = _ExclusiveCell(nil)
    }

    /// `chain` with `more` as the steps after its first.
    init(replacing chain: _ReducerChain, more: _ReducerChainMore<A, S>) {
        _first = chain._first
        _more = more
        firstRestorer = chain.firstRestorer
        writesWholeState = chain.writesWholeState
        _undoable = chain._undoable
    }
}

/// The steps of a ``_ReducerChain`` after its first, and what they restore on undo.
@MainActor
@usableFromInline
final class _ReducerChainMore<A: Action, S> {
    /// The steps after the first, in registration order.
    @usableFromInline var _steps: [(any ReducerProvider, A, inout S) -> Void] = []
    /// Copy the parts of the state those steps write, for undo.
    var restorers: [(inout S, S) -> Void] = []
}

/// Starts the work of an asynchronous reducer as an effect of the store; the work is told whether the effect was
/// cancelled.
typealias AsyncReductionSpawn =
    @MainActor (@escaping @MainActor (_ isCancelled: @escaping @Sendable () -> Bool) async -> Void) -> Void

/// The asynchronous reducers of one action type and state type, as functions that start them.
@MainActor
private final class AsyncReducerChain<A: Action, S> {
    typealias Start =
        @MainActor (A, S, @escaping @MainActor (((inout S) -> Void)?) -> Void, AsyncReductionSpawn) -> Void
    var starts: [Start] = []
}
