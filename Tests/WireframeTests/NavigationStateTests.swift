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
            saved.modals.map(\.absoluteString) == [
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
        #expect(
            restoredNavigator.lifecycleLog.map(\.event)
                == Array(repeating: .load, count: 5) + [.willAppear(animated: false), .didAppear(animated: false)])
        #expect(try restored.navigationState() == saved)
    }

    @Test("a saved state with a link no route takes is refused and changes nothing on screen")
    func refusedStateChangesNothing() async throws {
        let navigator = HeadlessNavigator()
        let wireframe = try Self.makeWireframe(navigator)
        try await wireframe.route(to: "/notes", option: .root)
        let state = NavigationState(
            stack: [try #require(URL(string: "/notes/7"))], modals: [try #require(URL(string: "/nowhere"))])
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
