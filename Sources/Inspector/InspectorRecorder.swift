import BrigadeCore
import BrigadeLocking
import BrigadeRedux
import Dispatch
import Foundation

/// The inspector's events, made off the main actor: the store's log hands over batches of actions in the store's types
/// (``ActionBatch``), other events come one by one, as values, and a serial queue encodes them to JSON, computes the state diffs and keeps the newest
/// ``ringSize`` events for the connection and the session. Thread-safe.
///
/// The encoding is lazy: it runs when someone reads (the connection to the tool, at most every 50 ms while it is up;
/// ``events()``; ``flush()``), never on the main actor and never while nobody reads, so an app with the inspector
/// attached and no tool pays only the hand-over.
final class InspectorRecorder: Sendable {
    /// Who dispatched an action, as the main actor hands it over; its text is made when the event is encoded.
    typealias Origin = InspectionOrigin

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
        /// The events handed over and not yet encoded, at most about twice `ringSize`.
        var pending = RawChunks()
        /// The events being encoded, out of `pending` and not yet in `ring`: their states can still be travelled to.
        var encodingBatch = RawChunks()
        /// The state of the newest event dropped from `pending` unencoded: the base of the next event's diff.
        var droppedState: (any Sendable)?
        /// The newest events, at most `ringSize`, with the states of the actions among them.
        var ring: SeqRing<Kept>
        var encoding: Encoding?
        /// The JSON of the state of the last action encoded, for the next diff.
        var lastState: InspectorValue?
        /// Whether the store's log holds actions not handed over yet: any other event waits behind
        /// them (in `deferred`), so that seqs follow the order in which events were recorded.
        var isBatchOpen = false
        /// Events recorded while the log was open, numbered after its actions when they are handed over.
        var deferred: [Raw] = []
        /// What to tell each deferred event's recorder when it is numbered, by its index in `deferred`.
        var whenNumbered: [(index: Int, told: @Sendable (Int) -> Void)] = []
        /// Whether the log's hand-over was asked of the main actor and has not happened yet.
        var isHandOverScheduled = false
        /// Asks the main actor to hand the log over, soon; set by the ``ActionBatch``.
        var scheduleHandOver: (@Sendable () -> Void)?
        /// Hands the log over now; called on the main thread only (at exit).
        var handOverOnMainThread: (@Sendable () -> Void)?
    }

    /// How many events are kept.
    let ringSize: Int
    private let state: Locked<State>
    private let queue = DispatchQueue(label: "brigade.inspector.encoding")
    /// Whether an event was recorded while the store's log was open: the log is handed over before its next action
    /// (one atomic load per action instead of a lock).
    let handOverWanted = AtomicCount.make()

    init(ringSize: Int) {
        self.ringSize = max(1, ringSize)
        state = Locked(State(ring: SeqRing(capacity: self.ringSize)))
    }

    /// The seq of the newest event numbered; 0 before any. Actions in the store's log are numbered when they are
    /// handed over.
    var lastSeq: Int {
        state.withLock { $0.nextSeq - 1 }
    }

    func setEncoding(_ encoding: Encoding) {
        state.withLock { $0.encoding = encoding }
    }

    /// Numbers the event and hands it over, under one lock; returns its seq, or 0 when it waits behind the
    /// store's open log (it is numbered after the log's actions) or the recorder is closed (nothing is recorded then). The
    /// pending events are bounded: past twice `ringSize` unencoded events, the oldest `ringSize` are dropped (the ring
    /// would drop them anyway), the newest dropped state kept as the base of the next diff.
    ///
    /// `numbered`, if given, is told the event's seq once it has one: at once, or when it is handed over behind the
    /// log (on the main actor then).
    @discardableResult
    func record(_ event: Raw.Event, numbered: (@Sendable (Int) -> Void)? = nil) -> Int {
        var dropped: [[Raw]] = []
        let (seq, schedule) = state.withLock { state -> (Int, (@Sendable () -> Void)?) in
            guard !state.isClosed, !state.isStopped else { return (0, nil) }
            guard !state.isBatchOpen else {
                if let numbered {
                    state.whenNumbered.append((state.deferred.count, numbered))
                }
                state.deferred.append(Raw(seq: 0, kind: .event(event)))
                return (0, Self.askHandOver(&state, wanted: handOverWanted))
            }
            let seq = state.nextSeq
            state.nextSeq += 1
            state.pending.append(Raw(seq: seq, kind: .event(event)))
            dropped = dropUnencodedOverflow(&state)
            return (seq, nil)
        }
        // What the overflow dropped is released here, after the lock.
        dropped.removeAll()
        schedule?()
        if seq > 0 {
            numbered?(seq)
        }
        return seq
    }

    /// Records an event made now; its seq is set when it is encoded.
    @discardableResult
    func record(_ event: InspectorEvent) -> Int {
        record(.ready(event))
    }

    /// Marks the store's log open: other events wait behind its actions until they are handed over. `false`
    /// when nothing is recorded any more.
    func openBatch() -> Bool {
        state.withLock { state in
            guard !state.isClosed, !state.isStopped else { return false }
            state.isBatchOpen = true
            return true
        }
    }

    /// Numbers `batch` (the store's log's actions, from the main actor) in order and hands it over, then the events that waited behind it; returns
    /// the seq of the batch's first event (0 when nothing is recorded any more). Leaves `batch` empty.
    func handOver(_ batch: inout [Raw]) -> Int {
        var released: [Raw] = []
        var dropped: [[Raw]] = []
        var told: [(seq: Int, told: @Sendable (Int) -> Void)] = []
        let first = state.withLock { state -> Int in
            state.isBatchOpen = false
            state.isHandOverScheduled = false
            handOverWanted.store(0)
            guard !state.isClosed, !state.isStopped else {
                swap(&released, &batch)
                return 0
            }
            let deferredFirst = state.nextSeq + batch.reduce(0) { $0 + $1.count }
            told = state.whenNumbered.map { (deferredFirst + $0.index, $0.told) }
            state.whenNumbered.removeAll()
            let first = state.nextSeq
            for index in batch.indices {
                batch[index].seq = state.nextSeq
                state.nextSeq += batch[index].count
            }
            state.pending.append(moving: &batch)
            for var raw in state.deferred {
                raw.seq = state.nextSeq
                state.nextSeq += 1
                state.pending.append(raw)
            }
            state.deferred.removeAll()
            dropped = dropUnencodedOverflow(&state)
            return first
        }
        // What a stopped recorder would not keep, and what the overflow dropped, is released here, after the lock.
        released.removeAll()
        dropped.removeAll()
        for (seq, tell) in told {
            tell(seq)
        }
        return first
    }

    /// Lets the store's log be handed over when another thread needs its actions: `schedule` soon, `now` on the
    /// main thread at exit.
    func setHandOver(schedule: @escaping @Sendable () -> Void, now: @escaping @Sendable () -> Void) {
        state.withLock { state in
            state.scheduleHandOver = schedule
            state.handOverOnMainThread = now
        }
    }

    /// Asks the main actor for its open batch, once until it is handed over: what to call after the lock.
    private static func askHandOver(_ state: inout State, wanted: AtomicCount) -> (@Sendable () -> Void)? {
        guard state.isBatchOpen else { return nil }
        wanted.store(1)
        guard !state.isHandOverScheduled else { return nil }
        state.isHandOverScheduled = true
        return state.scheduleHandOver
    }

    /// Asks the main actor for the events of its open batch, if any: a reader on another thread sees them on its next
    /// read. On the main thread (at exit), they are handed over now.
    func requestBatch() {
        let (schedule, now) = state.withLock { state -> ((@Sendable () -> Void)?, (@Sendable () -> Void)?) in
            guard state.isBatchOpen else { return (nil, nil) }
            return (Self.askHandOver(&state, wanted: handOverWanted), state.handOverOnMainThread)
        }
        if MainThread.isCurrent, let now {
            now()
        } else {
            schedule?()
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
        var released: (RawChunks, [Raw], SeqRing<Kept>) = (RawChunks(), [], SeqRing(capacity: 1))
        state.withLock { state in
            state.isClosed = true
            swap(&released.0, &state.pending)
            swap(&released.1, &state.deferred)
            state.whenNumbered.removeAll()
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
            if let raw = state.pending.find(seq) ?? state.encodingBatch.find(seq) {
                return raw.actionState(at: seq)
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
            let event = Raw.Event.travel(time: _wallClockNow(), to: seq, state: nil, error: error.description)
            state.pending.append(Raw(seq: made, kind: .event(event)))
            _ = dropUnencodedOverflow(&state)
            return range
        }
    }

    /// The seqs of the oldest and the newest action among the newest ``ringSize`` events whose state is kept.
    private func keptStates(in state: State) -> ClosedRange<Int>? {
        let bound = state.nextSeq - ringSize
        let oldest =
            state.ring.firstSeq { $0.state != nil && $0.event.seq >= bound }
            ?? state.encodingBatch.firstActionSeq(from: bound) ?? state.pending.firstActionSeq(from: bound)
        let newest =
            state.pending.lastActionSeq() ?? state.encodingBatch.lastActionSeq()
            ?? state.ring.lastSeq { $0.state != nil }
        guard let oldest, let newest, newest >= bound else { return nil }
        return oldest...newest
    }

    /// Past twice `ringSize` unencoded events, drops the oldest (whole arrays, keeping at least `ringSize`: the ring
    /// would drop them anyway), keeping the newest dropped state as the base of the next diff; returns what was
    /// dropped, for the caller to release after the lock.
    private func dropUnencodedOverflow(_ state: inout State) -> [[Raw]] {
        guard state.pending.count > ringSize * 2 else { return [] }
        let (base, dropped) = state.pending.dropOldest(keeping: ringSize)
        if let base {
            state.droppedState = base
        }
        return dropped
    }

    /// The events kept, oldest first, once every event handed over before this call is encoded.
    func events() async -> [InspectorEvent] {
        await flush()
        return state.withLock { $0.ring.elements(after: 0).map(\.event) }
    }

    /// The events kept after `seq`, oldest first, encoding those handed over first; blocks the caller while it
    /// encodes (the connection's thread, never the main actor).
    func events(after seq: Int) -> [InspectorEvent] {
        requestBatch()
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
            let taken = state.withLock { state -> (RawChunks, Encoding?, InspectorValue?, (any Sendable)?)? in
                guard !state.pending.isEmpty else { return nil }
                // Moved, not copied: the main actor's next batches and other threads' events go to a new list.
                var batch = RawChunks()
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
            var kept: [Kept] = []
            kept.reserveCapacity(batch.count)
            for chunk in batch.chunks {
                for raw in chunk {
                    encode(raw, into: &kept, encoding: encoding, last: &last)
                }
            }
            var pushedOut: [Kept] = []
            pushedOut.reserveCapacity(kept.count)
            state.withLock { state in
                state.encodingBatch = RawChunks()
                guard !state.isClosed else { return }
                state.lastState = last
                for entry in kept {
                    if let old = state.ring.append(entry, seq: entry.event.seq) {
                        pushedOut.append(old)
                    }
                }
            }
            // The events the ring dropped, the states only they held and the batches encoded are released here,
            // after the lock: a dispatch waiting for the lock does not wait for them.
            pushedOut.removeAll()
            batch = RawChunks()
        }
    }

    /// Encodes `raw`'s events (a batch's actions one by one) into `kept`, with the states kept for time travel.
    private func encode(_ raw: Raw, into kept: inout [Kept], encoding: Encoding?, last: inout InspectorValue?) {
        switch raw.kind {
        case .event(let event):
            let encoded = encode(raw.seq, event, encoding: encoding, last: &last)
            kept.append(Kept(event: encoded, state: event.actionState))
        case .actions(let actions):
            for offset in 0..<actions.count {
                let event = actions.event(at: offset)
                let encoded = encode(raw.seq + offset, event, encoding: encoding, last: &last)
                kept.append(Kept(event: encoded, state: event.actionState))
            }
        }
    }

    private func encode(
        _ seq: Int, _ event: Raw.Event, encoding: Encoding?, last: inout InspectorValue?
    ) -> InspectorEvent {
        switch event {
        case .ready(var event):
            event.seq = seq
            return event
        case .action(let time, let action, let origin, let state, let site, let started, let notified, let invalidated):
            var event = InspectorEvent(seq: seq, time: Double(time) / 1e9, type: .action)
            event.callSite = site?.description
            if !(action is InitialState) {
                let microseconds = started > 0 ? Double(time - started) / 1e3 : 0
                event.cost = InspectorEvent.Cost(
                    reducerMicroseconds: (microseconds * 10).rounded() / 10,
                    subscribersNotified: Int(notified), membersInvalidated: Int(invalidated))
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
        case .travel(let time, let to, let state, let error):
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

extension InspectionOrigin {
    /// The origin as the page shows it: `screen` with its URL, `app` (no screen shown), `effect`, `replay` or `tool`.
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
