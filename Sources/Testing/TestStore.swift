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
/// - ``send(_:sourceLocation:assert:)`` dispatches an action and asserts the state change its own reducers made.
/// - Actions dispatched meanwhile by middleware or by priority subscribers, and the changes of asynchronous reducers,
///   are *received*: each must be asserted with ``receive(_:sourceLocation:assert:)`` or
///   ``receiveAsyncChange(of:sourceLocation:assert:)``, in order.
/// - Exhaustive by default: a change the test did not assert fails, with a field-level diff. With
///   ``Exhaustivity/off`` only the fields the test sets are checked.
/// - ``finish(sourceLocation:)`` fails for anything received but not asserted.
/// - Failures are Swift Testing issues at the caller's source location, or XCTest failures (``FailureReporter``).
@MainActor
public final class TestStore<State: Sendable & Equatable> {
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
    /// The state as the test has asserted it so far.
    public private(set) var assertedState: State
    private var events: [Event] = []
    private var isFinished = false

    private struct Event {
        let description: String
        let actionType: Any.Type?
        let asyncOf: Any.Type?
        let state: State
    }

    /// A test store around a new store holding `initialState`.
    /// - Parameters:
    ///   - initialState: The state the store starts from.
    ///   - middleware: The store's middleware.
    ///   - reducers: Registers the reducers under test.
    public convenience init(
        initialState: State,
        middleware: [Middleware<State>] = [],
        reducers: (ReducerContainer) -> Void
    ) {
        let store = Store(initialState: initialState, middleware: middleware)
        reducers(store.reducers)
        self.init(store: store)
    }

    /// A test store around `store`, from its current state.
    public init(store: Store<State>) {
        self.store = store
        assertedState = store.currentState
        store.reductionObserver = { [weak self] event in
            self?.record(event)
        }
    }

    isolated deinit {
        if !isFinished, !events.isEmpty {
            reporter.fail(
                "the test ended with \(events.count) received action(s) not asserted: "
                    + events.map(\.description).joined(separator: ", "),
                at: SourceLocation(
                    fileID: "BrigadeTesting/TestStore.swift", filePath: #filePath, line: #line, column: 1))
        }
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
        await store.dispatchAndWait(action)
        let own = events.first.flatMap { $0.actionType == A.self ? $0 : nil }
        if own != nil {
            events.removeFirst()
        }
        check(own?.state ?? assertedState, update, step: "sending \(A.self)", at: sourceLocation)
    }

    /// Asserts the next received action: an action of type `type` dispatched by middleware or a priority subscriber,
    /// and the change its reducers made.
    public func receive<A: Action>(
        _ type: A.Type,
        sourceLocation: SourceLocation = #_sourceLocation,
        assert update: ((inout State) throws -> Void)? = nil
    ) async {
        guard let event = events.first else {
            reporter.fail("expected to receive \(A.self), but nothing was received", at: sourceLocation)
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

    /// Ends the test: fails for each received action or change not asserted.
    public func finish(sourceLocation: SourceLocation = #_sourceLocation) async {
        isFinished = true
        if !events.isEmpty {
            reporter.fail(
                "\(events.count) received action(s) not asserted: " + events.map(\.description).joined(separator: ", "),
                at: sourceLocation)
            events.removeAll()
        }
    }

    // MARK: - Checking

    private func record(_ event: ReductionEvent<State>) {
        switch event {
        case .action(let action, let state):
            events.append(
                Event(description: "\(type(of: action))", actionType: type(of: action), asyncOf: nil, state: state))
        case .asyncChange(let actionType, let state):
            events.append(
                Event(description: "async change of \(actionType)", actionType: nil, asyncOf: actionType, state: state))
        }
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
            guard expected != actual else { return }
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
            guard checked != actual else { return }
            let diff = StateDiff.lines(expected: checked, actual: actual)
            reporter.fail(
                "state after \(step) does not have the asserted fields:\n"
                    + diff.map { "  " + $0 }.joined(separator: "\n"),
                at: location)
        }
    }
}
