import BrigadeCore
import BrigadeNavigation
import BrigadeTesting
import BrigadeWireframe
import Testing

// One test per row of docs/BadInput.md for the errors of BrigadeNavigation: the trigger, through the public API, and
// the exact text the user sees.

@Suite("Bad input: BrigadeNavigation")
@MainActor
struct NavigationBadInputTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("NavigationError.cannotMakeController")
    func cannotMakeController() async throws {
        let routes = try NotesRoutes()
        let navigator = ObservableNavigator(wireframe: routes.wireframe)
        routes.wireframe.navigateOn(navigator)
        try await routes.wireframe.route(to: "/notes", option: .root)
        let error = #expect(throws: NavigationError.self) {
            try navigator.setPath([RouteDescription(pattern: "/recipes/:id", parameters: ["id": "1"])], animated: false)
        }
        #expect(
            error?.description
                == "cannot show route /recipes/:id {id=1}: pattern '/recipes/:id' is not registered; the path is unchanged"
        )
        #expect(navigator.path.isEmpty)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("NavigationError.noRoot")
    func noRoot() throws {
        let routes = try NotesRoutes()
        let navigator = ObservableNavigator(wireframe: routes.wireframe)
        navigator.path = [RouteDescription(pattern: "/notes/:id", parameters: ["id": "2"])]
        #expect(
            navigator.lastError?.description
                == "cannot show route /notes/:id {id=2} on the path: the navigator has no root yet (set one with setRoot)"
        )
        #expect(navigator.stack.isEmpty)
    }

    @Test("NavigationError.unsupportedController")
    func unsupportedController() async throws {
        let host = NavigationControllerDouble()
        host.canShow = { !($0 is TerminalScreen) }
        let navigator = HostNavigator(host: host)
        let error = await #expect(throws: NavigationError.self) {
            try await navigator.setRoot(TerminalScreen(), animated: false)
        }
        #expect(
            error?.description
                == "the navigation host cannot show TerminalScreen: it is not one of the host's view controllers")
        #expect(navigator.stack.isEmpty)
    }
}
