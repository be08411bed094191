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
    @Test("NavigatorError.cannotMakeController")
    func cannotMakeController() async throws {
        let routes = try NotesRoutes()
        let navigator = ObservableNavigator(wireframe: routes.wireframe)
        routes.wireframe.navigateOn(navigator)
        try await routes.wireframe.route(to: "/notes", option: .root)
        let error = #expect(throws: NavigatorError.self) {
            try navigator.setPath([RouteDescription(pattern: "/recipes/:id", parameters: ["id": "1"])], animated: false)
        }
        #expect(
            error?.description
                == "cannot show route /recipes/:id {id=1}: pattern '/recipes/:id' is not registered; the path is unchanged"
        )
        #expect(navigator.path.isEmpty)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("NavigatorError.noRoot")
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

    @Test("NavigatorError.unsupportedController")
    func unsupportedController() async throws {
        let host = NavigationControllerDouble()
        host.canShow = { !($0 is TerminalScreen) }
        let navigator = HostNavigator(host: host)
        let error = await #expect(throws: NavigatorError.self) {
            try await navigator.setRoot(TerminalScreen(), animated: false)
        }
        #expect(
            error?.description
                == "the navigation host cannot show TerminalScreen: it is not one of the host's view controllers")
        #expect(navigator.stack.isEmpty)
    }

    @Test("NavigatorError.presentationRefused")
    func presentationRefused() async throws {
        let host = NavigationControllerDouble()
        let navigator = HostNavigator(host: host)
        try await navigator.setRoot(TerminalScreen(), animated: false)
        host.isInWindow = false
        let error = await #expect(throws: NavigatorError.self) {
            try await navigator.present(TerminalScreen(), animated: true)
        }
        #expect(
            error?.description
                == "the navigation host refused to present TerminalScreen: the presenting view is not in a window; "
                + "nothing changed")
        #expect(navigator.modalStack.isEmpty)
    }

    @Test("NavigatorError.dismissalRefused")
    func dismissalRefused() async throws {
        let host = NavigationControllerDouble()
        let navigator = HostNavigator(host: host)
        try await navigator.setRoot(TerminalScreen(), animated: false)
        try await navigator.present(TerminalScreen(), animated: true)
        host.refusesDismissal = .presentationInProgress
        let error = await #expect(throws: NavigatorError.self) {
            try await navigator.dismiss(animated: true)
        }
        #expect(
            error?.description
                == "the navigation host refused to dismiss TerminalScreen: another presentation is in progress; "
                + "nothing changed")
        #expect(navigator.modalStack.count == 1)
    }

    @Test("NavigatorError.transitionCancelled")
    func transitionCancelled() async throws {
        let host = NavigationControllerDouble()
        let navigator = HostNavigator(host: host)
        try await navigator.setRoot(TerminalScreen(), animated: false)
        host.completesLate = true
        let push = Task { try await navigator.push(TerminalScreen(), animated: true) }
        await host.transitionStarted()
        host.cancelTransition()
        let error = await #expect(throws: NavigatorError.self) { try await push.value }
        #expect(
            error?.description
                == "the host's transition for push TerminalScreen was cancelled; it shows what it showed before")
        #expect(navigator.stack.count == 1)
    }
}
