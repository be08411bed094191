/// One level of what an ``ObservableNavigator`` shows, as SwiftUI draws it: level 0 is the navigation stack (its
/// root and path), level n ≥ 1 the n-th modal, drawn as a sheet over level n - 1 with a navigation stack of its own.
///
/// ```swift
/// // After routing /notes as root, then /notes/1/edit and /notes/2/edit modally:
/// navigator.levels.map(\.route.pattern)   // ["/notes", "/notes/:id/edit", "/notes/:id/edit"]
/// navigator[sheetAbove: 1]?.index         // 2: the sheet the view of level 1 presents
/// ```
///
/// Hashable and Identifiable by its index and route, so `.sheet(item:)` presents a new sheet when a level shows
/// another route.
public struct NavigationLevel: Hashable, Sendable, Identifiable {
    /// 0 for the navigation stack, n for the n-th modal.
    public let index: Int
    /// The route at the bottom of the level: the root of the navigation stack, or the modal's route.
    public let route: RouteDescription

    /// Creates a level.
    public init(index: Int, route: RouteDescription) {
        self.index = index
        self.route = route
    }

    /// The level itself: the same index and route are the same sheet for SwiftUI.
    public var id: NavigationLevel { self }
}
