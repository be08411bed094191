import BrigadeCore
import BrigadeWireframe
import Testing

/// Makes `Screen`s, except for one pattern, where it throws.
@MainActor
private final class FailingOnPatternProvider: ControllerProvider {
    struct OutOfStock: Error {}
    let failingPattern: String
    private(set) var made: [Screen] = []

    init(failingPattern: String) {
        self.failingPattern = failingPattern
    }

    func isResponsible(routeResult: RouteResult) -> Bool { true }

    func makeController(routeResult: RouteResult) throws -> any Controller {
        if routeResult.routePattern == failingPattern {
            throw OutOfStock()
        }
        let screen = Screen(routeResult.routePattern)
        made.append(screen)
        return screen
    }
}

@Suite("Atomic deep links")
@MainActor
struct AtomicDeepLinkTests {
    let wireframe = DefaultWireframe()
    let navigator = HeadlessNavigator(recordsLifecycle: true)

    init() throws {
        wireframe.navigateOn(navigator)
        for pattern in ["/home", "/menu", "/menu/:dish", "/order"] {
            try wireframe.add(routePattern: pattern)
        }
    }

    @Test("a provider failing on a later URL of the stack leaves the screen as it was")
    func failureChangesNothing() async throws {
        wireframe.add(controllerProvider: FailingOnPatternProvider(failingPattern: "/order"))
        try await wireframe.route(to: "/home", option: .root)
        let home = try #require(navigator.stack.first)
        navigator.clearLifecycleLog()
        let error = await #expect(throws: WireframeError.self) {
            try await wireframe.route(stack: [url("/menu"), url("/menu/soup"), url("/order")])
        }
        #expect(error?.description.hasPrefix("routing '/order' failed") == true)
        #expect(navigator.stack.count == 1)
        #expect(navigator.stack.first === home)
        #expect(navigator.lifecycleLog.isEmpty)
    }

    @Test("the stack is shown in one transition: what was on screen disappears, only the new top appears and loads")
    func oneTransition() async throws {
        let provider = ScreenProvider()
        wireframe.add(controllerProvider: provider)
        try await wireframe.route(to: "/home", option: .root)
        try await wireframe.route(to: "/order", option: .modal)
        navigator.clearLifecycleLog()
        try await wireframe.route(stack: [url("/menu"), url("/menu/soup")], animated: true)
        #expect(navigator.stack.map { ($0 as? Screen)?.name } == ["/menu", "/menu/:dish"])
        #expect(navigator.modalStack.isEmpty)
        #expect(
            navigator.lifecycleLog.map(\.description) == [
                "Screen.load", "Screen.willDisappear(animated)", "Screen.willDisappear(animated)",
                "Screen.willAppear(animated)", "Screen.didDisappear(animated)", "Screen.didDisappear(animated)",
                "Screen.didAppear(animated)",
            ])
        let menu = try #require(provider.made.first { $0.name == "/menu" })
        let dish = try #require(provider.made.first { $0.name == "/menu/:dish" })
        #expect(menu.events.isEmpty)
        #expect(dish.events == [.load, .willAppear(animated: true), .didAppear(animated: true)])
        try await navigator.pop(animated: false)
        #expect(menu.events == [.load, .willAppear(animated: false), .didAppear(animated: false)])
    }

    @Test("a deep link to the stack on screen changes nothing; one that shares its bottom keeps those controllers")
    func deepLinkToWhatIsShown() async throws {
        let provider = ScreenProvider()
        wireframe.add(controllerProvider: provider)
        try await wireframe.route(stack: [url("/menu"), url("/menu/soup")])
        let shown = navigator.stack
        navigator.clearLifecycleLog()
        try await wireframe.route(stack: [url("/menu"), url("/menu/soup")], animated: true)
        #expect(navigator.lifecycleLog.isEmpty)
        #expect(navigator.stack.count == 2 && zip(navigator.stack, shown).allSatisfy { $0 === $1 })
        #expect(provider.made.count == 2)
        try await wireframe.route(stack: [url("/menu"), url("/menu/tart")])
        #expect(navigator.stack.first === shown.first && navigator.stack.last !== shown.last)
        #expect(provider.made.count == 3)
    }

    @Test("routing observers hear willPresent for each controller before the transition and didPresent after it")
    func observers() async throws {
        let log = RoutingLog()
        wireframe.add(controllerProvider: ScreenProvider())
        wireframe.add(routingObserver: LoggingObserver("all", log: log))
        try await wireframe.route(stack: [url("/menu"), url("/menu/soup")])
        #expect(
            log.entries == ["will all /menu", "will all /menu/:dish", "did all /menu", "did all /menu/:dish"])
    }

    @Test("a URL a routing handler takes cannot be part of a stack, and nothing is shown")
    func handlerInStack() async throws {
        wireframe.add(controllerProvider: ScreenProvider(pattern: "/menu"))
        try wireframe.add(routingHandler: { _ in }, routePattern: "/order")
        let error = await #expect(throws: WireframeError.self) {
            try await wireframe.route(stack: [url("/menu"), url("/order")])
        }
        #expect(error?.description == "no controller provider or routing handler for '/order' (pattern '/order')")
        #expect(navigator.stack.isEmpty)
    }
}

@Suite("HeadlessNavigator.setStack")
@MainActor
struct SetStackTests {
    @Test("replaces the stack and dismisses the modals; a duplicate is refused and changes nothing")
    func replaces() async throws {
        let navigator = HeadlessNavigator()
        let (home, menu, dish) = (Screen("home"), Screen("menu"), Screen("dish"))
        try await navigator.setRoot(home, animated: false)
        try await navigator.present(Screen("sheet"), animated: false)
        await #expect(throws: NavigatorError.alreadyShown("Screen")) {
            try await navigator.setStack([menu, dish, menu], animated: false)
        }
        #expect(navigator.stack.map { ($0 as? Screen)?.name } == ["home"])
        #expect(navigator.modalStack.count == 1)
        try await navigator.setStack([home, menu, dish], animated: false)
        #expect(navigator.stack.map { ($0 as? Screen)?.name } == ["home", "menu", "dish"])
        #expect(navigator.modalStack.isEmpty)
        #expect(menu.events.isEmpty)
    }

    @Test("keeping the top on screen delivers it no event; an empty list empties both stacks")
    func sameTopAndEmpty() async throws {
        let navigator = HeadlessNavigator()
        let (home, menu) = (Screen("home"), Screen("menu"))
        try await navigator.setRoot(menu, animated: false)
        try await navigator.setStack([home, menu], animated: false)
        #expect(menu.events == [.load, .willAppear(animated: false), .didAppear(animated: false)])
        #expect(home.events.isEmpty)
        try await navigator.setStack([], animated: false)
        #expect(navigator.stack.isEmpty)
        #expect(menu.events.suffix(2) == [.willDisappear(animated: false), .didDisappear(animated: false)])
    }
}
