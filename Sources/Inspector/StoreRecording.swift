import BrigadeCore
import BrigadeRedux
import Foundation

/// An attached store's recording. Its dispatches append what they made to the store's log (``Store/inspectionLog``,
/// in the store's own types: the state copied, not boxed, no closure called), taken in batches by ``ActionBatch``;
/// what an asynchronous reducer or a time travel changed comes here, through the store's boxed observer. The inspector
/// keeps here what its commands need: the store's closures, the screens, whether the app is travelling.
@MainActor
final class StoreRecording {
    /// Takes the store's log to the recorder; records the other events of the main actor.
    let batch: ActionBatch
    var recorder: InspectorRecorder { batch.recorder }
    /// The store's effects, held strongly (they do not hold the store).
    private let effects: EffectRunner
    /// The store's log of actions for this inspector, held strongly too (the store holds it).
    private let log: InspectionLogControl
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
    /// Whether the state being put in place was imported from the tool (recorded as the action `@import`).
    private var importing = false
    /// The screens, when a navigator is attached: an action dispatched by the app's code has the screen on top as its
    /// origin.
    var navigation: ScreenNamer? {
        didSet {
            // Held strongly (it holds the navigator weakly): a weak reference would be loaded on every dispatch.
            log.setScreen(navigation.map { namer in { namer.screenURL() } })
        }
    }
    /// Whether this recording still records: a store attached later replaces it (time travel reaches one store).
    private(set) var isRecording = true
    /// Whether the app shows a past state: set after a travel, until a resume or the next action (the log's count then
    /// differs from `travelMark`).
    private var travelled = false
    private var travelMark = 0
    /// The seq of the travel under way, told to the store's observer.
    var travelling: Int?

    /// Whether the app shows a past state: after a travel, until a resume or the next action.
    var isTravelling: Bool {
        get { travelled && log.count() == travelMark }
        set {
            travelled = newValue
            travelMark = log.count()
        }
    }

    init<State: Sendable>(
        store: Store<State>, batch: ActionBatch,
        decodeState: ((InspectorValue) throws -> State)? = nil
    ) {
        self.batch = batch
        effects = store.effectRunner
        let recorder = batch.recorder
        let made = _InspectionLog<State>(
            effects: store.effectRunner,
            handOverWanted: recorder.handOverWanted,
            handOver: { [weak batch] taken, isFull in batch?.handOver(taken, keepingLast: isFull) },
            opened: { recorder.openBatch() })
        store.inspectionLog = made
        store.invalidationCounter.isCounting = true
        log = InspectionLogControl(made, store: store)
        // The log is held strongly, here and by the control: a weak reference would give it a side table, and every
        // retain of it by a dispatch would take the slow path (measured: 367 against 256 ns per attached dispatch).
        batch.takeLog = { keepingLast in
            made.take(keepingLast: keepingLast)
        }
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
        log.setFromTool(true)
        defer { log.setFromTool(false) }
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
        batch.handOver()
        guard let state = recorder.state(after: seq) else { return false }
        travelling = seq
        defer { travelling = nil }
        return restore(state)
    }

    /// Stops recording: a store attached later replaces this one (time travel reaches one store), or the inspector
    /// goes. The store's log is taken off it, its actions so far handed over first.
    func stop() {
        guard isRecording else { return }
        isRecording = false
        batch.handOver()
        batch.takeLog = nil
        log.detach()
    }

    /// Records the store's first state, as the action `@initial`.
    func recordInitial(_ state: any Sendable) {
        batch.record(
            .action(
                time: _wallClockNanoseconds(), action: InitialState(), origin: .app(screen: nil), state: state,
                site: nil, started: 0, notified: 0, invalidated: 0))
    }

    /// The store's boxed observer: records what an asynchronous reducer or a time travel changed, with the state after
    /// it.
    func record(_ reduction: consuming Reduction, state: consuming any Sendable) {
        guard isRecording else { return }
        switch consume reduction {
        case .asyncChange(let type):
            if type == TimeTravel.self, let to = travelling {
                batch.record(.travel(time: _wallClockNow(), to: to, state: state, error: nil))
                return
            }
            travelled = false
            let (action, origin): (any Action, InspectorRecorder.Origin) =
                type == TimeTravel.self && importing
                ? (ImportedState(), .tool) : (AsyncChange(of: type), .app(screen: navigation?.screenURL()))
            batch.record(
                .action(
                    time: _wallClockNanoseconds(), action: action, origin: origin, state: state, site: nil,
                    started: 0, notified: 0, invalidated: 0))
        }
    }
}

/// The store's log, as the recording controls it without knowing the state type.
@MainActor
struct InspectionLogControl {
    /// How many actions the log got so far.
    let count: () -> Int
    let setFromTool: (Bool) -> Void
    let setScreen: ((() -> String?)?) -> Void
    /// Takes the log off the store, if it is still the store's.
    let detach: () -> Void

    init<State>(_ log: _InspectionLog<State>, store: Store<State>) {
        count = { log.count }
        setFromTool = { log.isFromTool = $0 }
        setScreen = { log.screen = $0 }
        detach = { [weak store] in
            if let store, store.inspectionLog === log {
                store.inspectionLog = nil
                store.invalidationCounter.isCounting = false
            }
        }
    }
}
