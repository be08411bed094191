import BrigadeCore
import BrigadeNavigation
import BrigadeWireframe
import Foundation
import Testing

@Suite("ObservableNavigator: SwiftUI's state-driven navigator")
@MainActor
struct ObservableNavigatorTests {
    let routes: NotesRoutes
    let navigator: ObservableNavigator
    var log: EventLog { routes.log }

    init() throws {
        routes = try NotesRoutes()
        navigator = ObservableNavigator(wireframe: routes.wireframe)
        routes.wireframe.navigateOn(navigator)
    }

    func note(_ id: String) -> RouteDescription {
        RouteDescription(pattern: "/notes/:id", parameters: ["id": id])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("routing through the wireframe appends the route to the path")
    func routingAppendsToPath() async throws {
        try await routes.wireframe.route(to: "/notes", option: .root)
        try await routes.wireframe.route(to: "/notes/7")
        #expect(navigator.root == RouteDescription(pattern: "/notes"))
        #expect(navigator.path == [note("7")])
        #expect(names(navigator.stack) == ["notes", "note 7"])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a push tells views that read the path, not views that read only the root")
    func pushInvalidatesPathOnly() async throws {
        try await routes.wireframe.route(to: "/notes", option: .root)
        let pathReader = ChangeCounter()
        let rootReader = ChangeCounter()
        _ = pathReader.track { navigator.path }
        _ = rootReader.track { navigator.root }
        try await routes.wireframe.route(to: "/notes/1")
        #expect(pathReader.count == 1)
        #expect(rootReader.count == 0)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a back swipe (the path shrunk from outside) makes the top disappear, then its presenters, in order")
    func backSwipeDeliversDisappearance() async throws {
        try await routes.wireframe.route(to: "/notes", option: .root)
        try await routes.wireframe.route(to: "/notes/7")
        log.clear()
        navigator.path = []
        #expect(
            log.entries == [
                "note 7.willDisappear(animated)", "note 7/presenter.willDisappear(animated)",
                "notes.willAppear(animated)", "notes/presenter.willAppear(animated)",
                "note 7.didDisappear(animated)", "note 7/presenter.didDisappear(animated)",
                "notes.didAppear(animated)", "notes/presenter.didAppear(animated)",
            ])
        #expect(names(navigator.stack) == ["notes"])
        #expect(navigator.lastError == nil)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("after a back swipe the controller and its presenters are released")
    func backSwipeReleases() async throws {
        try await routes.wireframe.route(to: "/notes", option: .root)
        try await routes.wireframe.route(to: "/notes/7")
        #expect(routes.alive("note 7") == 1)
        navigator.path = []
        #expect(routes.alive("note 7") == 0)
        #expect(routes.presenters.filter { $0.presenter != nil }.count == 1)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("popping two at once from outside: only the top gets events, both are released")
    func popToRootFromOutside() async throws {
        try await routes.wireframe.route(to: "/notes", option: .root)
        try await routes.wireframe.route(to: "/notes/1")
        try await routes.wireframe.route(to: "/notes/2")
        log.clear()
        navigator.path = []
        #expect(!log.entries.contains { $0.hasPrefix("note 1.") })
        #expect(log.entries.contains("note 2.didDisappear(animated)"))
        #expect(routes.alive("note 1") + routes.alive("note 2") == 0)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a route appended from outside (NavigationLink(value:)) gets a controller from the wireframe and appears")
    func appendFromOutside() async throws {
        try await routes.wireframe.route(to: "/notes", option: .root)
        log.clear()
        navigator.path.append(note("3"))
        #expect(names(navigator.stack) == ["notes", "note 3"])
        #expect(log.entries.first == "note 3.load")
        #expect(log.entries.contains("note 3.didAppear(animated)"))
        #expect(navigator.controller(for: note("3")) === navigator.stack.last)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a path with a route that cannot be made changes nothing and is reported")
    func unmakeableRouteChangesNothing() async throws {
        try await routes.wireframe.route(to: "/notes", option: .root)
        try await routes.wireframe.route(to: "/notes/1")
        let unknown = RouteDescription(pattern: "/nowhere")
        navigator.path = [note("1"), unknown]
        #expect(navigator.path == [note("1")])
        #expect(navigator.lastError?.description.hasPrefix("cannot show route /nowhere:") == true)
        #expect(throws: NavigatorError.self) { try navigator.setPath([unknown], animated: false) }
        #expect(names(navigator.stack) == ["notes", "note 1"])
        navigator.path = []
        #expect(navigator.lastError == nil)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("setStack shows a whole deep-linked stack in one change of the path")
    func setStackInOneChange() async throws {
        try await routes.wireframe.route(to: "/notes", option: .root)
        let reader = ChangeCounter()
        _ = reader.track { navigator.path }
        let list = try routes.wireframe.controller(url: try #require(URL(string: "/notes")))
        let detail = try routes.wireframe.controller(url: try #require(URL(string: "/notes/9")))
        let edit = try routes.wireframe.controller(url: try #require(URL(string: "/notes/9/edit")))
        log.clear()
        try await navigator.setStack([list, detail, edit], animated: false)
        #expect(reader.count == 1)
        #expect(navigator.path == [note("9"), RouteDescription(pattern: "/notes/:id/edit", parameters: ["id": "9"])])
        // Below the top, the note loads when it first comes on screen.
        #expect(log.entries.filter { $0.hasPrefix("note 9.") }.isEmpty)
        #expect(log.entries.last == "edit 9/presenter.didAppear(not animated)")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a deep link through the wireframe (route(stack:)) leaves the whole stack on the path")
    func deepLinkStack() async throws {
        try await routes.wireframe.route(to: "/notes/1", option: .root)
        let reader = ChangeCounter()
        _ = reader.track { navigator.path }
        let urls = try ["/notes", "/notes/9", "/notes/9/edit"].map { try #require(URL(string: $0)) }
        try await routes.wireframe.route(stack: urls)
        #expect(reader.count == 1)
        #expect(navigator.root == RouteDescription(pattern: "/notes"))
        #expect(navigator.path.map(\.pattern) == ["/notes/:id", "/notes/:id/edit"])
        #expect(names(navigator.stack) == ["notes", "note 9", "edit 9"])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("state restoration: path to URLs and back gives the same path")
    func roundTripThroughURLs() async throws {
        try await routes.wireframe.route(to: "/notes", option: .root)
        try await routes.wireframe.route(
            to: "/notes/crème brûlée".addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "")
        try await routes.wireframe.route(to: "/files/a/b/c")
        let saved = [try #require(navigator.root)] + navigator.path
        let urls = try routes.wireframe.urls(for: saved)
        #expect(urls.map(\.absoluteString) == ["/notes", "/notes/cr%C3%A8me%20br%C3%BBl%C3%A9e", "/files/a/b/c"])

        let restoredRoutes = try NotesRoutes()
        let restored = ObservableNavigator(wireframe: restoredRoutes.wireframe)
        restoredRoutes.wireframe.navigateOn(restored)
        try await restoredRoutes.wireframe.route(stack: urls)
        #expect(restored.root == navigator.root)
        #expect(restored.path == navigator.path)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("the path survives JSON: RouteDescription is Codable")
    func pathIsCodable() async throws {
        try await routes.wireframe.route(to: "/notes", option: .root)
        try await routes.wireframe.route(to: "/notes/4")
        let data = try JSONEncoder().encode(navigator.path)
        let decoded = try JSONDecoder().decode([RouteDescription].self, from: data)
        navigator.path = []
        navigator.path = decoded
        #expect(names(navigator.stack) == ["notes", "note 4"])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a modal routed through the wireframe is the sheet; swiping it down removes and releases it alone")
    func sheetSwipeDown() async throws {
        try await routes.wireframe.route(to: "/notes", option: .root)
        try await routes.wireframe.route(to: "/notes/5/edit", option: .modal)
        let edit = RouteDescription(pattern: "/notes/:id/edit", parameters: ["id": "5"])
        #expect(navigator.sheet == edit)
        #expect(navigator.modalPath == [edit])
        log.clear()
        navigator.sheet = nil
        #expect(navigator.modalStack.isEmpty)
        #expect(log.entries.first == "edit 5.willDisappear(animated)")
        #expect(log.entries.contains("edit 5.didDisappear(animated)"))
        #expect(!log.entries.contains { $0.hasPrefix("notes.") })
        #expect(routes.alive("edit 5") == 0)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("setting a modal level to nil dismisses it and the modals above it")
    func modalLevels() async throws {
        try await routes.wireframe.route(to: "/notes", option: .root)
        try await routes.wireframe.route(to: "/notes/1/edit", option: .modal)
        try await routes.wireframe.route(to: "/notes/2/edit", option: .modal)
        #expect(navigator[modalAt: 1]?.parameters["id"] == "2")
        navigator[modalAt: 0] = nil
        #expect(navigator.modalPath.isEmpty)
        #expect(routes.alive("edit 1") + routes.alive("edit 2") == 0)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a path set before any root is rejected with noRoot")
    func pathWithoutRoot() {
        #expect(throws: NavigatorError.noRoot(route: "/notes/:id {id=1}")) {
            try navigator.setPath([note("1")], animated: false)
        }
        #expect(navigator.stack.isEmpty)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("replaceTop, pop(to:) and setRoot keep the path in step")
    func otherOperationsKeepPath() async throws {
        try await routes.wireframe.route(to: "/notes", option: .root)
        try await routes.wireframe.route(to: "/notes/1")
        try await routes.wireframe.route(to: "/notes/2", option: .replaceTop)
        #expect(navigator.path == [note("2")])
        try await routes.wireframe.route(to: "/notes/3")
        try await routes.wireframe.back(to: "/notes")
        #expect(navigator.path.isEmpty)
        try await routes.wireframe.route(to: "/notes/8", option: .root)
        #expect(navigator.root == note("8"))
        #expect(navigator.path.isEmpty)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("setStack with a controller twice, or an empty list")
    func setStackEdges() async throws {
        let screen = Screen("x", log: log)
        await #expect(throws: NavigatorError.alreadyShown("Screen")) {
            try await navigator.setStack([screen, screen], animated: false)
        }
        #expect(navigator.stack.isEmpty)
        try await navigator.setStack([screen], animated: false)
        #expect(navigator.root == RouteDescription(pattern: "", parameters: ["controller": "Screen"]))
        try await navigator.setStack([], animated: false)
        #expect(navigator.stack.isEmpty)
        #expect(navigator.root == nil)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("the navigator contract's errors: already shown, nothing to pop, nothing to dismiss, not on stack")
    func contractErrors() async throws {
        let screen = Screen("x", log: log)
        try await navigator.setRoot(screen, animated: false)
        await #expect(throws: NavigatorError.alreadyShown("Screen")) {
            try await navigator.push(screen, animated: false)
        }
        await #expect(throws: NavigatorError.nothingToPop) { try await navigator.pop(animated: false) }
        await #expect(throws: NavigatorError.nothingToDismiss) { try await navigator.dismiss(animated: false) }
        await #expect(throws: NavigatorError.notOnStack("Screen")) {
            try await navigator.pop(to: Screen("y", log: log), animated: false)
        }
        #expect(names(navigator.stack) == ["x"])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("the deep-link recipe: a scene URL passes the DeepLinkPolicy, then its stack is routed at once")
    func deepLinkRecipe() async throws {
        routes.wireframe.deepLinkPolicy = DeepLinkPolicy(allowedSchemes: ["https"], allowedHosts: ["notes.example"])
        try await routes.wireframe.route(to: "/notes", option: .root)
        // The app's own mapping: every prefix of the link's path, on the link's own scheme and host.
        func stack(for link: URL) -> [URL] {
            var urls: [URL] = []
            var prefix = "\(link.scheme ?? "")://\(link.host ?? "")"
            for segment in link.pathComponents.dropFirst() {
                prefix += "/" + segment
                if let url = URL(string: prefix) { urls.append(url) }
            }
            return urls
        }
        let rejected = try #require(URL(string: "https://evil.example/notes/3"))
        await #expect(throws: WireframeError.self) {
            try await routes.wireframe.routeExternal(stack: stack(for: rejected))
        }
        #expect(navigator.path.isEmpty)
        let link = try #require(URL(string: "https://notes.example/notes/3/edit"))
        try await routes.wireframe.routeExternal(stack: stack(for: link))
        #expect(navigator.root == RouteDescription(pattern: "/notes"))
        #expect(navigator.path == [note("3"), RouteDescription(pattern: "/notes/:id/edit", parameters: ["id": "3"])])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a navigator nobody holds is released with its controllers, though the wireframe still exists")
    func navigatorReleased() async throws {
        weak var weakNavigator: ObservableNavigator?
        do {
            let other = ObservableNavigator(wireframe: routes.wireframe)
            weakNavigator = other
            routes.wireframe.navigateOn(other)
            try await routes.wireframe.route(to: "/notes", option: .root)
            #expect(routes.alive("notes") == 1)
        }
        #expect(weakNavigator == nil)
        #expect(routes.alive("notes") == 0)
    }
}
