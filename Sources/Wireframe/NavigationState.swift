#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a navigator shows, as links: the navigation stack and the modals above it, each bottom first. Codable, so
/// an app saves it at suspension and restores it at launch.
///
/// ```swift
/// let saved = try wireframe.navigationState()              // stack and modals, query items included
/// let data = try JSONEncoder().encode(saved)
/// // at the next launch:
/// try await wireframe.route(state: JSONDecoder().decode(NavigationState.self, from: data))
/// ```
///
/// Each URL was built by reverse routing, which checks that it routes back to the same pattern and values, so a
/// restored screen gets the parameters (as text) the saved one had.
public struct NavigationState: Hashable, Sendable, Codable {
    /// The navigation stack, bottom first.
    public var stack: [URL]
    /// The modals, the first presented first.
    public var modals: [URL]

    /// Creates a state.
    public init(stack: [URL], modals: [URL] = []) {
        self.stack = stack
        self.modals = modals
    }
}
