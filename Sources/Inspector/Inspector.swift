import BrigadeCore
import BrigadeKitchen
import BrigadeLocking
import BrigadeRedux
import BrigadeServices
import BrigadeWireframe
import Foundation

/// A live record of a running app for `brigade-tool inspect`: every action with who dispatched it, where and what it
/// cost, and the state it made, the screens, the effects, the service resolutions and the `APIClient` calls, kept in
/// a bounded ring, sent to the tool when one is connected, and time travel back to any state still in the ring. The
/// tool's page may also dispatch actions, skip recorded ones and import a state.
///
/// ```swift
/// let inspector = Inspector(app: "Bistro")
/// inspector.attach(to: store)                       // actions, states, effects
/// inspector.attach(to: wireframe, navigator: navigator)  // screens, and their restoring on travel
/// inspector.attach(to: kitchen)                     // resolutions
/// inspector.attach(to: apiClient)                   // network calls, values redacted
/// inspector.connect()                               // to brigade-tool inspect on 127.0.0.1:9431
/// ```
///
/// A `BrigadeApp` does all of it in one line: `let inspector = app.inspect()`.
///
/// Costs: nothing unless attached (the store's hook is one `nil` check per dispatch). Attached, a dispatch hands the
/// action and the state, as values, to the recorder and keeps the state for time travel; the JSON and the diff are
/// made later, off the main actor, when the tool (or ``events()``) reads. Memory is bounded by ``ringSize`` events
/// and states, whatever the tool does. docs/Inspector.md has the figures.
@MainActor
public final class Inspector {
    /// The default number of events and states kept.
    public nonisolated static let defaultRingSize = 10_000
    /// The default port `brigade-tool inspect` listens on for apps.
    public nonisolated static let defaultPort: UInt16 = 9431

    /// How many events (and states, for time travel) are kept.
    public let ringSize: Int
    /// This session's identity, new for each inspector.
    public let sessionID = UUID().uuidString
    /// The app's name, shown on the page.
    public let appName: String

    let recorder: InspectorRecorder
    /// Takes the store's log to `recorder` (before every read, and when asked); records the main actor's other events.
    let batch: ActionBatch
    private let startTime = _wallClockNow()
    private var stateType = "none"
    private var stateIsCodable = false
    /// What the attached store's dispatches record.
    private var storeRecording: StoreRecording?
    private var navigationTap: NavigationTap?
    private var kitchens: [Kitchen] = []
    /// The API clients attached, told to stop telling when the inspector goes.
    var apiClients: [APIClient] = []
    private var connection: InspectorConnection?

    /// Whether the app shows a past state: after ``travel(to:)``, until ``resume()`` or the next action.
    public var isTravelling: Bool { storeRecording?.isTravelling ?? false }

    /// Creates an inspector; attach it to a store (and a wireframe and a kitchen), then ``connect(host:port:)``.
    /// - Parameters:
    ///   - app: The app's name, shown on the page.
    ///   - ringSize: How many events and states to keep; ``defaultRingSize`` by default.
    public init(app: String = "app", ringSize: Int = Inspector.defaultRingSize) {
        appName = app
        self.ringSize = max(1, ringSize)
        recorder = InspectorRecorder(ringSize: self.ringSize)
        batch = ActionBatch(recorder: recorder)
    }

    deinit {
        // The store's observer holds the recorder, not this inspector: closed, it records nothing more and lets go of
        // the states it kept. A connection sends what was recorded first, on its own thread (nothing is lost when an
        // inspector goes with the end of the program), then closes it. The store's log is handed over first and taken
        // off the store (on the main thread, where a main-actor inspector is released; elsewhere, the log stays and
        // costs the store's dispatches an append each, dropped by the closed recorder).
        if MainThread.isCurrent, let recording = storeRecording {
            MainActor.assumeIsolated {
                recording.stop()
            }
        }
        if let connection {
            recorder.stopRecording()
            connection.finish { [recorder] in recorder.close() }
        } else {
            recorder.close()
        }
        for kitchen in kitchens {
            kitchen.observeResolutions(nil)
        }
        for client in apiClients {
            client.observeExchanges(nil)
        }
    }

    // MARK: - Attaching

    /// Records every action `store` processes with the state it made, as JSON and its diff, and its effects; travel
    /// puts `store`'s state back. Records the current state first, as the action `@initial`. An inspector records one
    /// store: attaching another stops recording the first. A store is recorded by one inspector at a time: attaching
    /// a second inspector to it takes its actions from the first.
    ///
    /// A `Codable` conformance isolated to the main actor (what an app target's default isolation infers) cannot be
    /// used off the main actor, where the inspector encodes: the states are then recorded by their description, and
    /// ``notes`` (and the page) say to declare the state `nonisolated`.
    public func attach<State: Sendable & Codable>(to store: Store<State>) {
        guard CodableConformance.of(store.currentState) != .isolatedToMainActor else {
            attachIsolatedCodable(store)
            return
        }
        attach(store, decodeState: { try $0.decode(as: State.self) }) { state in
            guard let state = state as? State else { return (nil, String(describing: state)) }
            return (try? InspectorValue(encoding: state), String(describing: state))
        }
        stateIsCodable = true
    }

    /// Records every action `store` processes with a description of the state it made (the state is not `Codable`,
    /// so there is no JSON and no diff), and its effects; travel puts `store`'s state back.
    ///
    /// A state that is `Codable` after all (this overload was chosen in generic code) is recorded as JSON. One whose
    /// `Codable` conformance is isolated to the main actor (an app target's default isolation) cannot be encoded off
    /// the main actor, where the inspector encodes: it is recorded by its description, and ``notes`` (and the page)
    /// say to mark the conformance `nonisolated`.
    public func attach<State: Sendable>(to store: Store<State>) {
        switch CodableConformance.of(store.currentState) {
        case .none:
            attach(store) { state in (nil, String(describing: state)) }
        case .nonisolated:
            attach(store, decodeState: CodableConformance.decoder(of: State.self)) { state in
                guard let encodable = state as? any Encodable else { return (nil, String(describing: state)) }
                return (try? InspectorValue(encoding: encodable), String(describing: state))
            }
            stateIsCodable = true
        case .isolatedToMainActor:
            attachIsolatedCodable(store)
        }
    }

    /// Attaches a store whose state's `Codable` conformance is isolated to the main actor: by description, with a note.
    private func attachIsolatedCodable<State: Sendable>(_ store: Store<State>) {
        attach(store, decodeState: CodableConformance.decoder(of: State.self)) { state in
            (nil, String(describing: state))
        }
        notes.append(
            "\(State.self)'s Codable conformance is isolated to the main actor (an app target's default "
                + "isolation), and the inspector encodes states off the main actor: it shows their descriptions, "
                + "without JSON, diffs or replays. Declare the state `nonisolated struct \(State.self): Codable`.")
    }

    /// What the inspector could not do as asked, for the app's developer; the page shows them above the timeline.
    public private(set) var notes: [String] = []

    private func attach<State: Sendable>(
        _ store: Store<State>, decodeState: ((InspectorValue) throws -> State)? = nil,
        encodeState: @escaping @Sendable (any Sendable) -> (InspectorValue?, String)
    ) {
        stateType = String(describing: State.self)
        recorder.setEncoding(
            InspectorRecorder.Encoding(
                state: encodeState,
                actionName: { action in
                    switch action {
                    case is InitialState: "@initial"
                    case is ImportedState: "@import"
                    default: String(describing: type(of: action))
                    }
                }))
        // One store at a time: the states are found by seq, so a travel must not reach another store's.
        storeRecording?.stop()
        let recording = StoreRecording(store: store, batch: batch, decodeState: decodeState)
        recording.navigation = navigationTap?.screens
        storeRecording = recording
        recording.recordInitial(store.currentState)
        let previous = store.boxedReductionObserver
        // Held strongly: the recording does not hold the store, and a weak reference would be loaded on every dispatch.
        store.boxedReductionObserver = { (reduction: consuming Reduction, state: consuming any Sendable) in
            if let previous {
                previous(copy reduction, copy state)
            }
            recording.record(reduction, state: state)
        }
        let previousEffects = store.effectObserver
        // The recording weakly: it holds the store's effects, which hold this observer.
        store.effectObserver = { [weak self, weak recording] event in
            previousEffects?(event)
            // A store attached later replaces this one: its effects are not recorded any more either.
            if recording?.isRecording == true {
                self?.recordEffect(event)
            }
        }
    }

    /// Records the screens after each change of `navigator` (its stack and modals as URLs, with the lifecycle events
    /// delivered to its screens), names the screen on top as the origin of each action the app dispatches, and
    /// restores the screens on travel through `wireframe`. Any navigator that reports its changes works:
    /// `HeadlessNavigator`, `ObservableNavigator` (SwiftUI), `HostNavigator` (UIKit), or one of your own.
    public func attach(to wireframe: DefaultWireframe, navigator: any ChangeReportingNavigator) {
        let tap = NavigationTap(wireframe: wireframe, navigator: navigator, capacity: ringSize) { [weak self] in
            self?.recordNavigation()
        }
        navigationTap = tap
        storeRecording?.navigation = tap.screens
        recordNavigation()
    }

    /// Records every resolution of `kitchen` that does not find a made shared instance: first uses, transient
    /// instances and failures, with their chains.
    public func attach(to kitchen: Kitchen) {
        kitchens.append(kitchen)
        let recorder = recorder
        kitchen.observeResolutions { resolution in
            var event = InspectorEvent(seq: 0, time: _wallClockNow(), type: .resolution)
            event.chain = resolution.chain
            event.service = resolution.chain.last
            event.failure = resolution.failure.map(\.description)
            recorder.record(event)
        }
    }

    // MARK: - The tool

    /// Connects to `brigade-tool inspect` at `host`:`port` in the background, and keeps connecting: an app started
    /// before the tool, or a tool restarted, gets the events it missed (those still in the ring) on connecting.
    /// Never blocks the main actor.
    public func connect(host: String = "127.0.0.1", port: UInt16 = Inspector.defaultPort) {
        connection?.stop()
        let made = InspectorConnection(host: host, port: port, hello: hello(), recorder: recorder) {
            [weak self] command in
            Task { @MainActor in
                await self?.perform(command)
            }
        }
        connection = made
        made.start()
    }

    /// Ends the session with the tool without losing its end: waits until the tool has every event recorded before
    /// this call (at most `timeout`; the wait is off the main actor), then disconnects. The inspector keeps what it
    /// recorded (``events()``, ``exportSession(to:)``) and goes on recording, as after ``disconnect()``.
    ///
    /// A process that ends without calling it loses nothing either: at exit, every connected inspector sends what it
    /// recorded, within 2 s in all (an `atexit` handler, run when `main` returns or `exit` is called; a process
    /// killed by a signal runs none).
    /// - Parameter timeout: How long to wait for the tool; 2 s by default.
    /// - Returns: Whether the tool got every event recorded before the call; `false` when no tool is connected
    ///   (nothing was connected, or the tool is not there) or the time ran out.
    @discardableResult
    public func close(timeout: Duration = .seconds(2)) async -> Bool {
        guard let connection else { return false }
        batch.handOver()
        let seq = recorder.lastSeq
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        let sent = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            DispatchQueue.global().async {
                continuation.resume(returning: connection.flush(upTo: seq, timeout: seconds))
            }
        }
        disconnect()
        return sent
    }

    /// Stops connecting; the app goes on and the inspector keeps recording. What the tool has not been sent yet
    /// stays in the ring (``close(timeout:)`` sends it first).
    public func disconnect() {
        connection?.stop()
        connection = nil
    }

    /// Whether the connection to the tool is up now.
    public var isConnected: Bool { connection?.isConnected ?? false }

    /// Does what the tool asked: a travel, a resume, a dispatch, a skip or an import. A command that cannot be done
    /// is recorded as a `command` event with the reason.
    func perform(_ command: InspectorCommand) async {
        switch command.kind {
        case "travel":
            guard let seq = command.to else { return }
            try? await travel(to: seq)
        case "resume":
            resume()
        default:
            do {
                try await perform(other: command)
            } catch {
                var event = InspectorEvent(seq: 0, time: _wallClockNow(), type: .command)
                event.description = Self.describe(command)
                event.error = error.description
                batch.record(event)
            }
        }
    }

    private func perform(other command: InspectorCommand) async throws(InspectorError) {
        switch command.kind {
        case "dispatch":
            guard let name = command.action, let payload = command.payload else {
                throw .commandFailed(reason: "a dispatch names an action and its JSON")
            }
            try dispatch(name, payload: payload)
        case "skip":
            guard let from = command.from, let to = command.to else {
                throw .commandFailed(reason: "a skip names the action it starts from and the last one")
            }
            try await replay(from: from, to: to, skipping: Set(command.skip ?? []))
        case "import":
            guard let state = command.state else { throw .commandFailed(reason: "an import carries a state") }
            try importState(state)
        default:
            throw .commandFailed(reason: "\(command.kind) is not a command of this Brigade")
        }
    }

    /// The command as the page shows it.
    private static func describe(_ command: InspectorCommand) -> String {
        switch command.kind {
        case "dispatch": return "dispatch \(command.action ?? "?")"
        case "skip":
            return "skip \((command.skip ?? []).map { "#\($0)" }.joined(separator: ", ")) from #\(command.from ?? 0)"
        default: return command.kind
        }
    }

    // MARK: - Driving the app

    /// Dispatches the action of type `name` (one of the store's reducers handles it) decoded from `payload`, as the
    /// page's "Dispatch" does: recorded with the origin `tool`.
    /// - Throws: ``InspectorError/commandFailed(reason:)`` when no store is attached, no reducer handles an action of
    ///   that name, the payload is not one, or a member of it is redacted; nothing is dispatched then.
    public func dispatch(_ name: String, payload: InspectorValue) throws(InspectorError) {
        guard let storeRecording else { throw .commandFailed(reason: "no store is attached") }
        try storeRecording.dispatch(name, payload: payload)
    }

    /// Recomputes the states without some actions, as the page's "Skip" does: puts the store back to the state after
    /// the action `from`, then dispatches again, with the store's effects off, each recorded action after it through
    /// `to` but those in `skipping` (decoded from their JSON; recorded with the origin `replay`). A later call with
    /// another set, from the same `from`, toggles actions back in.
    /// - Throws: ``InspectorError/commandFailed(reason:)`` when an action in the range was recorded without JSON, has
    ///   a redacted member, or no longer decodes, or the state after `from` is no longer kept; nothing changes then.
    public func replay(from: Int, to: Int, skipping: Set<Int>) async throws(InspectorError) {
        guard let storeRecording else { throw .commandFailed(reason: "no store is attached") }
        batch.handOver()
        let actions = await recorder.events().filter {
            $0.type == .action && $0.seq > from && $0.seq <= to && !skipping.contains($0.seq)
        }
        try storeRecording.replay(from: from, actions.map { ($0.action ?? "?", $0.payload) })
        storeRecording.isTravelling = false
    }

    /// Makes `state` (decoded as the store's state) the store's state, as the page's "Import" does: recorded as the
    /// action `@import`, with the origin `tool`.
    /// - Throws: ``InspectorError/commandFailed(reason:)`` when no store is attached, the state is not `Codable`, or
    ///   the JSON is not a state (the reason names the member); nothing changes then.
    public func importState(_ state: InspectorValue) throws(InspectorError) {
        guard let storeRecording else { throw .commandFailed(reason: "no store is attached") }
        try storeRecording.importState(state)
    }

    private func hello() -> InspectorHello {
        InspectorHello(
            sessionID: sessionID, app: appName, stateType: stateType, stateIsCodable: stateIsCodable,
            ringSize: ringSize, startTime: startTime, notes: notes.isEmpty ? nil : notes)
    }

    // MARK: - Time travel

    /// Puts the store back to its state after the action numbered `seq`, and, when a wireframe is attached, the
    /// screens back to what was shown then. Later actions continue from that state. Records a `travel` event.
    /// - Throws: ``InspectorError/noSuchState(seq:oldest:newest:)`` when `seq` is not an action among the newest
    ///   ``ringSize`` events (or the store is gone); nothing changes then but the refusal, recorded as an event, and
    ///   the error names the seqs a travel can reach after it.
    public func travel(to seq: Int) async throws(InspectorError) {
        guard let storeRecording, storeRecording.travel(to: seq) else {
            batch.handOver()
            let range = recorder.refuseTravel(to: seq)
            throw .noSuchState(seq: seq, oldest: range?.lowerBound, newest: range?.upperBound)
        }
        storeRecording.isTravelling = true
        if let navigationTap, let state = navigationTap.state(at: seq) {
            await navigationTap.restore(state)
        }
    }

    /// Ends travel mode: the app continues from the state it shows.
    public func resume() {
        storeRecording?.isTravelling = false
    }

    // MARK: - Reading

    /// The events kept, oldest first, once those recorded so far are encoded.
    public func events() async -> [InspectorEvent] {
        batch.handOver()
        return await recorder.events()
    }

    /// Waits until every event recorded before this call is encoded: in ``events()``, in the session and on its way
    /// to the tool. The encoding runs in the background; a test or a benchmark waits for it here.
    public func flush() async {
        batch.handOver()
        await recorder.flush()
    }

    /// The session so far (the events kept), for a session file.
    public func session() async -> InspectorSession {
        batch.handOver()
        return InspectorSession(hello: hello(), events: await recorder.events())
    }

    /// Writes the session so far to `url`; see ``InspectorSession``.
    /// - Throws: ``InspectorError/unwritable(path:reason:)``.
    public func exportSession(to url: URL) async throws(InspectorError) {
        try await session().write(to: url)
    }

    // MARK: - Recording

    private func recordEffect(_ event: EffectEvent) {
        let (phase, origin, id): (String, EffectOrigin, String?)
        switch event {
        case .started(let started): (phase, origin, id) = ("started", started, started.id)
        case .cancelled(let cancelled, let identity):
            (phase, origin, id) = ("cancelled", cancelled, identity.map { "\($0)" })
        case .finished(let finished): (phase, origin, id) = ("finished", finished, finished.id)
        }
        if phase != "started" {
            // The actions it dispatched get their seqs when handed over.
            batch.handOver()
        }
        let dispatched = phase == "started" ? nil : batch.followUps[origin.serial]
        if phase == "finished" {
            batch.followUps[origin.serial] = nil
        }
        var made = InspectorEvent(seq: 0, time: _wallClockNow(), type: .effect)
        made.phase = phase
        made.serial = origin.serial
        made.id = id
        made.startedBy = origin.startedBy
        made.followUps = dispatched ?? (phase == "started" ? nil : [])
        batch.record(made)
    }

    private func recordNavigation() {
        guard let navigationTap else { return }
        let (stack, modals, lifecycle) = navigationTap.snapshot()
        var event = InspectorEvent(seq: 0, time: _wallClockNow(), type: .navigation)
        event.stack = stack
        event.modals = modals
        event.lifecycle = lifecycle
        // Numbered after the actions the store's log holds (a change made by a subscriber comes after the action
        // that caused it): the screens are kept by that seq once it is known.
        let state = navigationTap.snapshotState
        batch.record(event) { [weak navigationTap] seq in
            navigationTap?.keepShown(state, seq: seq)
        }
    }
}

/// The action the inspector records first: the state before any action.
struct InitialState: Action, CustomStringConvertible {
    var description: String { "@initial" }
}

/// The action the inspector records when the tool imported a state.
struct ImportedState: Action, CustomStringConvertible {
    var description: String { "@import" }
}

/// What the inspector records when an asynchronous reducer (VISPER's kind) changed the state.
struct AsyncChange: Action, CustomStringConvertible {
    let type: any Action.Type

    init(of type: any Action.Type) {
        self.type = type
    }

    var description: String { "async change of \(type)" }
}
