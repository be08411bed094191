import BrigadeCore
import BrigadeWireframe
import Foundation
import Testing

@Suite("NavigationState: the whole navigation state saved as links and restored")
@MainActor
struct NavigationStateTests {
    /// A wireframe with the notes routes, showing on `navigator`.
    static func makeWireframe(_ navigator: HeadlessNavigator) throws -> DefaultWireframe {
        let wireframe = DefaultWireframe()
        for pattern in ["/notes", "/notes/:id", "/files/*", "/compose", "https://bistro.example/menu/:dish"] {
            try wireframe.add(routePattern: pattern)
        }
        wireframe.add(controllerProvider: ScreenProvider())
        wireframe.navigateOn(navigator)
        return wireframe
    }

    /// Each controller's pattern and parameters, as text.
    static func routes(_ controllers: [any Controller]) -> [String] {
        controllers.map { controller in
            guard let result = controller.attachments.routeResult else { return "not routed" }
            let parameters = result.parameters.values.map { name, value in
                "\(name)=" + ((value as? [String])?.description ?? (value as? String) ?? "\(value)")
            }
            return result.routePattern + " " + parameters.sorted().joined(separator: " ")
        }
    }

    @Test("a saved state restores the stack and its modals, with query items and encoded slashes, in one transition")
    func stackAndModalsRestore() async throws {
        let navigator = HeadlessNavigator()
        let wireframe = try Self.makeWireframe(navigator)
        try await wireframe.route(to: "/notes?sort=date&filter=a%26b", option: .root)
        try await wireframe.route(to: "/notes/a%2Fb?highlight=cr%C3%A8me")
        try await wireframe.route(to: "/files/x%2Fy/100%25")
        try await wireframe.route(to: "https://bistro.example/menu/soup?size=1%2B1", option: .modal)
        try await wireframe.route(to: "/compose?to=chef", parameters: ["draft": 3], option: .modal)
        let saved = try wireframe.navigationState()
        #expect(saved.stack.count == 3)
        #expect(
            saved.modals.map(\.url.absoluteString) == [
                "https://bistro.example/menu/soup?size=1%2B1", "/compose?draft=3&to=chef",
            ])

        let restoredNavigator = HeadlessNavigator(recordsLifecycle: true)
        let restored = try Self.makeWireframe(restoredNavigator)
        let data = try JSONEncoder().encode(saved)
        try await restored.route(state: JSONDecoder().decode(NavigationState.self, from: data))

        #expect(Self.routes(restoredNavigator.stack) == Self.routes(navigator.stack))
        #expect(Self.routes(restoredNavigator.modalStack).count == 2)
        #expect(Self.routes(restoredNavigator.modalStack)[0] == Self.routes(navigator.modalStack)[0])
        #expect(Self.routes(restoredNavigator.modalStack)[1] == "/compose draft=3 to=chef")
        // Two sheets over the stack: the stack's top and both sheets are on screen; the screens below load later.
        #expect(
            restoredNavigator.lifecycleLog.map(\.event)
                == Array(repeating: .load, count: 3) + Array(repeating: .willAppear(animated: false), count: 3)
                + Array(repeating: .didAppear(animated: false), count: 3))
        #expect(try restored.navigationState() == saved)
    }

    @Test("an app with tabs saves one state per tab: the wireframe saves and restores the navigator it navigates on")
    func oneStatePerTab() async throws {
        let tabs = [HeadlessNavigator(), HeadlessNavigator()]
        let wireframe = try Self.makeWireframe(tabs[0])
        try await wireframe.route(to: "/notes", option: .root)
        try await wireframe.route(to: "/notes/7")
        wireframe.navigateOn(tabs[1])
        try await wireframe.route(to: "/files/a", option: .root)
        try await wireframe.route(to: "/compose", option: .modal.presented(as: .fullScreen))
        var saved: [NavigationState] = []
        for tab in tabs {
            wireframe.navigateOn(tab)
            saved.append(try wireframe.navigationState())
        }
        #expect(saved.map(\.stack.count) == [2, 1])
        #expect(saved.map(\.modalStyles) == [[], [.fullScreen]])

        let restoredTabs = [HeadlessNavigator(), HeadlessNavigator()]
        let restored = try Self.makeWireframe(restoredTabs[0])
        let data = try JSONEncoder().encode(saved)
        for (tab, state) in zip(restoredTabs, try JSONDecoder().decode([NavigationState].self, from: data)) {
            restored.navigateOn(tab)
            try await restored.route(state: state)
        }
        for (tab, original) in zip(restoredTabs, tabs) {
            #expect(Self.routes(tab.stack) == Self.routes(original.stack))
            #expect(Self.routes(tab.modalStack) == Self.routes(original.modalStack))
        }
        #expect(restoredTabs[1].modalStyle(of: try #require(restoredTabs[1].modalStack.first)) == .fullScreen)
    }

    @Test("a saved state with a link no route takes is refused and changes nothing on screen")
    func refusedStateChangesNothing() async throws {
        let navigator = HeadlessNavigator()
        let wireframe = try Self.makeWireframe(navigator)
        try await wireframe.route(to: "/notes", option: .root)
        let state = NavigationState(
            stack: [try #require(URL(string: "/notes/7"))], modalURLs: [try #require(URL(string: "/nowhere"))])
        await #expect(throws: WireframeError.self) { try await wireframe.route(state: state) }
        #expect(Self.routes(navigator.stack) == ["/notes "])
        #expect(navigator.modalStack.isEmpty)
    }
}

@Suite("NavigationState: restoring what is on screen")
@MainActor
struct NavigationStateReuseTests {
    @Test("restoring the state on screen changes nothing and delivers no event")
    func sameStateChangesNothing() async throws {
        let navigator = HeadlessNavigator(recordsLifecycle: true)
        let wireframe = try NavigationStateTests.makeWireframe(navigator)
        try await wireframe.route(to: "/notes?sort=date", option: .root)
        try await wireframe.route(to: "/notes/7")
        try await wireframe.route(to: "/compose", option: .modal)
        let shown = navigator.stack + navigator.modalStack
        navigator.clearLifecycleLog()
        try await wireframe.route(state: wireframe.navigationState())
        #expect(navigator.lifecycleLog.isEmpty)
        let after = navigator.stack + navigator.modalStack
        #expect(after.count == 3 && zip(shown, after).allSatisfy { $0 === $1 })
    }

    @Test("restoring a state that shares the bottom of the stack keeps those controllers and makes the rest")
    func sharedBottomIsKept() async throws {
        let navigator = HeadlessNavigator()
        let wireframe = try NavigationStateTests.makeWireframe(navigator)
        try await wireframe.route(to: "/notes", option: .root)
        try await wireframe.route(to: "/notes/7")
        let root = try #require(navigator.stack.first)
        let state = NavigationState(
            stack: [try #require(URL(string: "/notes")), try #require(URL(string: "/notes/8"))])
        try await wireframe.route(state: state)
        #expect(navigator.stack.first === root)
        #expect(NavigationStateTests.routes(navigator.stack) == ["/notes ", "/notes/:id id=8"])
    }
}

@Suite("NavigationState: modal styles")
@MainActor
struct NavigationStateStyleTests {
    @Test("a modal routed full screen is saved full screen and restored full screen on HeadlessNavigator")
    func styleRoundTrip() async throws {
        let navigator = HeadlessNavigator()
        let wireframe = try NavigationStateTests.makeWireframe(navigator)
        try await wireframe.route(to: "/notes", option: .root)
        try await wireframe.route(to: "/compose", option: .modal.presented(as: .fullScreen))
        try await wireframe.route(to: "/notes/7", option: .modal)
        let saved = try wireframe.navigationState()
        #expect(saved.modalStyles == [.fullScreen, .sheet])
        #expect(saved.urls.map(\.absoluteString) == ["/notes", "/compose", "/notes/7"])
        #expect(NavigationState(urls: saved.urls, modalStyles: saved.modalStyles) == saved)
        #expect(NavigationState(urls: [], modalStyles: [.sheet]) == nil)

        let restoredNavigator = HeadlessNavigator()
        let restored = try NavigationStateTests.makeWireframe(restoredNavigator)
        try await restored.route(state: JSONDecoder().decode(NavigationState.self, from: JSONEncoder().encode(saved)))
        #expect(NavigationStateTests.routes(restoredNavigator.modalStack) == ["/compose ", "/notes/:id id=7"])
        #expect(restoredNavigator.modalStack.map { restoredNavigator.modalStyle(of: $0) } == [.fullScreen, .sheet])
        #expect(try restored.navigationState() == saved)
    }

    @Test("the saved style wins over an option provider's, and a state saved before styles were kept still reads")
    func savedStyleWinsAndOldStatesRead() async throws {
        let json = Data(#"{"stack":["\/notes"],"modals":["\/compose"]}"#.utf8)
        let old = try JSONDecoder().decode(NavigationState.self, from: json)
        #expect(old.modals == [NavigationState.Modal(url: try #require(URL(string: "/compose")), style: .sheet)])

        let navigator = HeadlessNavigator()
        let wireframe = try NavigationStateTests.makeWireframe(navigator)
        wireframe.add(optionProvider: SheetEverything())
        var state = old
        state.modals[0].style = .fullScreen
        try await wireframe.route(state: state)
        let modal = try #require(navigator.modalStack.first)
        #expect(modal.attachments.modalStyle == .fullScreen)
        #expect(try wireframe.navigationState().modalStyles == [.fullScreen])
    }
}

/// An option provider that asks for a sheet for every modal.
@MainActor
private final class SheetEverything: RoutingOptionProvider {
    func option(routeResult: RouteResult) -> RoutingOption? {
        routeResult.option.presentation == .modal ? routeResult.option.presented(as: .sheet) : nil
    }
}
