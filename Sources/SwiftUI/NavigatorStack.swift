#if canImport(SwiftUI)
import BrigadeCore
import BrigadeNavigation
import SwiftUI

/// A `NavigationStack` bound to an ``ObservableNavigator``: its root and path, and a sheet for every modal level,
/// each over the level below it.
///
/// ```swift
/// NavigatorStack(navigator: navigator) { route in
///     switch route.pattern {
///     case "/notes": NoteListView(notes: notes)
///     default: NoteView(route: route)
///     }
/// }
/// ```
///
/// A back swipe or a sheet swiped down sets the navigator's path, which delivers the lifecycle events; this view
/// forwards none.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public struct NavigatorStack<Content: View>: View {
    @Bindable private var navigator: ObservableNavigator
    private let content: (RouteDescription) -> Content

    /// Creates the stack; `content` draws the view of a route.
    public init(navigator: ObservableNavigator, @ViewBuilder content: @escaping (RouteDescription) -> Content) {
        // Not `self.navigator = navigator`: SwiftUI declares `Bindable.init(wrappedValue:)` in an extension constrained
        // to `Observable` classes, and definite initialization does not see such an initializer.
        _navigator = Bindable(navigator)
        self.content = content
    }

    /// The navigation stack, with `content` for the root and every route of the path, and the first modal level.
    public var body: some View {
        NavigationStack(path: $navigator.path) {
            if let root = navigator.root {
                content(root).navigationDestination(for: RouteDescription.self) { route in content(route) }
            }
        }
        .sheet(item: $navigator[sheetAbove: 0]) { level in
            ModalLevelView(navigator: navigator, level: level, content: content)
        }
    }
}

/// One modal level: its route in a navigation stack of its own, and the level above it as its sheet.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct ModalLevelView<Content: View>: View {
    @Bindable private var navigator: ObservableNavigator
    private let level: NavigationLevel
    private let content: (RouteDescription) -> Content

    init(navigator: ObservableNavigator, level: NavigationLevel, content: @escaping (RouteDescription) -> Content) {
        _navigator = Bindable(navigator)
        self.level = level
        self.content = content
    }

    var body: some View {
        NavigationStack {
            content(level.route)
        }
        .sheet(item: $navigator[sheetAbove: level.index]) { above in
            ModalLevelView(navigator: navigator, level: above, content: content)
        }
    }
}
#endif
