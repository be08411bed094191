import BrigadeCore
import BrigadeReactive

// The hooks Brigade's own modules reach the store through: BrigadeTesting's `TestStore`, BrigadeInspector, and the
// store's middleware contexts and action logs.
extension Store {
    /// Told about every reduction, for BrigadeTesting's `TestStore`.
    package var reductionObserver: ((ReductionEvent<State>) -> Void)? {
        get { _reductionObserver }
        set { _reductionObserver = newValue }
    }

    /// Told about each change an asynchronous reducer applied, with the state after it, boxed, for the inspector.
    package var boxedReductionObserver: ((consuming Reduction, consuming any Sendable) -> Void)? {
        get { _boxedReductionObserver }
        set { _boxedReductionObserver = newValue }
    }

    /// Where an attached inspector's actions go.
    package var inspectionLog: _InspectionLog<State>? {
        get { _inspectionLog }
        set { _inspectionLog = newValue }
    }

    /// Where the store's observable views count the members they invalidate (``_invalidationCounter``).
    package nonisolated var invalidationCounter: InvalidationCounter { _invalidationCounter }

    /// The effect whose action is being dispatched, for the middleware context and the action log.
    var dispatchingEffect: EffectOrigin? {
        get { effects.dispatching }
        set { effects.dispatching = newValue }
    }

    /// The store's effects, for the inspector: its ``EffectRunner/dispatching`` is the current effect.
    package var effectRunner: EffectRunner { effects }
}
