import BrigadeCore
import BrigadeRedux
import Testing

/// A store for tests that asserts every state change (TCA's TestStore idea, on Linux too).
///
/// ```swift
/// let store = TestStore(initialState: AppState()) { reducers in
///     reducers.add(on: \AppState.count) { (count: inout Int, _: Increment) in count += 1 }
/// }
/// await store.send(Increment()) { $0.count = 1 }
/// await store.receive(Logged.self)               // dispatched by middleware
/// await store.finish()
/// ```
///
/// Effects (see ``BrigadeRedux/Effect``) are tested the same way: the actions they dispatch are received, and
/// ``receive(_:timeout:sourceLocation:assert:)`` waits for them (up to a timeout, never by sleeping). With a
/// ``ManualClock`` as the `clock`, a debounce or a retry runs when the test advances the clock:
///
/// ```swift
/// let clock = ManualClock()
/// let store = TestStore(initialState: SearchState(), clock: clock) { reducers in registerSearch(reducers) }
/// await store.send(Search(query: "so")) { $0.query = "so" }
/// await clock.waitForSleepers(1)
/// clock.advance(by: .milliseconds(300))           // the debounce ends now
/// await store.receive(SearchResults.self) { $0.results = ["soup"] }
/// await store.finish()                            // fails if an effect is still running
/// ```
///
/// - ``send(_:sourceLocation:assert:)`` dispatches an action and asserts the state change its own reducers made.
/// - Actions dispatched meanwhile by middleware or by priority subscribers, and the changes of asynchronous reducers,
///   are *received*: each must be asserted with ``receive(_:timeout:sourceLocation:assert:)`` or
///   ``receiveAsyncChange(of:sourceLocation:assert:)``, in order.
/// - Exhaustive by default: a change the test did not assert fails, with a field-level diff. With
///   ``Exhaustivity/off`` only the fields the test sets are checked.
/// - ``finish(timeout:sourceLocation:)`` waits for the running effects, then fails for anything received but not
///   asserted and for each effect still running, unless the test called ``skipInFlightEffects()``.
/// - ``expectCancelled(id:sourceLocation:)`` asserts that the work of an identity was cancelled.
/// - Failures are Swift Testing issues at the caller's source location, or XCTest failures (``FailureReporter``).
/// - States are compared on the main actor with their `Equatable` conformance, found when the test store is made, so
///   a conformance isolated to the main actor (every conformance of an app target with default main-actor isolation)
///   serves; a state that is not `Equatable` is compared member by member, as its diff is made.
@MainActor
public final class TestStore<State: Sendable> {
    /// How strictly state changes are checked.
    public enum Exhaustivity: Sendable {
        /// Every change must be asserted.
        case on
        /// Only the fields an assertion sets are checked.
        case off
    }

    /// The store under test.
    public let store: Store<State>
    /// How strictly changes are checked; ``Exhaustivity/on`` by default.
    public var exhaustivity: Exhaustivity = .on
    /// Where failures go; ``FailureReporter/standard`` by default.
    public var reporter = FailureReporter.standard
    /// How long ``receive(_:timeout:sourceLocation:assert:)``, ``expectEffectFailed(timeout:sourceLocation:)`` and
    /// ``finish(timeout:sourceLocation:)`` wait for running effects when not given a timeout: 5 seconds by default.
    ///
    /// A test only waits this long when it is about to fail; a passing one returns as soon as the effect dispatched.
    /// The margin is for machines that are loaded or run under a sanitizer, where an effect that finishes at once
    /// may still take a second to be scheduled.
    public var timeout: Duration = .seconds(5)
    /// The state as the test has asserted it so far.
    public internal(set) var assertedState: State
    /// The actions and changes received and not yet asserted (internal: the session replay consumes them).
    var events: [Event] = []
    private var isFinished = false
    /// The identities of the effects cancelled and not yet asserted, oldest first.
    private var cancelled: [AnyHashable] = []
    /// The test's wait for the next received action, effect end or deadline.
    private var signal: CheckedContinuation<Void, Never>?
    /// The errors effects threw and did not catch, as the store reported them, not yet failed for.
    private var effectFailures: [StoreDiagnostic] = []
    /// Reads of the state refused while reducers changed it in place: each fails the test at the next step.
    private var refusedReads: [StoreDiagnostic] = []

    struct Event {
        let description: String
        let actionType: Any.Type?
        let asyncOf: Any.Type?
        let state: State
    }

    /// A test store around a new store holding `initialState`.
    /// - Parameters:
    ///   - initialState: The state the store starts from.
    ///   - middleware: The store's middleware.
    ///   - clock: The clock the store's effects wait on (``BrigadeRedux/Store/effectClock``), usually a
    ///     ``ManualClock``; the store's continuous clock when `nil`.
    ///   - reducers: Registers the reducers under test.
    public convenience init(
        initialState: State,
        middleware: [Middleware<State>] = [],
        clock: (any Clock<Duration>)? = nil,
        reducers: (ReducerContainer) -> Void
    ) {
        let store = Store(initialState: initialState, middleware: middleware)
        if let clock {
            store.effectClock = clock
        }
        reducers(store.reducers)
        self.init(store: store)
    }

    /// A test store around `store`, from its current state.
    ///
    /// What already observes the store's reductions and effects (an attached `Inspector`, say) goes on being told:
    /// the test store is told after it.
    public init(store: Store<State>) {
        self.store = store
        assertedState = store.currentState
        let reductionObserver = store.reductionObserver
        store.reductionObserver = { [weak self] event in
            reductionObserver?(event)
            self?.record(event)
        }
        let effectObserver = store.effectObserver
        store.effectObserver = { [weak self] event in
            effectObserver?(event)
            self?.record(event)
        }
        store.addDiagnosticHandler { [weak self] diagnostic in
            switch diagnostic {
            case .effectFailed: self?.effectFailures.append(diagnostic)
            case .stateReadDuringReduce: self?.refusedReads.append(diagnostic)
            default: break
            }
        }
    }

    /// Fails for each error an effect threw and did not catch, and each read of the state refused during a reduce,
    /// since the last check: a test does not pass over a failure the app would only report to its diagnostic handlers.
    private func failForReportedFailures(at location: SourceLocation) {
        for failure in effectFailures {
            reporter.fail("an effect's error was not caught: \(failure)", at: location)
        }
        effectFailures.removeAll()
        for refused in refusedReads {
            reporter.fail("\(refused)", at: location)
        }
        refusedReads.removeAll()
    }

    isolated deinit {
        let location = SourceLocation(
            fileID: "BrigadeTesting/TestStore.swift", filePath: #filePath, line: #line, column: 1)
        if !isFinished, !events.isEmpty {
            reporter.fail(
                "the test ended with \(events.count) received action(s) not asserted: "
                    + events.map(\.description).joined(separator: ", "),
                at: location)
        }
        if !isFinished {
            failForReportedFailures(at: location)
        }
        if !isFinished, store.runningEffectCount > 0 {
            reporter.fail(
                "the test ended with \(store.runningEffectCount) effect(s) still running: "
                    + store.runningEffects.map(\.description).joined(separator: ", "),
                at: location)
            store.cancelAllEffects()
        }
    }

    // MARK: - Services

    /// Replaces, for this test's store alone, the service of type `type` that its effects resolve through
    /// ``BrigadeRedux/Effect/Send/services``: the app's kitchen keeps its own registration. Effects started afterwards
    /// get the replacement.
    ///
    /// ```swift
    /// let store = TestStore(store: app.store)
    /// store.replace((any TaskAPI).self, with: SlowAPI(clock: clock))
    /// ```
    public func replace<Service: Sendable>(_ type: Service.Type, with service: Service) {
        store.effectServices.replace(type, with: service)
    }

    // MARK: - Assertions

    /// Dispatches `action`, waits for its asynchronous reducers, and asserts the change its own reducers made to the
    /// state: `assert` receives the state as asserted so far and sets what the test expects.
    ///
    /// Fails when a received action from an earlier step is still unasserted.
    public func send<A: Action>(
        _ action: A,
        sourceLocation: SourceLocation = #_sourceLocation,
        assert update: ((inout State) throws -> Void)? = nil
    ) async {
        if !events.isEmpty {
            reporter.fail(
                "sent \(A.self) while \(events.count) received action(s) are not asserted: "
                    + events.map(\.description).joined(separator: ", "),
                at: sourceLocation)
            events.removeAll()
            assertedState = store.currentState
        }
        failForReportedFailures(at: sourceLocation)
        await store.dispatchAndWait(action, at: nil)
        let own = events.first.flatMap { $0.actionType == A.self ? $0 : nil }
        if own != nil {
            events.removeFirst()
        }
        check(own?.state ?? assertedState, update, step: "sending \(A.self)", at: sourceLocation)
    }

    /// Asserts the next received action: an action of type `type` dispatched by an effect, middleware or a priority
    /// subscriber, and the change its reducers made.
    ///
    /// When nothing was received yet and effects are running, waits until one of them dispatches, up to `timeout`;
    /// fails at once when nothing was received and no effect runs.
    public func receive<A: Action>(
        _ type: A.Type,
        timeout: Duration? = nil,
        sourceLocation: SourceLocation = #_sourceLocation,
        assert update: ((inout State) throws -> Void)? = nil
    ) async {
        let timeout = timeout ?? self.timeout
        await waitWhileEffectsRun(timeout: timeout) { !self.events.isEmpty }
        failForReportedFailures(at: sourceLocation)
        guard let event = events.first else {
            let running = store.runningEffects.map(\.description)
            reporter.fail(
                "expected to receive \(A.self), but nothing was received"
                    + (running.isEmpty
                        ? "" : " within \(timeout) while running: " + running.joined(separator: ", ")),
                at: sourceLocation)
            return
        }
        events.removeFirst()
        guard event.actionType == A.self else {
            reporter.fail("expected to receive \(A.self), but received \(event.description)", at: sourceLocation)
            assertedState = event.state
            return
        }
        check(event.state, update, step: "receiving \(A.self)", at: sourceLocation)
    }

    /// Asserts the next received change of an asynchronous reducer of the action type `type`.
    public func receiveAsyncChange<A: Action>(
        of type: A.Type,
        sourceLocation: SourceLocation = #_sourceLocation,
        assert update: ((inout State) throws -> Void)? = nil
    ) async {
        guard let event = events.first else {
            reporter.fail("expected the async change of \(A.self), but nothing was received", at: sourceLocation)
            return
        }
        events.removeFirst()
        guard event.asyncOf == A.self else {
            reporter.fail(
                "expected the async change of \(A.self), but received \(event.description)", at: sourceLocation)
            assertedState = event.state
            return
        }
        check(event.state, update, step: "the async change of \(A.self)", at: sourceLocation)
    }

    /// Asserts that the work of identity `id` was cancelled (by an action's ``BrigadeRedux/Effect/cancel(id:)``, a
    /// new effect's `cancelInFlight`, a disposed subscription or the store) since the test store was made or the
    /// last assertion of that cancellation. Nothing the cancelled work sends afterwards reaches the state; work of the
    /// same identity started later (by `cancelInFlight`) is not affected.
    public func expectCancelled(id: any Hashable & Sendable, sourceLocation: SourceLocation = #_sourceLocation) {
        let key = AnyHashable(id)
        if let index = cancelled.firstIndex(of: key) {
            cancelled.remove(at: index)
        } else {
            reporter.fail("expected the effect \(id) to be cancelled, but it was not", at: sourceLocation)
        }
    }

    /// Asserts that an effect's work threw an error it did not catch (``BrigadeRedux/StoreDiagnostic/effectFailed(effect:error:)``),
    /// the oldest not yet asserted: for a test of work that fails by design, whose failure the app leaves to its
    /// diagnostic handlers. Waits up to `timeout` while effects run. Without it, such a failure fails the test.
    ///
    /// - Returns: The failure's description, naming the effect and the error; `nil` when none came (the test fails).
    @discardableResult
    public func expectEffectFailed(
        timeout: Duration? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async -> String? {
        await waitWhileEffectsRun(timeout: timeout ?? self.timeout) { !self.effectFailures.isEmpty }
        guard !effectFailures.isEmpty else {
            reporter.fail("expected an effect to fail, but none did", at: sourceLocation)
            return nil
        }
        return effectFailures.removeFirst().description
    }

    /// Cancels the effects still running, so that ``finish(timeout:sourceLocation:)`` does not fail for them: for a
    /// test that checks only the start of long-running work (a stream of updates, a timer).
    public func skipInFlightEffects() {
        store.cancelAllEffects()
        cancelled.removeAll()
    }

    /// Ends the test: waits up to `timeout` for the running effects to end, then fails for each received action or
    /// change not asserted, and for each effect still running (which it cancels).
    public func finish(timeout: Duration? = nil, sourceLocation: SourceLocation = #_sourceLocation) async {
        let timeout = timeout ?? self.timeout
        await waitWhileEffectsRun(timeout: timeout) { false }
        isFinished = true
        failForReportedFailures(at: sourceLocation)
        if !events.isEmpty {
            reporter.fail(
                "\(events.count) received action(s) not asserted: " + events.map(\.description).joined(separator: ", "),
                at: sourceLocation)
            events.removeAll()
        }
        if store.runningEffectCount > 0 {
            reporter.fail(
                "\(store.runningEffectCount) effect(s) still running after \(timeout): "
                    + store.runningEffects.map(\.description).joined(separator: ", ")
                    + " (let them end, cancel them, or call skipInFlightEffects())",
                at: sourceLocation)
            store.cancelAllEffects()
        }
    }

    // MARK: - Waiting

    /// Returns when `isDone` holds, when no effect runs, or after `timeout`: wakes on each received action and each
    /// effect's end, never by polling.
    private func waitWhileEffectsRun(timeout: Duration, until isDone: () -> Bool) async {
        guard !isDone(), store.runningEffectCount > 0 else { return }
        let deadline = ContinuousClock.now.advanced(by: timeout)
        let timer = Task { @MainActor [weak self] in
            try? await Task.sleep(until: deadline, clock: .continuous)
            self?.wake()
        }
        defer { timer.cancel() }
        // The timer wakes the test at or after the deadline, so checking the time before each wait loses no wake.
        while !isDone(), store.runningEffectCount > 0, ContinuousClock.now < deadline {
            await withCheckedContinuation { continuation in
                signal = continuation
            }
        }
    }

    private func wake() {
        let waiting = signal
        signal = nil
        waiting?.resume()
    }

    // MARK: - Checking

    private func record(_ event: EffectEvent) {
        switch event {
        case .started:
            break
        case .cancelled(_, let id):
            if let id {
                cancelled.append(id)
            }
        case .finished:
            wake()
        }
    }

    private func record(_ event: ReductionEvent<State>) {
        defer { wake() }
        switch event {
        case .action(let action, let state):
            events.append(
                Event(description: "\(type(of: action))", actionType: type(of: action), asyncOf: nil, state: state))
        case .asyncChange(let actionType, let state):
            events.append(
                Event(description: "async change of \(actionType)", actionType: nil, asyncOf: actionType, state: state))
        }
    }

    /// Whether `lhs` equals `rhs`: by the state's `Equatable` conformance, looked up here on the main actor (where a
    /// main-actor isolated one is found too), else member by member.
    static func isEqual(_ lhs: State, _ rhs: State) -> Bool {
        guard let lhs = lhs as? any Equatable else {
            return StateDiff.lines(expected: lhs, actual: rhs).isEmpty
        }
        func equals<Value: Equatable>(_ lhs: Value) -> Bool {
            (rhs as? Value).map { lhs == $0 } ?? false
        }
        return equals(lhs)
    }

    private func check(
        _ actual: State,
        _ update: ((inout State) throws -> Void)?,
        step: String,
        at location: SourceLocation
    ) {
        defer { assertedState = actual }
        switch exhaustivity {
        case .on:
            var expected = assertedState
            do {
                try update?(&expected)
            } catch {
                reporter.fail("the assertion for \(step) threw: \(error)", at: location)
                return
            }
            guard !Self.isEqual(expected, actual) else { return }
            let diff = StateDiff.lines(expected: expected, actual: actual)
            reporter.fail(
                "state after \(step) is not as asserted:\n" + diff.map { "  " + $0 }.joined(separator: "\n"),
                at: location)
        case .off:
            var checked = actual
            do {
                try update?(&checked)
            } catch {
                reporter.fail("the assertion for \(step) threw: \(error)", at: location)
                return
            }
            guard !Self.isEqual(checked, actual) else { return }
            let diff = StateDiff.lines(expected: checked, actual: actual)
            reporter.fail(
                "state after \(step) does not have the asserted fields:\n"
                    + diff.map { "  " + $0 }.joined(separator: "\n"),
                at: location)
        }
    }
}
