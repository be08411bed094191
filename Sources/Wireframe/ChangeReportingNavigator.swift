import BrigadeCore

/// A navigator that tells when what it shows changes, whoever changed it (a routing call, the user's back swipe, a
/// sheet swiped down): what a tool that follows the screens needs, such as the Inspector, which records the screens
/// after each change and restores a saved state through the wireframe (`route(state:)`).
///
/// `HeadlessNavigator`, `ObservableNavigator` (SwiftUI) and `HostNavigator` (UIKit) conform.
///
/// ```swift
/// let observation = navigator.observeChanges { print(navigator.stack.count) }
/// try await wireframe.route(to: "/notes/7")   // prints 2
/// observation.cancel()
/// ```
@MainActor
public protocol ChangeReportingNavigator: Navigator {
    /// Calls `observer` after each change of ``BrigadeCore/Navigator/stack`` or
    /// ``BrigadeCore/Navigator/modalStack``, once the change's lifecycle events were delivered, until the returned
    /// observation is cancelled or released.
    func observeChanges(_ observer: @escaping @MainActor () -> Void) -> NavigatorObservation
}

/// A navigator's change observer (``ChangeReportingNavigator/observeChanges(_:)``), called until ``cancel()`` or
/// until this is released. It holds the observer; the navigator holds it weakly, so what the observer captures is let
/// go with it.
@MainActor
public final class NavigatorObservation {
    fileprivate var observer: (@MainActor () -> Void)?

    fileprivate init(_ observer: @escaping @MainActor () -> Void) {
        self.observer = observer
    }

    /// Stops the calls, and lets go of the observer.
    public func cancel() {
        observer = nil
    }
}

/// The change observers of one navigator: what a navigator conforming to ``ChangeReportingNavigator`` keeps. An
/// observer is called while its observation is held and not cancelled.
@MainActor
package final class NavigatorObservers {
    private var observations: [Weak] = []

    private struct Weak {
        weak var observation: NavigatorObservation?
    }

    package init() {}

    /// Registers `observer`.
    package func add(_ observer: @escaping @MainActor () -> Void) -> NavigatorObservation {
        let observation = NavigatorObservation(observer)
        observations.removeAll { $0.observation?.observer == nil }
        observations.append(Weak(observation: observation))
        return observation
    }

    /// Calls every observer whose observation is held and not cancelled, and forgets the others. An observation
    /// cancelled or released by an earlier observer's call is not called.
    package func tell() {
        observations.removeAll { $0.observation?.observer == nil }
        for entry in observations {
            entry.observation?.observer?()
        }
    }
}
