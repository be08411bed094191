import BrigadeLocking
import Foundation
import Observation

/// What `ObservedState` checks about the process it runs in, and what it says in a debug build.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public enum ObservedStateDiagnostics {
    /// Whether `ObservedState` drops the members read by views that are gone, so that a delivery's cost and its
    /// memory follow the views alive now.
    ///
    /// To see that a view is gone, `ObservedState` relies on Observation holding a key path a tracking registered for
    /// as long as the tracking lasts and letting it go when the tracking ends. Apple documents `access`,
    /// `withObservationTracking` and `onChange`, not what they hold, so this is checked once per process, with those
    /// documented calls on a probe: a tracking registers a key path; it must be held; a change ends the tracking; it
    /// must be let go. When the check fails (an Observation that changed), members are kept until they change
    /// instead, which is always right and costs only memory and delivery time; a debug build then prints a warning
    /// once. Views are told about every change either way.
    public static let dropsMembersOfGoneViews: Bool = {
        let holds = observationHoldsTrackedKeyPaths()
        #if DEBUG
        if !holds {
            warn(
                "ObservedState: this Observation does not hold the key paths it tracks as Brigade expects; the "
                    + "members views read are kept until they change (views are still told of every change)")
        }
        #endif
        return holds
    }()

    /// Where a debug build's warnings go: standard error, or what ``collectingWarnings(_:)`` collects.
    private static let collected = Locked<[String]?>(nil)

    private static let warned = Locked<Set<String>>([])

    /// Says `message` once in the process.
    package static func warn(_ message: String) {
        guard warned.withLock({ $0.insert(message).inserted }) else { return }
        let isCollected = collected.withLock { collected in
            collected?.append(message)
            return collected != nil
        }
        if !isCollected {
            FileHandle.standardError.write(Data((message + "\n").utf8))
        }
    }

    /// Runs `body` and returns the warnings said during it, instead of writing them to standard error: for tests.
    package static func collectingWarnings(_ body: () throws -> Void) rethrows -> [String] {
        collected.withLock { $0 = [] }
        defer { collected.withLock { $0 = nil } }
        try body()
        return collected.withLock { $0 ?? [] }
    }

    /// The check of ``dropsMembersOfGoneViews``, with documented calls only.
    private static func observationHoldsTrackedKeyPaths() -> Bool {
        let probe = Probe()
        // A key path made at run time: one instance, which only this function and Observation may hold.
        var keyPath = (\Probe.inner).appending(path: \Probe.Inner.count)
        withObservationTracking {
            probe.registrar.access(probe, keyPath: keyPath)
        } onChange: {
        }
        let heldWhileTracked = !isKnownUniquelyReferenced(&keyPath)
        probe.registrar.willSet(probe, keyPath: keyPath)
        probe.registrar.didSet(probe, keyPath: keyPath)
        return heldWhileTracked && isKnownUniquelyReferenced(&keyPath)
    }

    /// What the check observes.
    private final class Probe: Observable, Sendable {
        struct Inner {
            var count = 0
        }

        let registrar = ObservationRegistrar()
        var inner: Inner { Inner() }
    }
}

/// The warnings of ``ObservedState`` in a debug build.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@usableFromInline
package enum _ObservedStateWarning {
    /// Says once per key path that `keyPath` cannot be compared, and what to read instead.
    @usableFromInline
    package static func _uncomparable(_ keyPath: AnyKeyPath) {
        ObservedStateDiagnostics.warn(
            "ObservedState: \(keyPath) goes through a subscript or a computed property, so it cannot be compared: "
                + "every new state redraws a view that reads it. Read an element by its id (state[\\.items, id: id]) "
                + "or a stored member (state.items) instead.")
    }
}
