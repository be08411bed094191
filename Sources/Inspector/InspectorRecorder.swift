import BrigadeCore
import BrigadeLocking
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
        /// An action and the state after it.
        case action(seq: Int, time: Double, action: any Action, origin: InspectorEvent.Origin, state: any Sendable)
        /// A travel to the state after `to`, or its failure.
        case travel(seq: Int, time: Double, to: Int, state: (any Sendable)?, error: String?)
        /// An event with nothing to encode.
        case ready(InspectorEvent)

        /// The state the event carries, if any: the base of the next diff.
        var state: (any Sendable)? {
            switch self {
            case .action(_, _, _, _, let state): return state
            case .travel(_, _, _, let state, _): return state
            case .ready: return nil
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

    private struct State {
        var nextSeq = 1
        /// The events handed over and not yet encoded, at most twice `ringSize`.
        var pending: [Raw] = []
        /// The state of the newest event dropped from `pending` unencoded: the base of the next event's diff.
        var droppedState: (any Sendable)?
        /// The newest events, at most `ringSize`.
        var ring: SeqRing<InspectorEvent>
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

    func setEncoding(_ encoding: Encoding) {
        state.withLock { $0.encoding = encoding }
    }

    /// Takes the next seq and hands over the event `make` makes with it, under one lock; returns the seq. The
    /// pending events are bounded: past twice `ringSize` unencoded events, the oldest `ringSize` are dropped (the
    /// ring would drop them anyway), the newest dropped state kept as the base of the next diff.
    @discardableResult
    func record(_ make: (Int) -> Raw) -> Int {
        state.withLock { state in
            let seq = state.nextSeq
            state.nextSeq += 1
            state.pending.append(make(seq))
            if state.pending.count > ringSize * 2 {
                let dropped = state.pending.count - ringSize
                if let base = state.pending[..<dropped].last(where: { $0.state != nil })?.state {
                    state.droppedState = base
                }
                state.pending.removeFirst(dropped)
            }
            return seq
        }
    }

    /// Makes an event now and hands it over, with the next seq.
    func record(_ make: (Int) -> InspectorEvent) {
        record { seq in .ready(make(seq)) }
    }

    /// The events kept, oldest first, once every event handed over before this call is encoded.
    func events() async -> [InspectorEvent] {
        await flush()
        return state.withLock { $0.ring.elements(after: 0) }
    }

    /// The events kept after `seq`, oldest first, encoding those handed over first; blocks the caller while it
    /// encodes (the connection's thread, never the main actor).
    func events(after seq: Int) -> [InspectorEvent] {
        queue.sync { drain() }
        return state.withLock { $0.ring.elements(after: seq) }
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
            let (batch, encoding, previous, dropped) = state.withLock {
                state -> ([Raw], Encoding?, InspectorValue?, (any Sendable)?) in
                // Swapped, not copied: the main actor goes on appending to an array of its own, of the same capacity.
                var batch: [Raw] = []
                batch.reserveCapacity(state.pending.count)
                swap(&batch, &state.pending)
                let dropped = state.droppedState
                state.droppedState = nil
                return (batch, state.encoding, state.lastState, dropped)
            }
            if batch.isEmpty {
                break
            }
            var last = previous
            if let dropped, let encoding {
                last = encoding.state(dropped).0
            }
            let events = batch.map { encode($0, encoding: encoding, last: &last) }
            state.withLock { state in
                state.lastState = last
                for event in events {
                    state.ring.append(event, seq: event.seq)
                }
            }
        }
    }

    private func encode(_ raw: Raw, encoding: Encoding?, last: inout InspectorValue?) -> InspectorEvent {
        switch raw {
        case .ready(let event):
            return event
        case .action(let seq, let time, let action, let origin, let state):
            var event = InspectorEvent(seq: seq, time: time, type: .action)
            event.action = encoding?.actionName(action) ?? String(describing: type(of: action))
            event.description = String(describing: action)
            if let encodable = action as? any Encodable {
                event.payload = try? InspectorValue(encoding: encodable)
            }
            event.origin = origin
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
