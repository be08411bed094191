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
/// the ring's code is not generic (unspecialized generic code, a tuple of `State` in an array, cost more than the
/// dispatch itself).
@MainActor
final class TypedStoreTap<State: Sendable>: StoreTap {
    private weak var store: Store<State>?
    /// The store's effects, held strongly (they do not hold the store): the current effect is read on each dispatch,
    /// and reading it through the weak, generic store costs more than the dispatch itself.
    private let effects: EffectRunner
    private let capacity: Int
    private var states: [(seq: Int, state: any Sendable)] = []
    private var start = 0

    init(store: Store<State>, capacity: Int) {
        self.store = store
        effects = store.effectRunner
        self.capacity = capacity
        states.reserveCapacity(min(capacity, 1_024))
    }

    /// Keeps `state` (a `State`, boxed), the state after the action numbered `seq`.
    func keep(_ state: any Sendable, seq: Int) {
        if states.count < capacity {
            states.append((seq, state))
        } else {
            states[start] = (seq, state)
            start = (start + 1) % capacity
        }
    }

    func hasState(_ seq: Int) -> Bool {
        index(of: seq) != nil
    }

    var seqRange: ClosedRange<Int>? {
        guard !states.isEmpty else { return nil }
        let oldest = states[start].seq
        let newest = states[(start + states.count - 1) % states.count].seq
        return oldest...newest
    }

    func travel(to seq: Int) {
        guard let index = index(of: seq), let store, let state = states[index].state as? State else { return }
        store.travel(to: state)
    }

    var currentEffect: EffectOrigin? { effects.dispatching }

    /// The index of `seq` in the ring: the seqs are increasing from `start`, so a binary search finds it.
    private func index(of seq: Int) -> Int? {
        var low = 0
        var high = states.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let index = (start + middle) % states.count
            let found = states[index].seq
            if found == seq {
                return index
            } else if found < seq {
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        return nil
    }
}
