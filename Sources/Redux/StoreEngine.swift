import BrigadeCore
import BrigadeReactive

// The store's engine: the queue, the notification rounds and the reductions behind `dispatch`, `transaction` and
// `dispatchAndWait` (Store.swift holds the public API).
extension Store {
    /// `appReducer` as the function the store calls.
    static func reduceFunction<R: AppReducer>(
        of appReducer: R
    ) -> (any ReducerProvider, any Action, State) -> State where R.ReducedState == State {
        { provider, action, state in
            appReducer.reduce(provider: provider, action: action, state: state)
        }
    }

    /// ``_current``, unless reducers are changing it in place: the read is then refused, reported, and gets the
    /// state the store was made with.
    @inlinable
    var _readableState: State {
        guard let action = _lentTo else { return _current }
        _refuseRead(during: action)
        return _initial
    }

    @usableFromInline
    func _refuseRead(during action: any Action.Type) {
        report(.stateReadDuringReduce(action: String(describing: action)))
    }

    /// Adds a key-path subscriber; `make` makes its group where `State` and `Selection` are known (see
    /// ``_SelectionGroup``).
    @usableFromInline
    func _subscribe<Selection: Equatable>(
        _ keyPath: KeyPath<State, Selection>,
        priority: Int?,
        initial: Bool,
        _ handler: @escaping (Selection) -> Void,
        make: () -> _SelectionGroup<State, Selection>
    ) -> SubscriptionReference {
        _subscribers.subscribe(keyPath, priority: priority, initial: initial, canShare: !_isDirty, handler, make: make)
    }

    /// Adds a selector subscriber whose selection is now `value`; `make` makes its column where `State` and
    /// `Selection` are known (see ``_SelectorColumn``).
    @usableFromInline
    func _subscribe<Selection: Equatable>(
        select selector: @escaping (State) -> Selection,
        value: Selection,
        priority: Int?,
        initial: Bool,
        _ handler: @escaping (Selection) -> Void,
        make: () -> _SelectorColumn<State, Selection>
    ) -> SubscriptionReference {
        _subscribers.subscribe(
            select: selector, value: value, priority: priority, initial: initial, handler, make: make)
    }

    @usableFromInline
    enum _Pending {
        /// An action, and the effect that sent it (`nil`: the app, a middleware or a subscriber).
        case action(any Action, _CompletionGroup?, from: EffectOrigin?, at: DispatchSite?)
        case apply((inout State) -> Void, _CompletionGroup?, of: any Action.Type)
    }

    @inlinable
    func _enqueueOrRun(_ pending: _Pending) {
        if _isProcessing {
            _queue.append(pending)
            return
        }
        _isProcessing = true
        _run(pending)
        _finishProcessing()
    }

    /// Ends processing: runs what was queued, tells the subscribers, and repeats until nothing is left.
    @inlinable
    func _finishProcessing() {
        if _queue.isEmpty, !_isDirty || _transactionDepth > 0 {
            _isProcessing = false
        } else {
            _settle()
        }
    }

    /// The notification loop: process the queue; unless a transaction is open, let the priority
    /// subscribers react (their dispatches are processed before anything else); then tell the ordinary subscribers
    /// once, with the settled state; dispatches they make start another round.
    @inlinable
    func _settle() {
        while true {
            _runQueue()
            if _transactionDepth > 0 || !_isDirty {
                break
            }
            if _subscribers._hasPriority {
                _noteTold(_subscribers._notifyPriority(_current))
                if !_queue.isEmpty {
                    continue
                }
            }
            // One copy of the state for the round: the publisher and the subscribers borrow it.
            let current = _current
            // Still dirty while the property and the state observers are told: a subscriber they make joins no group
            // the round has not refreshed yet, so its first call carries the state now (see `subscribe`).
            let observersTold = _commit(current)
            _isDirty = false
            let told = _subscribers._notifyOrdinary(current)
            if let _inspectionLog {
                // The views (observers of the states) counted what they invalidated, while the log is attached.
                let invalidated = observersTold > 0 ? _invalidationCounter._take() : 0
                _inspectionLog._roundEnded(notified: observersTold + told, invalidated: invalidated)
            }
            if _queue.isEmpty {
                break
            }
        }
        _isProcessing = false
    }

    /// Adds `told` subscribers to the count of the action the inspector's log got last, if a log is attached: the
    /// subscribers a notification round told are counted on the round's last action.
    @inlinable
    func _noteTold(_ told: Int) {
        if let _inspectionLog {
            _inspectionLog._roundEnded(notified: told, invalidated: 0)
        }
    }

    @inlinable
    func _runQueue() {
        if !_queue.isEmpty {
            _runNonEmptyQueue()
        }
    }

    @inlinable
    func _runNonEmptyQueue() {
        while _queueHead < _queue.count {
            let next = _queue[_queueHead]
            _queueHead += 1
            _run(next)
        }
        _queue.removeAll(keepingCapacity: _queue.count <= 64)
        _queueHead = 0
    }

    @inlinable
    func _run(_ pending: _Pending) {
        switch pending {
        case .action(let action, let group, let origin, let site):
            if let origin {
                _run(action, from: origin, group: group)
            } else {
                _process(action, group: group, site: site)
            }
            group?._leave()
        case .apply(let change, let group, let actionType):
            if _reducesInPlace {
                _lend(to: actionType) { change(&$0) }
            } else {
                var next = _current
                change(&next)
                _current = next
            }
            _isDirty = true
            _reductionObserver?(.asyncChange(of: actionType, _current))
            _boxedReductionObserver?(.asyncChange(of: actionType), _current)
            group?._leave()
        }
    }

    /// Runs `action` through the middleware, if any, and the reducers.
    @inlinable
    func _process(_ action: any Action, group: _CompletionGroup?, site: DispatchSite? = nil) {
        guard !_middleware.isEmpty else {
            _reduce(action, group: group, site: site)
            return
        }
        let chain = _middlewareChain ?? _composeMiddleware()
        // The chain's end reduces with the group and the call site of the dispatch whose action is in the chain:
        // `next` is called before the middleware returns (an action passed later is not tied to its dispatch).
        let outer = (_middlewareGroup, _middlewareSite)
        (_middlewareGroup, _middlewareSite) = (group, site)
        chain(action)
        (_middlewareGroup, _middlewareSite) = outer
    }

    /// Composes the middleware into ``_middlewareChain``, once per change of the list (``add(middleware:)`` forgets
    /// the chain), as ReSwift does in its `init`: a dispatch then calls the composed functions instead of making a
    /// `next` per middleware. Composed by the dispatch that needs it, in code specialized for the state: the chain's
    /// end then reduces specialized too, where code made for any state would look up the type of the store's fields
    /// on each access.
    @inlinable
    func _composeMiddleware() -> Middleware<State>.Next {
        var next: Middleware<State>.Next = { [weak self] action in
            guard let self else { return }
            _reduce(action, group: _middlewareGroup, site: _middlewareSite)
        }
        for middleware in _middleware.reversed() {
            let handle = middleware._handle
            let following = next
            next = { [weak self] action in
                guard let self else { return }
                handle(_middlewareContext, action, following)
            }
        }
        _middlewareChain = next
        return next
    }

    /// The context every middleware gets, made once per store.
    @usableFromInline
    var _middlewareContext: MiddlewareContext<State> {
        if let link {
            return MiddlewareContext(link: link)
        }
        let made = StoreLink(self, state: _readableState)
        link = made
        return MiddlewareContext(link: made)
    }

    @inlinable
    func _reduce<A: Action>(_ action: A, group: _CompletionGroup?, site: DispatchSite? = nil) {
        let started = _inspectionLog == nil ? 0 : _wallClockNanoseconds()
        if A.self == HistoryAction.Undo.self || A.self == HistoryAction.Redo.self {
            _travel(undo: A.self == HistoryAction.Undo.self)
            _reductionObserver?(.action(action, _current))
            _logForInspector(action, site: site, started: started)
            return
        }
        let chain = reducers._chain(A.self, State.self) as? _ReducerChain<A, State>
        if let chain {
            if _reducesInPlace, !chain._isUndoable {
                _lend(to: A.self) { chain._run(reducers, action, &$0) }
            } else {
                // A copy: undo keeps the state before, and code the reducers call may read it.
                var next = _current
                chain._run(reducers, action, &next)
                if chain._isUndoable {
                    // An app reducer may write anything: its action is undone by restoring the whole state.
                    history._record(
                        _current,
                        restoring: _appReducer == nil
                            ? reducers._restorer(for: A.self, State.self) : { target, source in target = source })
                }
                _current = next
            }
            _isDirty = true
        }
        if let _appReducer {
            if chain == nil, A.self is any UndoableAction.Type {
                history._record(_current) { target, source in target = source }
            }
            _current = _appReducer(reducers, action, _current)
            _isDirty = true
        } else if chain == nil, !_diagnosticHandlers.isEmpty {
            _reportUnhandled(A.self)
        }
        if reducers._hasAsyncReducers {
            _startAsyncReducers(action, group: group)
        }
        if !reducers._pendingEffects.isEmpty {
            _startPendingEffects(of: A.self)
        }
        if let _reductionObserver {
            _reductionObserver(.action(action, _current))
        }
        _logForInspector(action, site: site, started: started)
    }

    /// Adds `action`'s reduction to the inspector's log, if any, with its dispatch site and when its reducers
    /// started.
    @inlinable
    func _logForInspector(_ action: any Action, site: DispatchSite?, started: Int64) {
        if let _inspectionLog {
            _inspectionLog._append(action, state: _current, site: site, started: started)
        }
    }

    /// Runs `change` on the store's state in place; reads of the state meanwhile are refused (``_readableState``).
    @inlinable
    func _lend(to action: any Action.Type, _ change: (inout State) -> Void) {
        assert(_lentTo == nil, "the state was lent twice: reductions never nest")
        _lentTo = action
        change(&_current)
        _lentTo = nil
    }

    @usableFromInline
    func _travel(undo: Bool) {
        let restored = undo ? history._undo(from: _current) : history._redo(from: _current)
        if let restored {
            _current = restored
            _isDirty = true
        } else if !_diagnosticHandlers.isEmpty {
            report(undo ? .nothingToUndo : .nothingToRedo)
        }
    }

    @usableFromInline
    func _startAsyncReducers<A: Action>(_ action: A, group: _CompletionGroup?) {
        // One table lookup spares the closures below to the actions that have no asynchronous reducer.
        guard reducers.hasAsyncReducer(A.self, State.self) else { return }
        let started = reducers.startAsyncReducers(
            action, _current,
            apply: { [weak self] change in
                guard let self, let change else {
                    group?._leave()
                    return
                }
                _enqueueOrRun(.apply(change, group, of: A.self))
            },
            spawn: { [weak self] work in
                guard let self else { return }
                effects.startAsyncReduction(startedBy: String(describing: A.self), work)
            })
        if started > 0 {
            group?.enter(started)
        }
    }

    /// Tells the observers of ``observeStates(_:)`` about `current`, and publishes it to ``state`` when that was made,
    /// unless the state is `Equatable` and equal to the one published last.
    /// - Returns: How many observers of ``observeStates(_:)`` were told.
    @inlinable
    func _commit(_ current: State) -> Int {
        if let _statePublisher, _isNewToPublish(current) {
            _statePublisher.value = current
        }
        return _subscribers._hasStateObservers ? _subscribers._notifyStateObservers(current) : 0
    }

    /// Whether ``state`` is to publish `current`: always, unless the state is `Equatable` and `current` equal to the
    /// state published last; `current` is then kept as the one published last.
    @inlinable
    func _isNewToPublish(_ current: State) -> Bool {
        guard let _stateEquality else { return true }
        // Taken out, not copied, to be compared: put back when equal, replaced otherwise.
        let published = _published.take()
        if let published, _stateEquality(published, current) {
            _published = published
            return false
        }
        _published = current
        return true
    }
}

/// A reduction a ``Store`` made, with the state after it; BrigadeTesting's `TestStore` records them.
package typealias ReductionEvent<State> = _ReductionEvent<State>

/// A reduction a ``Store`` made, with the state after it.
@usableFromInline
package enum _ReductionEvent<State> {
    /// An action's reducers ran (or an undo or redo was applied).
    case action(any Action, State)
    /// An asynchronous reducer of an action of this type applied its change.
    case asyncChange(of: any Action.Type, State)
}

/// A reduction a ``Store`` made, without its state, for the inspector's observer.
package typealias Reduction = _Reduction

/// A reduction a ``Store`` made, without its state.
@usableFromInline
package enum _Reduction {
    /// An asynchronous reducer of an action of this type applied its change (or the inspector travelled).
    case asyncChange(of: any Action.Type)
}

/// Counts the work an awaited dispatch still waits for, and resumes the waiter when none is left.
@MainActor
@usableFromInline
final class _CompletionGroup {
    private var pending = 1
    private var waiter: CheckedContinuation<Void, Never>?

    func enter(_ count: Int) {
        pending += count
    }

    @usableFromInline
    func _leave() {
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
