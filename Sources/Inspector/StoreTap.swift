import BrigadeCore
import BrigadeRedux

/// The inspector's hold on an attached store, whatever its state type: the states of the newest actions, for time
/// travel, and the store's current effect.
///
/// Not generic: a dispatch that keeps a state runs no unspecialized generic code (which would look up the state
/// type's metadata on every call); the state, already boxed for the recorder, is kept as it is.
@MainActor
final class StoreTap {
    private let capacity: Int
    private var seqs: [Int] = []
    private var states: [any Sendable] = []
    private var start = 0
    private let travelTo: @MainActor (any Sendable) -> Void
    private let effect: @MainActor () -> EffectOrigin?

    init<State: Sendable>(store: Store<State>, capacity: Int) {
        self.capacity = capacity
        travelTo = { [weak store] state in
            if let state = state as? State {
                store?.travel(to: state)
            }
        }
        effect = { [weak store] in store?.currentEffect }
    }

    /// Keeps `state`, the state after the action numbered `seq`, dropping the oldest kept when the ring is full.
    func keep(_ state: any Sendable, seq: Int) {
        if states.count < capacity {
            seqs.append(seq)
            states.append(state)
        } else {
            seqs[start] = seq
            states[start] = state
            start = (start + 1) % capacity
        }
    }

    /// Whether the state after `seq` is kept.
    func hasState(_ seq: Int) -> Bool {
        index(of: seq) != nil
    }

    /// The seqs of the states kept, or `nil` when none is.
    var seqRange: ClosedRange<Int>? {
        guard !seqs.isEmpty else { return nil }
        return seqs[start]...seqs[(start + seqs.count - 1) % seqs.count]
    }

    /// Puts the store back to the state after `seq`, if kept.
    func travel(to seq: Int) {
        if let index = index(of: seq) {
            travelTo(states[index])
        }
    }

    /// The effect whose action the store is dispatching, if any.
    var currentEffect: EffectOrigin? { effect() }

    /// The index of `seq` in the ring: the seqs are increasing from `start`, so a binary search finds it.
    private func index(of seq: Int) -> Int? {
        var low = 0
        var high = seqs.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let index = (start + middle) % seqs.count
            if seqs[index] == seq {
                return index
            } else if seqs[index] < seq {
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        return nil
    }
}
