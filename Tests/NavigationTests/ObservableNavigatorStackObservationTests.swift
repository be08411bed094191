import BrigadeCore
import BrigadeNavigation
import BrigadeWireframe
import Testing

@Suite("ObservableNavigator: stack, modalStack and controller(for:) are observed")
@MainActor
struct ObservableNavigatorStackObservationTests {
    let routes: NotesRoutes
    let navigator: ObservableNavigator

    init() throws {
        routes = try NotesRoutes()
        navigator = ObservableNavigator(wireframe: routes.wireframe)
        routes.wireframe.navigateOn(navigator)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("reading stack, then routing, fires onChange")
    func stackReadFires() async throws {
        try await routes.wireframe.route(to: "/notes", option: .root)
        let reader = ChangeCounter()
        #expect(names(reader.track { navigator.stack }) == ["notes"])
        try await routes.wireframe.route(to: "/notes/7")
        #expect(reader.count == 1)
        #expect(names(navigator.stack) == ["notes", "note 7"])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("replacing the top with another controller of the same route fires a stack reader, not a path reader")
    func sameRouteNewControllerFiresStack() async throws {
        try await navigator.setRoot(Screen("list", log: routes.log), animated: false)
        try await navigator.push(Screen("a", log: routes.log), animated: false)
        let stackReader = ChangeCounter()
        let pathReader = ChangeCounter()
        _ = stackReader.track { navigator.stack }
        _ = pathReader.track { navigator.path }
        try await navigator.replaceTop(with: Screen("a", log: routes.log), animated: false)
        #expect(stackReader.count == 1)
        #expect(pathReader.count == 0)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("reading modalStack, then presenting, fires onChange; a stack reader is not told")
    func modalStackReadFires() async throws {
        try await routes.wireframe.route(to: "/notes", option: .root)
        let modalReader = ChangeCounter()
        let stackReader = ChangeCounter()
        #expect(modalReader.track { navigator.modalStack }.isEmpty)
        _ = stackReader.track { navigator.stack }
        try await navigator.present(Screen("editor", log: routes.log), animated: false)
        #expect(modalReader.count == 1)
        #expect(stackReader.count == 0)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("controller(for:) registers: a view that looked a route up is told when it is shown")
    func controllerForFires() async throws {
        try await routes.wireframe.route(to: "/notes", option: .root)
        let note = RouteDescription(pattern: "/notes/:id", parameters: ["id": "7"])
        let reader = ChangeCounter()
        #expect(reader.track { navigator.controller(for: note) } == nil)
        try await routes.wireframe.route(to: "/notes/7")
        #expect(reader.count == 1)
        #expect((navigator.controller(for: note) as? Screen)?.name == "note 7")
    }
}
