import BrigadeCore
import BrigadeLocking
import BrigadeRedux
import Dispatch
import Foundation

/// The inspector's events, made off the main actor: the main actor hands over raw events (an action and the state it
/// made, as values), and a serial queue encodes them to JSON, computes the state diffs and keeps the newest
/// ``ringSize`` events for the connection and the session. Thread-safe.
///
/// The encoding is lazy: it runs when someone reads (the connection to the tool, at most every 50 ms while it is up;
/// ``events()``; ``flush()``), never on the main actor and never while nobody reads, so an app with the inspector
/// attached and no tool pays only the hand-over.
final class InspectorRecorder: Sendable {
    /// An event as the main actor hands it over: values only, encoded later on the queue.
    enum Raw: Sendable {
        /// An action and the state after it; dispatched at `site`, its reducers took `reduced` seconds.
        case action(
            seq: Int, time: Double, action: any Action, origin: Origin, state: any Sendable, site: DispatchSite?,
            reduced: Float)
        /// A travel to the state after `to`, or its failure.
        case travel(seq: Int, time: Double, to: Int, state: (any Sendable)?, error: String?)
        /// An event with nothing to encode (indirect: an event is some 300 bytes, and the common case, an action,
        /// about 120; inline, it would make every slot of the pending arrays as large).
        indirect case ready(InspectorEvent)

        /// The event's seq.
        var seq: Int {
            switch self {
            case .action(let seq, _, _, _, _, _, _): return seq
            case .travel(let seq, _, _, _, _): return seq
            case .ready(let event): return event.seq
            }
        }

        /// The state after the action, kept for time travel: `nil` but for an action.
        var actionState: (any Sendable)? {
            if case .action(_, _, _, _, let state, _, _) = self {
                return state
            }
            return nil
        }

        /// The state the event carries, if any: the base of the next diff.
        var state: (any Sendable)? {
            switch self {
            case .action(_, _, _, _, let state, _, _): return state
            case .travel(_, _, _, let state, _): return state
            case .ready: return nil
            }
        }
    }

    /// Who dispatched an action, as the main actor hands it over; its text is made when the event is encoded.
    enum Origin: Sendable {
        /// The app's code, with the URL of the screen on top (`screen`), if any.
        case app(screen: String?)
        /// An effect (indirect: a rare case kept out of every event's inline size).
        indirect case effect(EffectOrigin)
        /// An action log's replay, or the tool's skip.
        case replay
        /// The tool (its page dispatched the action, or imported the state).
        case tool

        /// The origin as the page shows it: `screen` with its URL, `app` (no screen shown), `effect` or `replay`.
        var event: InspectorEvent.Origin {
            switch self {
            case .app(let screen?): return InspectorEvent.Origin(kind: "screen", name: screen)
            case .app(nil): return InspectorEvent.Origin(kind: "app")
            case .effect(let effect): return InspectorEvent.Origin(kind: "effect", name: effect.description)
            case .replay: return InspectorEvent.Origin(kind: "replay")
            case .tool: return InspectorEvent.Origin(kind: "tool")
            }
        }
    }

    /// How the attached store's state and actions become JSON: set once, when the store is attached.
    struct Encoding: Sendable {
        /// The state as JSON (`nil` when it is not `Codable`) and as text.
        let state: @Sendable (any Sendable) -> (InspectorValue?, String)
        /// An action's type name.
        let actionName: @Sendable (any Action) -> String
    }

    /// An encoded event and, for an action, the state after it as the store handed it over, for time travel.
    private struct Kept {
        var event: InspectorEvent
        var state: (any Sendable)?
    }

    private struct State {
        var nextSeq = 1
        /// Whether the inspector is gone: nothing more is recorded.
        var isClosed = false
        /// Whether nothing more is recorded, what was recorded kept until ``close()`` (for a last send to the tool).
        var isStopped = false
        /// The events handed over and not yet encoded, at most twice `ringSize`.
        var pending: [Raw] = []
        /// The events being encoded, out of `pending` and not yet in `ring`: their states can still be travelled to.
        var encodingBatch: [Raw] = []
        /// An empty array with the capacity of an earlier `pending`, swapped in when the queue takes `pending`: the
        /// main actor then appends to memory already in use instead of fresh pages.
        var spare: [Raw] = []
        /// The state of the newest event dropped from `pending` unencoded: the base of the next event's diff.
        var droppedState: (any Sendable)?
        /// The newest events, at most `ringSize`, with the states of the actions among them.
        var ring: SeqRing<Kept>
        var encoding: Encoding?
        /// The JSON of the state of the last action encoded, for the next diff.
        var lastState: InspectorValue?
    }

    /// How many events are kept.
    let ringSize: Int
    private let state: Locked<State>
    private let queue = DispatchQueue(label: "brigade.inspector.encoding")

    init(ringSize: Int) {
        self.ringSize = max(1, ringSize)
        state = Locked(State(ring: SeqRing(capacity: self.ringSize)))
    }

    /// The seq of the newest event recorded; 0 before any.
    var lastSeq: Int {
        state.withLock { $0.nextSeq - 1 }
    }

    func setEncoding(_ encoding: Encoding) {
        state.withLock { $0.encoding = encoding }
    }

    /// Takes the next seq and hands over the event `make` makes with it, under one lock; returns the seq, or 0 once
    /// the recorder is closed (nothing is recorded then). The pending events are bounded: past twice `ringSize`
    /// unencoded events, the oldest `ringSize` are dropped (the ring would drop them anyway), the newest dropped state
    /// kept as the base of the next diff.
    @discardableResult
    func record(_ make: (Int) -> Raw) -> Int {
        state.withLock { state in
            guard !state.isClosed, !state.isStopped else { return 0 }
            let seq = state.nextSeq
            state.nextSeq += 1
            state.pending.append(make(seq))
            dropUnencodedOverflow(&state)
            return seq
        }
    }

    /// Stops recording, keeping what was recorded until ``close()``: the connection's last round sends it.
    func stopRecording() {
        state.withLock { $0.isStopped = true }
    }

    /// Stops recording and releases the events and states kept. The inspector calls it when it is released: the
    /// store's observer, which holds the recorder, outlives it, and then costs a dispatch the origin of its action and
    /// this lock.
    func close() {
        var released: ([Raw], [Raw], SeqRing<Kept>) = ([], [], SeqRing(capacity: 1))
        state.withLock { state in
            state.isClosed = true
            swap(&released.0, &state.pending)
            swap(&released.1, &state.spare)
            swap(&released.2, &state.ring)
            state.droppedState = nil
            state.lastState = nil
        }
        // The events and the states they hold are released here, after the lock.
        withExtendedLifetime(released) {}
    }

    /// The state after the action numbered `seq`, when it is kept: the action is among the newest ``ringSize``
    /// events (handed over and not yet encoded, or in the ring).
    func state(after seq: Int) -> (any Sendable)? {
        state.withLock { state in
            guard seq >= state.nextSeq - ringSize else { return nil }
            if let raw = Self.find(seq, in: state.pending) ?? Self.find(seq, in: state.encodingBatch) {
                return raw.actionState
            }
            return state.ring.element(at: seq)?.state
        }
    }

    /// Records that a travel to `seq` was refused, and returns the seqs of the oldest and the newest action whose
    /// state is kept once that refusal is an event of its own (`nil` when none is), in one locked section: the range
    /// named is the one a travel can reach right after.
    func refuseTravel(to seq: Int) -> ClosedRange<Int>? {
        state.withLock { state -> ClosedRange<Int>? in
            guard !state.isClosed, !state.isStopped else { return nil }
            let made = state.nextSeq
            state.nextSeq += 1
            let range = keptStates(in: state)
            let error = InspectorError.noSuchState(seq: seq, oldest: range?.lowerBound, newest: range?.upperBound)
            let event = Raw.travel(seq: made, time: _wallClockNow(), to: seq, state: nil, error: error.description)
            state.pending.append(event)
            dropUnencodedOverflow(&state)
            return range
        }
    }

    /// The seqs of the oldest and the newest action among the newest ``ringSize`` events whose state is kept.
    private func keptStates(in state: State) -> ClosedRange<Int>? {
        let bound = state.nextSeq - ringSize
        let oldest =
            state.ring.firstSeq { $0.state != nil && $0.event.seq >= bound }
            ?? state.encodingBatch.first { $0.actionState != nil && $0.seq >= bound }?.seq
            ?? state.pending.first { $0.actionState != nil && $0.seq >= bound }?.seq
        let newest =
            state.pending.last { $0.actionState != nil }?.seq
            ?? state.encodingBatch.last { $0.actionState != nil }?.seq ?? state.ring.lastSeq { $0.state != nil }
        guard let oldest, let newest, newest >= bound else { return nil }
        return oldest...newest
    }

    /// The event numbered `seq` in `events`, which are in increasing seq order.
    private static func find(_ seq: Int, in events: [Raw]) -> Raw? {
        var low = 0
        var high = events.count
        while low < high {
            let middle = (low + high) / 2
            if events[middle].seq < seq {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low < events.count && events[low].seq == seq ? events[low] : nil
    }

    /// Past twice `ringSize` unencoded events, drops the oldest `ringSize` (the ring would drop them anyway), keeping
    /// the newest dropped state as the base of the next diff.
    private func dropUnencodedOverflow(_ state: inout State) {
        guard state.pending.count > ringSize * 2 else { return }
        let dropped = state.pending.count - ringSize
        if let base = state.pending[..<dropped].last(where: { $0.state != nil })?.state {
            state.droppedState = base
        }
        state.pending.removeFirst(dropped)
    }

    /// Makes an event now and hands it over, with the next seq.
    func record(_ make: (Int) -> InspectorEvent) {
        record { seq in .ready(make(seq)) }
    }

    /// The events kept, oldest first, once every event handed over before this call is encoded.
    func events() async -> [InspectorEvent] {
        await flush()
        return state.withLock { $0.ring.elements(after: 0).map(\.event) }
    }

    /// The events kept after `seq`, oldest first, encoding those handed over first; blocks the caller while it
    /// encodes (the connection's thread, never the main actor).
    func events(after seq: Int) -> [InspectorEvent] {
        queue.sync { drain() }
        return state.withLock { $0.ring.elements(after: seq).map(\.event) }
    }

    /// Waits until every event handed over before this call is encoded.
    func flush() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async { [self] in
                drain()
                continuation.resume()
            }
        }
    }

    /// Encodes the pending events into the ring; on the queue.
    private func drain() {
        while true {
            let taken = state.withLock { state -> ([Raw], Encoding?, InspectorValue?, (any Sendable)?)? in
                guard !state.pending.isEmpty else { return nil }
                // Swapped, not copied: the main actor goes on appending to the spare array, emptied by an earlier
                // drain.
                var batch: [Raw] = []
                swap(&batch, &state.spare)
                swap(&batch, &state.pending)
                state.encodingBatch = batch
                let dropped = state.droppedState
                state.droppedState = nil
                return (batch, state.encoding, state.lastState, dropped)
            }
            guard let (taken, encoding, previous, dropped) = taken else { break }
            var batch = taken
            var last = previous
            if let dropped, let encoding {
                last = encoding.state(dropped).0
            }
            let kept = batch.map { Kept(event: encode($0, encoding: encoding, last: &last), state: $0.actionState) }
            var pushedOut: [Kept] = []
            pushedOut.reserveCapacity(kept.count)
            state.withLock { state in
                state.encodingBatch = []
                guard !state.isClosed else { return }
                state.lastState = last
                for entry in kept {
                    if let old = state.ring.append(entry, seq: entry.event.seq) {
                        pushedOut.append(old)
                    }
                }
            }
            // The events the ring dropped, and the states only they held, are released here, after the lock: a
            // dispatch waiting for the lock does not wait for them. The emptied array is the next spare.
            pushedOut.removeAll()
            batch.removeAll(keepingCapacity: true)
            state.withLock { state in
                if !state.isClosed, state.spare.capacity < batch.capacity {
                    swap(&state.spare, &batch)
                }
            }
        }
    }

    private func encode(_ raw: Raw, encoding: Encoding?, last: inout InspectorValue?) -> InspectorEvent {
        switch raw {
        case .ready(let event):
            return event
        case .action(let seq, let time, let action, let origin, let state, let site, let reduced):
            var event = InspectorEvent(seq: seq, time: time, type: .action)
            event.callSite = site?.description
            if !(action is InitialState) {
                event.cost = InspectorEvent.Cost(reducerMicroseconds: (Double(reduced) * 1e7).rounded() / 10)
            }
            event.action = encoding?.actionName(action) ?? String(describing: type(of: action))
            event.description = redactedDescription(of: action)
            if let encodable = action as? any Encodable {
                event.payload = try? InspectorValue(encoding: encodable)
            }
            event.origin = origin.event
            let (json, text) = encoding?.state(state) ?? (nil, String(describing: state))
            event.state = json
            event.stateDescription = text
            if let json {
                event.diff = last.map { json.changes(from: $0) } ?? []
                last = json
            }
            return event
        case .travel(let seq, let time, let to, let state, let error):
            var event = InspectorEvent(seq: seq, time: time, type: .travel)
            event.to = to
            event.error = error
            if let state {
                let (json, text) = encoding?.state(state) ?? (nil, String(describing: state))
                event.state = json
                event.stateDescription = text
                if let json {
                    last = json
                }
            }
            return event
        }
    }
}
