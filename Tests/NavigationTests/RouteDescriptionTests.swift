import BrigadeCore
import BrigadeNavigation
import BrigadeWireframe
import Foundation
import Testing

@Suite("RouteDescription: a saved path restores exactly, or is refused")
@MainActor
struct RouteDescriptionTests {
    let routes: NotesRoutes
    let navigator: ObservableNavigator

    init() throws {
        routes = try NotesRoutes()
        navigator = ObservableNavigator(wireframe: routes.wireframe)
        routes.wireframe.navigateOn(navigator)
    }

    /// The path `urls` restores on a fresh app, root first.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    func restore(_ urls: [URL]) async throws -> [RouteDescription] {
        let restoredRoutes = try NotesRoutes()
        let restored = ObservableNavigator(wireframe: restoredRoutes.wireframe)
        restoredRoutes.wireframe.navigateOn(restored)
        try await restoredRoutes.wireframe.route(stack: urls)
        return [restored.root].compactMap { $0 } + restored.path
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("state restoration keeps a route's query parameters")
    func restorationKeepsQueryParameters() async throws {
        try await routes.wireframe.route(to: "/notes?sort=date&filter=a%26b", option: .root)
        try await routes.wireframe.route(to: "/notes/7?highlight=cr%C3%A8me")
        let saved = [try #require(navigator.root)] + navigator.path
        #expect(saved[0].parameters == ["sort": "date", "filter": "a&b"])
        let urls = try routes.wireframe.urls(for: saved)
        #expect(urls.map(\.absoluteString) == ["/notes?filter=a%26b&sort=date", "/notes/7?highlight=cr%C3%A8me"])
        #expect(try await restore(urls) == saved)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("an id or a wildcard segment with an encoded slash is restored at its own level, not one deeper")
    func encodedSlashRestoresAtItsLevel() async throws {
        try await routes.wireframe.route(to: "/notes", option: .root)
        try await routes.wireframe.route(to: "/notes/a%2Fb")
        try await routes.wireframe.route(to: "/files/x%2Fy/z")
        let files = try #require(navigator.path.last)
        #expect(try files.routeParameters.value(RouteParameters.wildcard, as: [String].self) == ["x/y", "z"])
        let saved = [try #require(navigator.root)] + navigator.path
        let urls = try routes.wireframe.urls(for: saved)
        #expect(urls.map(\.absoluteString) == ["/notes", "/notes/a%2Fb", "/files/x%2Fy/z"])
        let restored = try await restore(urls)
        #expect(restored == saved)
        #expect(try restored.last?.routeParameters.value(RouteParameters.wildcard, as: [String].self) == ["x/y", "z"])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a saved path survives JSON and restores the same wildcard segments")
    func codableWildcardRoundTrips() async throws {
        try await routes.wireframe.route(to: "/notes", option: .root)
        try await routes.wireframe.route(to: "/files/100%25/a%2Fb")
        let data = try JSONEncoder().encode(navigator.path)
        navigator.path = []
        navigator.path = try JSONDecoder().decode([RouteDescription].self, from: data)
        #expect(navigator.lastError == nil)
        #expect(navigator.stack.count == 2)
        #expect(try navigator.path.last?.routeParameters.strings(RouteParameters.wildcard) == ["100%", "a/b"])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a route whose parameter is empty is refused, not shown by another route's screen")
    func emptyParameterIsRefused() async throws {
        try await routes.wireframe.route(to: "/notes", option: .root)
        let empty = RouteDescription(pattern: "/notes/:id", parameters: ["id": ""])
        #expect(throws: WireframeError.self) { try routes.wireframe.url(for: empty) }
        navigator.path = [empty]
        #expect(navigator.path.isEmpty)
        #expect(names(navigator.stack) == ["notes"])
        #expect(navigator.lastError?.description.contains("parameter 'id' is empty") == true)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a saved navigation state restores the path and the modals, query items included, in one transition")
    func navigationStateRestoresModals() async throws {
        try await routes.wireframe.route(to: "/notes?sort=date", option: .root)
        try await routes.wireframe.route(to: "/notes/a%2Fb?highlight=x")
        try await routes.wireframe.route(to: "/notes/7/edit?draft=1", option: .modal)
        try await routes.wireframe.route(to: "/files/x%2Fy/z", option: .modal)
        let saved = try JSONEncoder().encode(routes.wireframe.navigationState())

        let restoredRoutes = try NotesRoutes()
        let restored = ObservableNavigator(wireframe: restoredRoutes.wireframe)
        restoredRoutes.wireframe.navigateOn(restored)
        try await restoredRoutes.wireframe.route(state: JSONDecoder().decode(NavigationState.self, from: saved))
        #expect(restored.root == navigator.root)
        #expect(restored.path == navigator.path)
        #expect(restored.modalPath == navigator.modalPath)
        #expect(restored.modalPath.first?.parameters == ["id": "7", "draft": "1"])
        #expect(
            restoredRoutes.log.entries.filter { !$0.contains("presenter") } == [
                // Two sheets over the note: all three are on screen; the list loads when it first shows.
                "note a/b.load", "edit 7.load", "/files/x/y/z.load", "note a/b.willAppear(not animated)",
                "edit 7.willAppear(not animated)", "/files/x/y/z.willAppear(not animated)",
                "note a/b.didAppear(not animated)", "edit 7.didAppear(not animated)",
                "/files/x/y/z.didAppear(not animated)",
            ])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a saved navigation state keeps each modal's style on ObservableNavigator, in one change")
    func navigationStateKeepsModalStyles() async throws {
        try await routes.wireframe.route(to: "/notes", option: .root)
        try await routes.wireframe.route(to: "/notes/7/edit", option: .modal.presented(as: .fullScreen))
        try await routes.wireframe.route(to: "/notes/8", option: .modal)
        let saved = try routes.wireframe.navigationState()
        #expect(saved.modalStyles == [.fullScreen, .sheet])

        let restoredRoutes = try NotesRoutes()
        let restored = ObservableNavigator(wireframe: restoredRoutes.wireframe)
        restoredRoutes.wireframe.navigateOn(restored)
        try await restoredRoutes.wireframe.route(state: saved)
        #expect(restored.modalPath == navigator.modalPath)
        #expect(restored.modalStack.map { restored.modalStyle(of: $0) } == [.fullScreen, .sheet])
        // The sheet and the full-screen modal under it are on screen; the full-screen modal hides the stack.
        #expect(
            restoredRoutes.log.entries.filter { $0.contains("Appear") && !$0.contains("presenter") }
                .map { $0.prefix { $0 != "." } } == ["edit 7", "note 8", "edit 7", "note 8"])
        #expect(try restoredRoutes.wireframe.navigationState() == saved)
    }
}
