import BrigadeCore
import BrigadeNavigation
import BrigadeTesting
import BrigadeWireframe
import Foundation
import Testing

@Suite("HostNavigator: a saved navigation state restored on the UIKit host")
@MainActor
struct HostNavigatorRestoreTests {
    let host = NavigationControllerDouble()
    let navigator: HostNavigator<NavigationControllerDouble>
    let routes: NotesRoutes

    init() throws {
        navigator = HostNavigator(host: host)
        routes = try NotesRoutes()
        routes.wireframe.navigateOn(navigator)
    }

    /// A state with a stack of two and two modals: a full-screen editor, then a sheet above it.
    func showSavedScreens() async throws -> NavigationState {
        try await routes.wireframe.route(to: "/notes?sort=date", option: .root)
        try await routes.wireframe.route(to: "/notes/1")
        try await routes.wireframe.route(to: "/notes/1/edit", option: .modal.presented(as: .fullScreen))
        try await routes.wireframe.route(to: "/files/a%2Fb/c", option: .modal)
        return try routes.wireframe.navigationState()
    }

    @Test("a saved state keeps each modal's style and restores in one host transition, each event once")
    func restoresInOneTransition() async throws {
        let saved = try await showSavedScreens()
        #expect(saved.modalStyles == [.fullScreen, .sheet])
        let data = try JSONEncoder().encode(saved)

        let otherHost = NavigationControllerDouble()
        let other = HostNavigator(host: otherHost)
        let otherRoutes = try NotesRoutes()
        otherRoutes.wireframe.navigateOn(other)
        try await otherRoutes.wireframe.route(state: JSONDecoder().decode(NavigationState.self, from: data))

        #expect(otherHost.transitionCount == 1 && otherHost.setStackCalls == 1)
        #expect(names(other.stack) == ["notes", "note 1"])
        #expect(names(other.modalStack) == ["edit 1", "/files/a/b/c"])
        #expect(other.modalStack.map { otherHost.modalStyle(for: $0) } == [.fullScreen, .sheet])
        let events = otherRoutes.log.entries
        #expect(Set(events).count == events.count, "an event delivered twice: \(events)")
        // A sheet leaves the full-screen editor under it on screen: both appear, nothing else does.
        #expect(events.filter { $0.contains("Appear") && !$0.contains("presenter") }.count == 4)
        #expect(try otherRoutes.wireframe.navigationState() == saved)
    }

    @Test("restoring (or deep linking to) what the host shows changes nothing and delivers no event")
    func sameStateChangesNothing() async throws {
        let saved = try await showSavedScreens()
        let shown = navigator.stack + navigator.modalStack
        let transitions = host.transitionCount
        routes.log.clear()
        try await routes.wireframe.route(state: saved)
        try await navigator.setStack(navigator.stack, modals: navigator.modalStack, animated: true)
        #expect(host.transitionCount == transitions)
        #expect(routes.log.entries.isEmpty)
        let after = navigator.stack + navigator.modalStack
        #expect(after.count == shown.count && zip(after, shown).allSatisfy { $0 === $1 })
    }

    @Test("a state whose modal the host refuses to present changes nothing and delivers no event")
    func refusedStateChangesNothing() async throws {
        try await routes.wireframe.route(to: "/notes", option: .root)
        try await routes.wireframe.route(to: "/notes/1/edit", option: .modal)
        let shown = navigator.stack + navigator.modalStack
        host.refusesPresentation = .notInWindow
        routes.log.clear()
        let state = NavigationState(
            stack: [try #require(URL(string: "/notes")), try #require(URL(string: "/notes/2"))],
            modalURLs: [try #require(URL(string: "/notes/2/edit"))], style: .fullScreen)
        await #expect(throws: WireframeError.self) { try await routes.wireframe.route(state: state) }
        let after = navigator.stack + navigator.modalStack
        #expect(after.count == shown.count && zip(after, shown).allSatisfy { $0 === $1 })
        #expect(names(host.viewControllers) == ["notes"] && names(host.presented) == ["edit 1"])
        #expect(routes.log.entries.allSatisfy { $0.hasSuffix(".load") })
    }

    @Test("a link no route takes changes nothing on the host")
    func unroutableStateChangesNothing() async throws {
        _ = try await showSavedScreens()
        let transitions = host.transitionCount
        let state = NavigationState(
            stack: [try #require(URL(string: "/notes"))], modalURLs: [try #require(URL(string: "/nowhere"))])
        await #expect(throws: WireframeError.self) { try await routes.wireframe.route(state: state) }
        #expect(host.transitionCount == transitions)
        #expect(names(navigator.modalStack) == ["edit 1", "/files/a/b/c"])
    }

    @Test("a restored modal in another style than the shown one is presented again in the saved style")
    func styleChangeIsRestored() async throws {
        try await routes.wireframe.route(to: "/notes", option: .root)
        try await routes.wireframe.route(to: "/notes/1/edit", option: .modal)
        let sheet = try #require(navigator.modalStack.first)
        var state = try routes.wireframe.navigationState()
        #expect(state.modalStyles == [.sheet])
        state.modals[0].style = .fullScreen
        try await routes.wireframe.route(state: state)
        let modal = try #require(navigator.modalStack.first)
        #expect(modal !== sheet)
        #expect(host.modalStyle(for: modal) == .fullScreen)
    }
}
