import BrigadeCore
import BrigadeRedux
import Foundation

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
    /// Dispatches an action into the store; `false` when the store is gone.
    private let dispatch: @MainActor (any Action) -> Bool
    /// Decodes an action the store's reducers handle from its type name and JSON.
    private let decodeAction: @MainActor (String, Data) throws -> (any Action)?
    /// Decodes a state from JSON; `nil` when the state is not `Decodable`.
    private let decodeState: ((InspectorValue) throws -> any Sendable)?
    /// Turns the store's effects on or off, returning what they were; `nil` when the store is gone.
    private let setRunsEffects: @MainActor (Bool) -> Bool?
    /// Whether the action being dispatched came from the tool (its origin is `tool`).
    private var dispatchingFromTool = false
    /// Whether the state being put in place was imported from the tool (recorded as the action `@import`).
    private var importing = false
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

    init<State: Sendable>(
        store: Store<State>, recorder: InspectorRecorder,
        decodeState: ((InspectorValue) throws -> State)? = nil
    ) {
        self.recorder = recorder
        effects = store.effectRunner
        restore = { [weak store] state in
            guard let store, let state = state as? State else { return false }
            store.travel(to: state)
            return true
        }
        dispatch = { [weak store] action in
            guard let store else { return false }
            @MainActor func send<A: Action>(_ action: A) { store.dispatch(action, at: nil) }
            send(action)
            return true
        }
        decodeAction = { [weak store] name, data in
            guard let store else { return nil }
            return try ActionRegistry(reducers: store.reducers).decodeAction(named: name, from: data)
        }
        self.decodeState = decodeState.map { decode in { value in try decode(value) } }
        setRunsEffects = { [weak store] runs in
            guard let store else { return nil }
            defer { store.runsEffects = runs }
            return store.runsEffects
        }
    }

    /// Dispatches the action of type `name` that `payload` decodes to, as the tool asked.
    /// - Throws: A reason a user can act on: the store is gone, the type is unknown, the payload is not one.
    func dispatch(_ name: String, payload: InspectorValue) throws(InspectorError) {
        let action = try decode(name, payload: payload)
        dispatchingFromTool = true
        defer { dispatchingFromTool = false }
        guard dispatch(action) else { throw .commandFailed(reason: "the store is gone") }
    }

    /// Puts the store back to the state after `from`, then dispatches `actions` (decoded first: nothing changes when
    /// one does not decode) with the store's effects off: the states recomputed without the actions left out.
    func replay(from seq: Int, _ actions: [(name: String, payload: InspectorValue?)]) throws(InspectorError) {
        let decoded = try actions.map { name, payload throws(InspectorError) in
            guard let payload else {
                throw .commandFailed(
                    reason: "\(name) was recorded without JSON (it is not Codable): it cannot be replayed")
            }
            return try decode(name, payload: payload)
        }
        guard travel(to: seq) else { throw .commandFailed(reason: "the state after #\(seq) is no longer kept") }
        guard let runsEffects = setRunsEffects(false) else { throw .commandFailed(reason: "the store is gone") }
        let replaying = effects.replaying
        effects.replaying = true
        defer {
            effects.replaying = replaying
            _ = setRunsEffects(runsEffects)
        }
        for action in decoded {
            _ = dispatch(action)
        }
    }

    /// Makes `value`, decoded as the store's state, the store's state; recorded as the action `@import`.
    func importState(_ value: InspectorValue) throws(InspectorError) {
        guard let decodeState else { throw .commandFailed(reason: "the state is not Codable: it cannot be imported") }
        let state: any Sendable
        do {
            state = try decodeState(value)
        } catch {
            throw .commandFailed(reason: "the JSON is not a state: \(InspectorSession.reason(error))")
        }
        importing = true
        defer { importing = false }
        guard restore(state) else { throw .commandFailed(reason: "the store is gone") }
    }

    private func decode(_ name: String, payload: InspectorValue) throws(InspectorError) -> any Action {
        if let redacted = payload.redactedPaths.first {
            let key = InspectorValue.redactedKey(action: name, path: redacted)
            throw .commandFailed(reason: "\(key) is redacted: give its value")
        }
        do {
            let data = try JSONEncoder().encode(payload)
            guard let action = try decodeAction(name, data) else {
                throw InspectorError.commandFailed(
                    reason: "no reducer of the store handles an action named \(name) that decodes from JSON")
            }
            return action
        } catch let error as InspectorError {
            throw error
        } catch {
            throw .commandFailed(reason: "the JSON is not a \(name): \(error)")
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
            .action(
                seq: seq, time: _wallClockNow(), action: InitialState(), origin: .app(screen: nil), state: state,
                site: nil, reduced: 0)
        }
    }

    /// The store's observer: records a reduction and the state after it.
    func record(_ reduction: Reduction, state: any Sendable) {
        guard isRecording else { return }
        switch reduction {
        case .action(let action, let site, let started):
            let origin: InspectorRecorder.Origin
            if let effect = effects.dispatching {
                origin = .effect(effect)
            } else if effects.replaying {
                origin = .replay
            } else if dispatchingFromTool {
                origin = .tool
            } else {
                origin = .app(screen: navigation?.screenURL())
            }
            recordAction(action, state: state, origin: origin, site: site, started: started)
        case .asyncChange(let type):
            if type == TimeTravel.self, let to = travelling {
                recorder.record { seq in
                    .travel(seq: seq, time: _wallClockNow(), to: to, state: state, error: nil)
                }
            } else if type == TimeTravel.self, importing {
                recordAction(ImportedState(), state: state, origin: .tool)
            } else {
                recordAction(AsyncChange(of: type), state: state, origin: .app(screen: navigation?.screenURL()))
            }
        }
    }

    private func recordAction(
        _ action: any Action, state: any Sendable, origin: InspectorRecorder.Origin, site: DispatchSite? = nil,
        started: Double = 0
    ) {
        if isTravelling {
            isTravelling = false
        }
        let now = _wallClockNow()
        let reduced = started > 0 ? Float(now - started) : 0
        let seq = recorder.record { seq in
            .action(seq: seq, time: now, action: action, origin: origin, state: state, site: site, reduced: reduced)
        }
        if case .effect(let effect) = origin, seq > 0 {
            followUps[effect.serial, default: []].append(seq)
        }
    }
}
