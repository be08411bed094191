import BrigadeCore
import BrigadeLocking
import Dispatch
import Foundation

/// The inspector's events, made off the main actor: the main actor hands over raw events (an action and the state it
/// made, as values), and a serial queue encodes them to JSON, computes the state diffs and keeps the newest
/// ``ringSize`` events for the connection and the session. Thread-safe.
final class InspectorRecorder: Sendable {
    /// An event as the main actor hands it over: values only, encoded later on the queue.
    enum Raw: Sendable {
        /// An action and the state after it.
        case action(seq: Int, time: Double, action: any Action, origin: InspectorEvent.Origin, state: any Sendable)
        /// A travel to the state after `to`, or its failure.
        case travel(seq: Int, time: Double, to: Int, state: (any Sendable)?, error: String?)
        /// An event with nothing to encode.
        case ready(InspectorEvent)
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
        var pending: [Raw] = []
        var isDraining = false
        /// The newest events, oldest first, at most `ringSize`.
        var ring: [InspectorEvent] = []
        var ringStart = 0
        var encoding: Encoding?
        /// The JSON of the state of the last action encoded, for the next diff.
        var lastState: InspectorValue?
        var onEncoded: [@Sendable () -> Void] = []
    }

    /// How many events are kept.
    let ringSize: Int
    private let state = Locked(State())
    private let queue = DispatchQueue(label: "brigade.inspector.encoding")

    init(ringSize: Int) {
        self.ringSize = max(1, ringSize)
    }

    func setEncoding(_ encoding: Encoding) {
        state.withLock { $0.encoding = encoding }
    }

    /// Calls `body` on the encoding queue after each batch of events is encoded.
    func onEncoded(_ body: @escaping @Sendable () -> Void) {
        state.withLock { $0.onEncoded.append(body) }
    }

    /// The next seq, taken by the caller for an event it hands over.
    func takeSeq() -> Int {
        state.withLock { state in
            defer { state.nextSeq += 1 }
            return state.nextSeq
        }
    }

    /// Hands `raw` over to be encoded; cheap on the caller's thread (a lock and an append), the encoding is the
    /// queue's. The pending events are bounded too: the queue encodes only the newest `ringSize` of what is pending
    /// (the ring would drop the others at once), and past `4 × ringSize` pending events the oldest are dropped here.
    func record(_ raw: Raw) {
        append { _ in raw }
    }

    /// Appends what `make` returns to the pending events under the lock, and starts the encoding queue when it was
    /// idle.
    private func append(_ make: (inout State) -> Raw) {
        let startsDrain = state.withLock { state -> Bool in
            state.pending.append(make(&state))
            // The queue drops what it cannot show (below); only a queue that never runs makes this trim.
            if state.pending.count > ringSize * 4 {
                state.pending.removeFirst(state.pending.count - ringSize)
            }
            guard !state.isDraining else { return false }
            state.isDraining = true
            return true
        }
        if startsDrain {
            queue.async { [self] in drain() }
        }
    }

    /// Hands over an action and the state after it, numbered with the next seq, in one lock; returns the seq.
    func record(action: any Action, origin: InspectorEvent.Origin, state value: any Sendable, time: Double) -> Int {
        var seq = 0
        append { state in
            seq = state.nextSeq
            state.nextSeq += 1
            return .action(seq: seq, time: time, action: action, origin: origin, state: value)
        }
        return seq
    }

    /// Makes an event now and hands it over, with the next seq.
    func record(_ make: (Int) -> InspectorEvent) {
        record(.ready(make(takeSeq())))
    }

    /// The events kept, oldest first, once every event handed over before this call is encoded.
    func events() async -> [InspectorEvent] {
        await flush()
        return snapshot()
    }

    /// The events kept now, oldest first (those still being encoded are not among them).
    func snapshot() -> [InspectorEvent] {
        state.withLock { state in Array(state.ring[state.ringStart...] + state.ring[..<state.ringStart]) }
    }

    /// Waits until every event handed over before this call is encoded.
    func flush() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async { continuation.resume() }
        }
    }

    private func drain() {
        while true {
            let (batch, encoding, previous) = state.withLock { state -> ([Raw], Encoding?, InspectorValue?) in
                // Swapped, not copied: the main actor goes on appending to an array of its own.
                var batch: [Raw] = []
                swap(&batch, &state.pending)
                if batch.isEmpty {
                    state.isDraining = false
                }
                return (batch, state.encoding, state.lastState)
            }
            if batch.isEmpty {
                break
            }
            // A batch larger than the ring: its oldest events would leave the ring at once, so they are not encoded
            // (the main actor dispatched faster than they can be encoded; the timeline keeps the newest).
            var last = previous
            let events = batch.suffix(ringSize).map { encode($0, encoding: encoding, last: &last) }
            let observers = state.withLock { state -> [@Sendable () -> Void] in
                state.lastState = last
                for event in events {
                    if state.ring.count < ringSize {
                        state.ring.append(event)
                    } else {
                        state.ring[state.ringStart] = event
                        state.ringStart = (state.ringStart + 1) % ringSize
                    }
                }
                return state.onEncoded
            }
            for observer in observers {
                observer()
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
