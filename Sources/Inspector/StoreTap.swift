import BrigadeCore
import BrigadeRedux

/// The inspector's hold on an attached store, whatever its state type: the states of the newest actions, for time
/// travel, and the store's current effect.
@MainActor
protocol StoreTap: AnyObject {
    /// Whether the state after `seq` is kept.
    func hasState(_ seq: Int) -> Bool
    /// The seqs of the states kept, or `nil` when none is.
    var seqRange: ClosedRange<Int>? { get }
    /// Puts the store back to the state after `seq`, which ``hasState(_:)`` said is kept.
    func travel(to seq: Int)
    /// The effect whose action the store is dispatching, if any.
    var currentEffect: EffectOrigin? { get }
}

/// A ``StoreTap`` of a `Store<State>`: a ring of the newest states, by seq.
///
/// The states are kept boxed, as `any Sendable`, the same box the recorder is handed: one allocation per action, and
/// the ring's code does not depend on `State` (unspecialized code over `State`, a tuple of `State` in an array, cost
/// more than the dispatch itself).
@MainActor
final class TypedStoreTap<State: Sendable>: StoreTap {
    private weak var store: Store<State>?
    /// The store's effects, held strongly (they do not hold the store): the current effect is read on each dispatch,
    /// and reading it through the weak, generic store costs more than the dispatch itself.
    private let effects: EffectRunner
    private var states: SeqRing<any Sendable>

    init(store: Store<State>, capacity: Int) {
        self.store = store
        effects = store.effectRunner
        states = SeqRing(capacity: capacity)
    }

    /// Keeps `state` (a `State`, boxed), the state after the action numbered `seq`.
    func keep(_ state: any Sendable, seq: Int) {
        states.append(state, seq: seq)
    }

    func hasState(_ seq: Int) -> Bool {
        states.element(at: seq) != nil
    }

    var seqRange: ClosedRange<Int>? { states.seqRange }

    func travel(to seq: Int) {
        guard let store, let state = states.element(at: seq) as? State else { return }
        store.travel(to: state)
    }

    var currentEffect: EffectOrigin? { effects.dispatching }
}
