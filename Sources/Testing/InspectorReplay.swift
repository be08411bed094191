import BrigadeCore
import BrigadeInspector
import BrigadeRedux
import Foundation
import Testing

/// Replays a session recorded by the inspector (`brigade-tool inspect`'s "Export session", or
/// `Inspector.exportSession(to:)`) through a ``TestStore``, and checks that each action makes the state it made in
/// the app: a bug seen once in the app becomes a test.
///
/// ```swift
/// @Test func orderingTwoSoups() async throws {
///     let store = TestStore(store: makeInspectedStore())  // the action types come from its reducers
///     try await InspectorReplay.check(
///         session: URL(fileURLWithPath: "Tests/Sessions/two-soups.brigade-session"), store: store)
///     await store.finish()
/// }
/// ```
///
/// How it replays:
/// - The store starts from the state of the session's first action (`@initial`, or the oldest action the ring
///   kept): the replay puts it there, whatever state the store was made with.
/// - Each later action is decoded from its recorded JSON through the registry (by the name it is registered under,
///   or its type name; by default the registry knows every `Decodable` action the store's reducers handle) and
///   dispatched, with the store's effects off (`runsEffects = false`, as `ActionLog.replay`
///   does): the actions an effect dispatched are in the session as actions of origin `effect`, and are replayed as
///   such, so nothing is fetched, timed or run twice.
/// - After each action the store's state must equal the recorded state, decoded as `State`. The first that does not
///   is a failure of the test (through the test store's ``TestStore/reporter``) naming the seq, the action and the
///   members that differ, and the replay stops there.
/// - A `travel` of the session puts the store back to the state travelled to, as it did in the app.
/// - The replay asserts what it replayed: afterwards the test store has nothing left to receive, and the test can go
///   on sending actions from the replayed state.
///
/// A store's middleware runs again on replay: an action it dispatched was recorded too and would be replayed twice, so
/// make the replayed store without such middleware. The session must come from an app whose state is `Codable`.
///
/// A session outlives changes to the state type: a member the recorded states lack (added since, optional or with a
/// default) is taken from the state the test store was made with, at every depth of structs. A member whose type
/// changed, or a new member of the elements of an array, is an ``BrigadeInspector/InspectorError/undecodableState(seq:reason:)``
/// naming the seq and the member's path. An action's new member must be optional (or its type decode it with a
/// default): there is no action to take it from.
public enum InspectorReplay {
    /// Where a replay first differed from the session.
    public struct Divergence: Hashable, Sendable, CustomStringConvertible {
        /// The seq of the action after which the states differ.
        public let seq: Int
        /// The line of the action in the session file.
        public let line: Int
        /// The action, as recorded (`OrderPlaced(dish: "soup")`).
        public let action: String
        /// The members that differ, from the recorded state (`before`) to the replayed one (`after`).
        public let changes: [InspectorChange]

        /// Creates a divergence.
        public init(seq: Int, line: Int, action: String, changes: [InspectorChange]) {
            self.seq = seq
            self.line = line
            self.action = action
            self.changes = changes
        }

        /// The seq, the action and each differing member with its recorded and replayed values.
        public var description: String {
            let members = changes.map { change in
                let path = change.path.isEmpty ? "the state" : change.path
                let recorded = change.before?.description ?? "(absent)"
                let replayed = change.after?.description ?? "(absent)"
                return "  \(path): recorded \(recorded), replayed \(replayed)"
            }
            return "seq \(seq) (line \(line)): after \(action) the replayed state is not the recorded one:\n"
                + (members.isEmpty ? ["  (their JSON is equal; their == is not)"] : members).joined(separator: "\n")
        }
    }

    /// What a replay did.
    public struct Outcome: Hashable, Sendable {
        /// How many recorded actions were dispatched (the first action, whose state the store started from, is not
        /// counted).
        public let replayed: Int
        /// The first place the replay differed from the session, or `nil` when every state was the recorded one.
        public let divergence: Divergence?
        /// The seqs of the actions whose states the store went through, the starting state first, up to the
        /// divergence (travels are not among them).
        public let seqs: [Int]
        /// The store's state after each of ``seqs``, as JSON: equal, byte for byte when written, to the recorded
        /// states when there is no divergence.
        public let states: [InspectorValue]
    }

    /// Replays the session file at `url` through `store`; see the `InspectorSession` variant.
    /// - Throws: The errors of `InspectorSession(contentsOf:)` and of replaying.
    @MainActor
    @discardableResult
    public static func check<State: Sendable>(
        session url: URL,
        store: TestStore<State>,
        registry: ActionRegistry? = nil,
        redactedValues: [String: InspectorValue] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws(InspectorError) -> Outcome {
        let session = try InspectorSession(contentsOf: url)
        return try await check(
            session: session, store: store, registry: registry, redactedValues: redactedValues,
            sourceLocation: sourceLocation)
    }

    /// Replays `session`'s actions through `store` and checks, after each, that the state is the recorded one; the
    /// first divergence fails the test with its seq, action and differing members, and ends the replay.
    /// - Parameters:
    ///   - session: The recorded session.
    ///   - store: The test store to replay through; its effects are off during the replay.
    ///   - registry: The action types the session may contain; by default those the store's reducers handle
    ///     (``BrigadeRedux/ActionRegistry/init(reducers:)``), which is enough unless an action only a middleware sees
    ///     was recorded.
    ///   - redactedValues: The values of the redacted parts of the recorded actions (recorded as
    ///     ``BrigadeCore/Redacted/marker``), by the action's name and the member's path: `["SignIn.password": "pw"]`,
    ///     `["StoreToken.token": "t"]` for a member of a ``BrigadeCore/RedactedAction``. A redacted part of a
    ///     recorded state needs none: it is taken from the replayed state, so it is not checked.
    ///   - sourceLocation: Where a divergence is reported.
    /// - Returns: What was replayed, and the divergence if there was one.
    /// - Throws: ``BrigadeInspector/InspectorError/undecodableState(seq:reason:)`` when the session has no state as JSON (its state is
    ///   not `Codable`) or a state does not decode as `State`; ``BrigadeInspector/InspectorError/unknownAction(line:action:)`` for an
    ///   action the registry does not know (or recorded without JSON); ``BrigadeInspector/InspectorError/invalidLine(line:reason:)``
    ///   for a payload that does not decode as its action, or a redacted part of it without a value in
    ///   `redactedValues` (the reason names the key to give).
    @MainActor
    @discardableResult
    public static func check<State: Sendable>(
        session: InspectorSession,
        store: TestStore<State>,
        registry: ActionRegistry? = nil,
        redactedValues: [String: InspectorValue] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws(InspectorError) -> Outcome {
        let registry = registry ?? ActionRegistry(reducers: store.store.reducers)
        let events = session.events.enumerated().filter { $0.element.type == .action || $0.element.type == .travel }
        guard let startIndex = events.firstIndex(where: { $0.element.type == .action }) else {
            return Outcome(replayed: 0, divergence: nil, seqs: [], states: [])
        }
        let start = events[startIndex].element
        // Every action is decoded before the first is dispatched: a session with an action that does not decode
        // changes nothing.
        var actions: [Int: any Action] = [:]
        for (index, event) in events[(startIndex + 1)...] where event.type == .action {
            actions[index] = try decodeAction(
                event, line: index + 2, registry: registry, redactedValues: redactedValues)
        }
        let live = store.store
        // The state the store was made with, as JSON: what fills the members a recorded state lacks (added to the
        // state type since the session was recorded).
        let template = json(of: live.currentState, redacting: false)
        let runsEffects = live.runsEffects
        live.runsEffects = false
        defer {
            live.runsEffects = runsEffects
            store.events.removeAll()
            store.assertedState = live.currentState
        }
        live.travel(to: try state(of: start, as: State.self, template: template, reference: template).state)
        var seqs = [start.seq]
        var states = [json(of: live.currentState)]
        var replayed = 0
        for (index, event) in events[(startIndex + 1)...] {
            let line = index + 2
            if event.type == .travel {
                guard event.error == nil, event.state != nil else { continue }
                live.travel(to: try state(of: event, as: State.self, template: template, reference: template).state)
                continue
            }
            guard let action = actions[index] else { continue }
            await dispatch(action, to: live)
            replayed += 1
            store.events.removeAll()
            let replayedState = live.currentState
            let replayedJSON = json(of: replayedState)
            // The recorded state's redacted parts are taken from the replayed state: they were never recorded.
            let (recorded, recordedJSON) = try state(
                of: event, as: State.self, template: template,
                reference: replayedJSON.redactedPaths.isEmpty ? nil : json(of: replayedState, redacting: false))
            guard TestStore<State>.isEqual(replayedState, recorded) else {
                let divergence = Divergence(
                    seq: event.seq, line: line, action: event.description ?? event.action ?? "?",
                    changes: replayedJSON.changes(from: recordedJSON))
                store.reporter.fail(divergence.description, at: sourceLocation)
                return Outcome(replayed: replayed, divergence: divergence, seqs: seqs, states: states)
            }
            seqs.append(event.seq)
            states.append(replayedJSON)
        }
        return Outcome(replayed: replayed, divergence: nil, seqs: seqs, states: states)
    }

    /// The state as JSON, by its `Encodable` conformance looked up on the main actor (where a main-actor isolated one
    /// is found too); `null` when it has none.
    @MainActor
    private static func json(of state: Any, redacting: Bool = true) -> InspectorValue {
        guard let state = state as? any Encodable else { return .null }
        return (try? InspectorValue(encoding: state, redacting: redacting)) ?? .null
    }

    @MainActor
    private static func dispatch<A: Action, State>(_ action: A, to store: Store<State>) async {
        await store.dispatchAndWait(action, at: nil)
    }

    /// The recorded state of `event`, decoded by `State`'s `Decodable` conformance, looked up on the main actor (where a
    /// main-actor isolated one is found too), and the JSON it was decoded from. A member the recorded state lacks (the
    /// state type gained it since) is taken from `template`, the state the store was made with: an older session
    /// replays after a new member, optional or not, is added to the state or to a struct in it. A redacted member is
    /// taken from `reference`, the same state encoded without redaction.
    @MainActor
    private static func state<State>(
        of event: InspectorEvent, as type: State.Type, template: InspectorValue, reference: InspectorValue?
    ) throws(InspectorError) -> (state: State, json: InspectorValue) {
        guard let recorded = event.state else {
            throw .undecodableState(seq: event.seq, reason: "the session has no state as JSON (is the state Codable?)")
        }
        guard let decodable = State.self as? any Decodable.Type else {
            throw .undecodableState(seq: event.seq, reason: "\(State.self) is not Decodable")
        }
        let json = recorded.filling(from: template)
        let complete = reference.map { json.filling(redactedFrom: $0) } ?? json
        func decode<Value: Decodable>(_ type: Value.Type) throws -> Any { try complete.decode(as: type) }
        let decoded: Any
        do {
            decoded = try decode(decodable)
        } catch {
            throw .undecodableState(seq: event.seq, reason: InspectorSession.reason(error))
        }
        guard let state = decoded as? State else {
            throw .undecodableState(seq: event.seq, reason: "decoded a \(Swift.type(of: decoded)), not a \(State.self)")
        }
        return (state, json)
    }

    @MainActor
    private static func decodeAction(
        _ event: InspectorEvent, line: Int, registry: ActionRegistry, redactedValues: [String: InspectorValue]
    )
        throws(InspectorError) -> any Action
    {
        let name = event.action ?? ""
        guard let recorded = event.payload else { throw .unknownAction(line: line, action: name) }
        let key = { (path: String) in InspectorValue.redactedKey(action: name, path: path) }
        let payload = recorded.replacingRedacted { redactedValues[key($0)] }
        if let missing = payload.redactedPaths.first {
            throw .invalidLine(
                line: line,
                reason: "\(key(missing)) was redacted when it was recorded; give its value: "
                    + "redactedValues: [\"\(key(missing))\": ...]")
        }
        let data: Data
        do {
            data = try JSONEncoder().encode(payload)
        } catch {
            throw .invalidLine(line: line, reason: "the payload of \(name) cannot be encoded: \(error)")
        }
        do {
            guard let action = try registry.decodeAction(named: name, from: data) else {
                throw InspectorError.unknownAction(line: line, action: name)
            }
            return action
        } catch let error as InspectorError {
            throw error
        } catch {
            throw .invalidLine(line: line, reason: "the payload is not a \(name): \(error)")
        }
    }
}
