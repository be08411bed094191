import BrigadeLocking
import BrigadeRedux

/// The attached store's actions on their way to the recorder: its dispatches append them to the store's log without a
/// lock; they are numbered and handed over in batches (a full log, or sooner when anyone reads). An attached dispatch
/// pays an append and one atomic load instead of the recorder's lock and a boxed state.
///
/// Seqs still follow the order events were recorded in: while the log holds actions, any other event (a screen
/// change, an effect starting, a network call, a resolution) waits behind them and asks for them
/// (``InspectorRecorder/handOverWanted``, read before each append); every reader asks for them too (the
/// connection's thread, on its next round; the main actor's readers hand them over themselves, through
/// ``handOver(keepingLast:)``).
@MainActor
final class ActionBatch {
    let recorder: InspectorRecorder
    /// Takes the attached store's log: its actions as one batch, if any.
    var takeLog: ((_ keepingLast: Bool) -> (any InspectedActions)?)?
    /// The seqs of the actions each running effect dispatched, by effect serial: known once handed over.
    var followUps: [Int: [Int]] = [:]

    init(recorder: InspectorRecorder) {
        self.recorder = recorder
        recorder.setHandOver(
            schedule: { [weak self] in
                Task { @MainActor in self?.handOver() }
            },
            now: { [weak self] in
                MainActor.assumeIsolated { self?.handOver() }
            })
    }

    /// Hands the log's actions over to the recorder, numbered, then the events that waited behind them; the newest stays in the log when `keepingLast` (a full log: the notification round under way counts on
    /// it). Every main-actor reader of the recorder calls it first.
    func handOver(keepingLast: Bool = false) {
        if let actions = takeLog?(keepingLast) {
            handOver(actions, keepingLast: keepingLast)
        }
    }

    /// Hands `actions`, taken from the log, over to the recorder, as ``handOver(keepingLast:)``.
    func handOver(_ actions: any InspectedActions, keepingLast: Bool) {
        var batch = [InspectorRecorder.Raw(seq: 0, kind: .actions(actions))]
        let first = recorder.handOver(&batch)
        guard first > 0 else { return }
        if keepingLast {
            // The newest action stays in the log: events of other threads go on waiting behind it.
            _ = recorder.openBatch()
        }
        for (offset, serial) in actions.fromEffects {
            followUps[serial, default: []].append(first + offset)
        }
    }

    /// Records an event of the main actor: after the actions the store's log holds, numbered with them when they are
    /// handed over (the log is not taken now: a notification round under way still counts its subscribers on the
    /// last of them), or at once when the log holds none. `numbered` is told its seq then, on the main actor.
    func record(_ event: InspectorRecorder.Raw.Event, numbered: (@MainActor @Sendable (Int) -> Void)? = nil) {
        guard let numbered else {
            recorder.record(event)
            return
        }
        recorder.record(event) { seq in
            // Numbered on the main actor: at once, or by a hand-over, which runs there.
            if MainThread.isCurrent {
                MainActor.assumeIsolated { numbered(seq) }
            } else {
                Task { @MainActor in numbered(seq) }
            }
        }
    }

    /// Records `event` as ``record(_:numbered:)-(InspectorRecorder.Raw.Event,_)``.
    func record(_ event: InspectorEvent, numbered: (@MainActor @Sendable (Int) -> Void)? = nil) {
        record(.ready(event), numbered: numbered)
    }
}
