import BrigadeCore
import BrigadeRedux

/// What an attached store's dispatch pays, on the main actor: the action and the state after it (boxed by the store's
/// own code, which is specialized for the state) handed to the recorder, which keeps the state for time travel.
///
/// Nothing here is generic over the state, so a dispatch pays no generic metadata look-up; the store's observer holds
/// this object strongly (it does not hold the store), so it loads no weak reference either. The inspector keeps what
/// the hot path reads here: the screens, the effects' follow-ups, whether the app is travelling.
@MainActor
final class StoreRecording {
    let recorder: InspectorRecorder
    /// The store's effects, held strongly (they do not hold the store): the current effect is read on each dispatch.
    private let effects: EffectRunner
    /// Puts the store back to a state the recorder kept; `false` when the store is gone.
    private let restore: (any Sendable) -> Bool
    /// The screens, when a navigator is attached: an action dispatched by the app's code has the screen on top as its
    /// origin.
    var navigation: ScreenNamer?
    /// Whether this recording still records: a store attached later replaces it (time travel reaches one store).
    var isRecording = true
    /// Whether the app shows a past state: after a travel, until a resume or the next action.
    var isTravelling = false
    /// The seq of the travel under way, told to the store's observer.
    var travelling: Int?
    /// The seqs of the actions each running effect dispatched, by effect serial.
    var followUps: [Int: [Int]] = [:]

    init<State: Sendable>(store: Store<State>, recorder: InspectorRecorder) {
        self.recorder = recorder
        effects = store.effectRunner
        restore = { [weak store] state in
            guard let store, let state = state as? State else { return false }
            store.travel(to: state)
            return true
        }
    }

    /// Puts the store back to the state after `seq`; `false` when that state is not kept or the store is gone.
    func travel(to seq: Int) -> Bool {
        guard let state = recorder.state(after: seq) else { return false }
        travelling = seq
        defer { travelling = nil }
        return restore(state)
    }

    /// Records the store's first state, as the action `@initial`.
    func recordInitial(_ state: any Sendable) {
        recorder.record { seq in
            .action(seq: seq, time: wallClockNow(), action: InitialState(), origin: .app(screen: nil), state: state)
        }
    }

    /// The store's observer: records a reduction and the state after it.
    func record(_ reduction: Reduction, state: any Sendable) {
        guard isRecording else { return }
        switch reduction {
        case .action(let action):
            let origin: InspectorRecorder.Origin
            if let effect = effects.dispatching {
                origin = .effect(effect)
            } else if effects.replaying {
                origin = .replay
            } else {
                origin = .app(screen: navigation?.screenURL())
            }
            recordAction(action, state: state, origin: origin)
        case .asyncChange(let type):
            if type == TimeTravel.self, let to = travelling {
                recorder.record { seq in
                    .travel(seq: seq, time: wallClockNow(), to: to, state: state, error: nil)
                }
            } else {
                recordAction(AsyncChange(of: type), state: state, origin: .app(screen: navigation?.screenURL()))
            }
        }
    }

    private func recordAction(_ action: any Action, state: any Sendable, origin: InspectorRecorder.Origin) {
        if isTravelling {
            isTravelling = false
        }
        let seq = recorder.record { seq in
            .action(seq: seq, time: wallClockNow(), action: action, origin: origin, state: state)
        }
        if case .effect(let effect) = origin, seq > 0 {
            followUps[effect.serial, default: []].append(seq)
        }
    }
}
