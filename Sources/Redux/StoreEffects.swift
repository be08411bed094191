import BrigadeCore
import BrigadeLocking
import BrigadeReactive

extension Store {
    /// Starts `effect` for a presenter or a feature: the work runs in its own task and what it sends is dispatched
    /// like the effects reducers return.
    ///
    /// ```swift
    /// // in a presenter that keeps `bag` for as long as its screen is shown
    /// store.run(.run(id: TasksLoad()) { send in
    ///     await send(TasksLoaded(tasks: try await api.tasks()))
    /// }).add(to: bag)  // the load ends with the screen
    /// ```
    ///
    /// - Returns: A subscription that cancels the work when it is disposed (from any thread) or when the
    ///   ``BrigadeReactive/SubscriptionReferenceBag`` it was added to goes away: work started for a screen ends with
    ///   the screen. Dropping the subscription without disposing it leaves the work running until it ends, it is
    ///   cancelled, or the store goes.
    @discardableResult
    public func run(_ effect: Effect) -> SubscriptionReference {
        guard runsEffects else {
            return SubscriptionReference(onDispose: {})
        }
        let records = effects.start(effect, startedBy: "Store.run", clock: effectClock, services: effectServices)
        let runner = effects
        return SubscriptionReference { [weak runner] in
            for record in records {
                record.cancel()
            }
            // Reported at once on the main thread (the test store's `expectCancelled` and the inspector see it before
            // `dispose()` returns); from another thread, as soon as the main actor runs.
            if MainThread.isCurrent {
                MainActor.assumeIsolated { runner?.reportCancellations(of: records) }
            } else {
                Task { @MainActor in runner?.reportCancellations(of: records) }
            }
        }
    }

    /// Cancels every running effect whose identity is `id`, as the effect ``Effect/cancel(id:)`` does: nothing they
    /// send afterwards is dispatched.
    public func cancelEffects(id: any Hashable & Sendable) {
        effects.cancel(EffectID(id))
    }

    /// Cancels every running effect.
    public func cancelAllEffects() {
        effects.cancelAll()
    }

    /// Whether an effect of identity `id` is running and not cancelled.
    public func isRunningEffect(id: any Hashable & Sendable) -> Bool {
        effects.isRunning(EffectID(id))
    }

    /// The number of effects whose work has not ended, cancelled ones included until their task returns.
    public var runningEffectCount: Int {
        effects.count
    }

    /// The effects whose work has not ended, oldest first.
    public var runningEffects: [EffectOrigin] {
        effects.runningOrigins
    }

    /// Returns once no effect is running: those running now, and those they start through the actions they send.
    /// A test awaits it instead of sleeping; cancelling the waiting task makes it return at once.
    public func effectsFinished() async {
        await effects.waitUntilIdle()
    }

    /// The effect of the action being dispatched, when an effect sent it; `nil` otherwise.
    public var currentEffect: EffectOrigin? {
        dispatchingEffect
    }

    /// Observes effects, for BrigadeTesting's `TestStore`.
    package var effectObserver: ((EffectEvent) -> Void)? {
        get { effects.observer }
        set { effects.observer = newValue }
    }

    /// Puts the state back to `state` and tells the subscribers as a dispatch would, for the inspector's time travel:
    /// queued behind the action being processed, like a dispatch. Running effects go on; what they dispatch later
    /// continues from `state`. The reduction observer is told with ``TimeTravel`` as the action type.
    package func travel(to state: State) {
        _enqueueOrRun(.apply({ $0 = state }, nil, of: TimeTravel.self))
    }

    func connectEffects() {
        effects.deliver = { [weak self] action, record in
            self?.dispatch(action, from: record.origin)
        }
        effects.reportFailure = { [weak self] origin, error in
            self?.report(.effectFailed(effect: origin.description, error: "\(error)"))
        }
    }

    /// Dispatches `action`, sent by the effect `origin`: processed like any dispatch, with `origin` as the
    /// ``currentEffect`` while its middleware and reducers run. The actions its reducers, middleware or subscribers
    /// dispatch in turn are theirs, not the effect's: they run after it, with no effect as their origin.
    func dispatch(_ action: any Action, from origin: EffectOrigin) {
        _enqueueOrRun(.action(action, nil, from: origin, at: nil))
    }

    /// Runs the middleware and reducers of `action` with `origin` as the effect being dispatched.
    @usableFromInline
    func _run(_ action: any Action, from origin: EffectOrigin, group: _CompletionGroup?) {
        let outer = dispatchingEffect
        dispatchingEffect = origin
        defer { dispatchingEffect = outer }
        _process(action, group: group)
    }

    /// Starts the effects the reducers of an action of type `A` returned.
    @usableFromInline
    func _startPendingEffects<A: Action>(of _: A.Type) {
        let pending = reducers._pendingEffects
        reducers._pendingEffects.removeAll()
        guard runsEffects else { return }
        let startedBy = String(describing: A.self)
        for effect in pending {
            effects.start(effect, startedBy: startedBy, clock: effectClock, services: effectServices)
        }
    }
}

/// The action type a store reports to its reduction observer when ``Store/travel(to:)`` put the state back.
package struct TimeTravel: Action {}
