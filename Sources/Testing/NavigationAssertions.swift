import BrigadeCore
import BrigadeWireframe
import Testing

/// What a ``BrigadeWireframe/HeadlessNavigator`` shows, by controller type name: for asserting navigation in one line.
public struct NavigationSnapshot: Equatable, Sendable, CustomStringConvertible {
    /// The navigation stack, bottom first.
    public let stack: [String]
    /// The modals, the first presented first.
    public let modals: [String]

    /// Creates a snapshot.
    public init(stack: [String], modals: [String] = []) {
        self.stack = stack
        self.modals = modals
    }

    /// `stack: A > B; modals: C`.
    public var description: String {
        "stack: " + stack.joined(separator: " > ") + "; modals: " + modals.joined(separator: " > ")
    }
}

extension HeadlessNavigator {
    /// The navigator's stacks, by controller type name.
    public var snapshot: NavigationSnapshot {
        NavigationSnapshot(
            stack: stack.map { String(describing: type(of: $0)) },
            modals: modalStack.map { String(describing: type(of: $0)) })
    }
}

/// Assertions on a ``BrigadeWireframe/HeadlessNavigator``, reported like ``TestStore``'s failures.
@MainActor
public struct NavigationAssertions {
    private let navigator: HeadlessNavigator
    private let reporter: FailureReporter

    /// Assertions on `navigator`, reported through `reporter`.
    public init(_ navigator: HeadlessNavigator, reporter: FailureReporter = .standard) {
        self.navigator = navigator
        self.reporter = reporter
    }

    /// Fails unless the navigation stack holds controllers of exactly these types, bottom first.
    public func assertStack(_ types: [any Controller.Type], sourceLocation: SourceLocation = #_sourceLocation) {
        check("navigation stack", navigator.snapshot.stack, types, sourceLocation)
    }

    /// Fails unless the modal stack holds controllers of exactly these types, the first presented first.
    public func assertModals(_ types: [any Controller.Type], sourceLocation: SourceLocation = #_sourceLocation) {
        check("modal stack", navigator.snapshot.modals, types, sourceLocation)
    }

    private func check(
        _ name: String,
        _ actual: [String],
        _ types: [any Controller.Type],
        _ location: SourceLocation
    ) {
        let expected = types.map { String(describing: $0) }
        if actual != expected {
            reporter.fail(
                "\(name) is [\(actual.joined(separator: ", "))], expected [\(expected.joined(separator: ", "))]",
                at: location)
        }
    }

    /// Fails unless the lifecycle log (the navigator must record it) ends with `entries`, written as
    /// `Type.event`, e.g. `"MenuScreen.willAppear(animated)"`; earlier entries are not checked. Then clears the log,
    /// so the next assertion sees only what happens after this one.
    public func assertLifecycle(_ entries: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let log = navigator.lifecycleLog.map(\.description)
        if log.count < entries.count || !log.suffix(entries.count).elementsEqual(entries) {
            reporter.fail(
                "lifecycle was:\n" + log.map { "  " + $0 }.joined(separator: "\n") + "\nexpected it to end with:\n"
                    + entries.map { "  " + $0 }.joined(separator: "\n"),
                at: sourceLocation)
        }
        navigator.clearLifecycleLog()
    }
}
