import BrigadeCore
import BrigadeNavigation
import BrigadeTesting
import BrigadeWireframe
import Foundation
import Testing

@Suite("HostNavigator under the wireframe: deep links and routing decisions")
@MainActor
struct HostNavigatorRoutingTests {
    let host = NavigationControllerDouble()
    let navigator: HostNavigator<NavigationControllerDouble>
    let routes: NotesRoutes

    init() throws {
        navigator = HostNavigator(host: host)
        routes = try NotesRoutes()
        routes.wireframe.navigateOn(navigator)
    }

    private func url(_ path: String) throws -> URL {
        try #require(URL(string: path))
    }

    @Test("a deep link the host cannot show changes nothing: the open sheet stays")
    func unshowableDeepLinkKeepsSheet() async throws {
        try await routes.wireframe.route(to: "/notes", option: .root)
        try await routes.wireframe.route(to: "/notes/1/edit", option: .modal)
        host.canShow = { ($0 as? Screen)?.name != "note 3" }
        await #expect(throws: (any Error).self) {
            try await routes.wireframe.route(stack: [try url("/notes"), try url("/notes/3")])
        }
        #expect(names(navigator.modalStack) == ["edit 1"])
        #expect(names(host.presented) == ["edit 1"])
        #expect(names(navigator.stack) == ["notes"])
    }

    @Test("a deep link over a sheet is one host transition, which dismisses the sheet and shows the stack")
    func deepLinkOverSheetOneTransition() async throws {
        try await routes.wireframe.route(to: "/notes", option: .root)
        try await routes.wireframe.route(to: "/notes/1/edit", option: .modal)
        let before = host.transitionCount
        try await routes.wireframe.route(stack: [try url("/notes"), try url("/notes/3")], animated: true)
        #expect(host.transitionCount == before + 1)
        #expect(host.presented.isEmpty && navigator.modalStack.isEmpty)
        #expect(names(navigator.stack) == ["notes", "note 3"])
    }

    @Test("two .show routes at launch, the second made while the first animates, show both")
    func twoShowRoutesAtLaunch() async throws {
        host.completesLate = true
        let first = Task { try await routes.wireframe.route(to: "/notes", option: .show) }
        await host.transitionStarted()
        let second = Task { try await routes.wireframe.route(to: "/notes/1", option: .show) }
        host.finishTransition()
        try await first.value
        await host.transitionStarted()
        host.finishTransition()
        try await second.value
        #expect(names(navigator.stack) == ["notes", "note 1"])
    }

    @Test(".backTo twice quickly leaves one screen for the route")
    func backToTwice() async throws {
        try await routes.wireframe.route(to: "/notes", option: .root)
        host.completesLate = true
        let first = Task { try await routes.wireframe.route(to: "/notes/1", option: .backTo) }
        await host.transitionStarted()
        let second = Task { try await routes.wireframe.route(to: "/notes/1", option: .backTo) }
        host.finishTransition()
        try await first.value
        try await second.value
        #expect(names(navigator.stack) == ["notes", "note 1"])
        #expect(host.pendingTransitions == 0)
    }
}
