#if canImport(SwiftUI)
import BrigadeCore
import BrigadeNavigation
import SwiftUI

/// A `NavigationStack` bound to an ``ObservableNavigator``: its root and path, and every modal level in its style, a
/// sheet or a full-screen cover, each over the level below it.
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
/// A back swipe, a sheet swiped down or a cover dismissed sets the navigator's path, which delivers the lifecycle
/// events; this view forwards none. macOS has no full-screen covers: there every modal level is a sheet.
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
        ModalPresenting(navigator: navigator, level: 0, content: content) {
            NavigationStack(path: $navigator.path) {
                if let root = navigator.root {
                    content(root).navigationDestination(for: RouteDescription.self) { route in content(route) }
                }
            }
        }
    }
}

/// One modal level: its route in a navigation stack of its own, and the level above it.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct ModalLevelView<Content: View>: View {
    let navigator: ObservableNavigator
    let level: NavigationLevel
    let content: (RouteDescription) -> Content

    var body: some View {
        ModalPresenting(navigator: navigator, level: level.index, content: content) {
            NavigationStack {
                content(level.route)
            }
        }
    }
}

/// `base`, the view of level `level`, with the modal level above it presented in its style: a sheet, or a
/// full-screen cover (a sheet on macOS, which has no covers).
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct ModalPresenting<Base: View, Content: View>: View {
    @Bindable private var navigator: ObservableNavigator
    private let level: Int
    private let content: (RouteDescription) -> Content
    private let base: Base

    init(
        navigator: ObservableNavigator, level: Int, content: @escaping (RouteDescription) -> Content,
        @ViewBuilder base: () -> Base
    ) {
        _navigator = Bindable(navigator)
        self.level = level
        self.content = content
        self.base = base()
    }

    var body: some View {
        #if os(macOS)
        base.sheet(item: $navigator[sheetAbove: level]) { above in
            ModalLevelView(navigator: navigator, level: above, content: content)
        }
        #else
        base.sheet(item: $navigator[modalAbove: level, style: .sheet]) { above in
            ModalLevelView(navigator: navigator, level: above, content: content)
        }
        .fullScreenCover(item: $navigator[modalAbove: level, style: .fullScreen]) { above in
            ModalLevelView(navigator: navigator, level: above, content: content)
        }
        #endif
    }
}
#endif
