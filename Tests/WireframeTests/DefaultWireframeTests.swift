import BrigadeCore
import BrigadeWireframe
import Testing

@Suite("DefaultWireframe")
@MainActor
struct DefaultWireframeTests {
    let wireframe = DefaultWireframe()
    let navigator = HeadlessNavigator()

    init() {
        wireframe.navigateOn(navigator)
    }

    @Test("route shows the controller through the navigator and returns when it is shown")
    func routePushes() async throws {
        try wireframe.add(routePattern: "/menu/:dish")
        wireframe.add(controllerProvider: ScreenProvider())
        try await wireframe.route(to: "/menu/soup")
        let screen = try #require(navigator.stack.last as? Screen)
        #expect(screen.events == [.load, .willAppear(animated: true), .didAppear(animated: true)])
        #expect(try screen.attachments.routeResult?.parameters.string("dish") == "soup")
    }

    @Test("an unknown URL throws an error carrying the URL, and canRoute is false")
    func unknownURL() async throws {
        try wireframe.add(routePattern: "/menu")
        wireframe.add(controllerProvider: ScreenProvider())
        let error = await #expect(throws: WireframeError.self) {
            try await wireframe.route(to: "/orders/3")
        }
        #expect(error?.description == "no route pattern matches '/orders/3'")
        #expect(!wireframe.canRoute(url: url("/orders/3")))
        #expect(wireframe.canRoute(url: url("/menu")))
        #expect(navigator.stack.isEmpty)
    }

    @Test("caller parameters merge in and override path parameters")
    func callerParameters() async throws {
        try wireframe.add(routePattern: "/menu/:dish")
        wireframe.add(controllerProvider: ScreenProvider())
        try await wireframe.route(to: "/menu/soup?size=1", parameters: ["dish": "cake", "table": 4])
        let result = try #require(navigator.stack.last?.attachments.routeResult)
        #expect(try result.parameters.string("dish") == "cake")
        #expect(try result.parameters.int("table") == 4)
        #expect(try result.parameters.int("size") == 1)
    }

    @Test("a wildcard route keeps the caller's parameters and option")
    func wildcardKeepsParametersAndOption() async throws {
        try wireframe.add(routePattern: "/files/*")
        wireframe.add(controllerProvider: ScreenProvider())
        try await wireframe.route(to: "/files/a/b", parameters: ["mode": "read"], option: .modal.animated(false))
        let result = try #require(navigator.modalStack.last?.attachments.routeResult)
        #expect(try result.parameters.strings("*") == ["a", "b"])
        #expect(try result.parameters.string("mode") == "read")
        #expect(result.option == .modal.animated(false))
    }

    @Test("option providers fold from low to high priority, each seeing the previous option")
    func optionFold() async throws {
        let log = RoutingLog()
        try wireframe.add(routePattern: "/menu")
        wireframe.add(controllerProvider: ScreenProvider())
        wireframe.add(optionProvider: FixedOptionProvider("high", log: log, result: .modal), priority: 10)
        wireframe.add(optionProvider: FixedOptionProvider("low", log: log, result: .root), priority: -5)
        wireframe.add(optionProvider: FixedOptionProvider("middle", log: log, result: nil), priority: 0)
        try await wireframe.route(to: "/menu")
        #expect(log.entries == ["low saw push", "middle saw root", "high saw root"])
        #expect(navigator.modalStack.count == 1)
    }

    @Test("a routing handler wins a tie with a controller provider; a higher provider wins over a handler")
    func handlerVersusProvider() async throws {
        let log = RoutingLog()
        wireframe.add(controllerProvider: ScreenProvider(), priority: 5)
        try wireframe.add(
            routingHandler: { log.entries.append("handled \($0.routePattern)") }, routePattern: "/tie", priority: 5)
        try wireframe.add(routingHandler: { _ in log.entries.append("low handler") }, routePattern: "/low", priority: 1)
        try await wireframe.route(to: "/tie")
        try await wireframe.route(to: "/low")
        #expect(log.entries == ["handled /tie"])
        #expect(navigator.stack.count == 1)
        #expect((navigator.stack.first as? Screen)?.name == "/low")
    }

    @Test("controller providers are chosen by priority, not registration order")
    func providerPriority() async throws {
        try wireframe.add(routePattern: "/menu")
        let low = ScreenProvider()
        let high = ScreenProvider()
        wireframe.add(controllerProvider: low, priority: 1)
        wireframe.add(controllerProvider: high, priority: 2)
        try await wireframe.route(to: "/menu")
        #expect(high.made.count == 1)
        #expect(low.made.isEmpty)
    }

    @Test("routing observers are filtered by pattern, called highest priority first, told will and did")
    func observers() async throws {
        let log = RoutingLog()
        try wireframe.add(routePattern: "/menu")
        try wireframe.add(routePattern: "/order")
        wireframe.add(controllerProvider: ScreenProvider())
        wireframe.add(routingObserver: LoggingObserver("all", log: log), priority: 1)
        wireframe.add(routingObserver: LoggingObserver("menu", log: log), priority: 2, routePattern: "/menu")
        try await wireframe.route(to: "/menu")
        try await wireframe.route(to: "/order")
        #expect(
            log.entries == [
                "will menu /menu", "will all /menu", "did menu /menu", "did all /menu", "will all /order",
                "did all /order",
            ])
    }

    @Test("every responsible presenter provider attaches presenters, highest priority first")
    func presentersAttached() async throws {
        let log = RoutingLog()
        try wireframe.add(routePattern: "/menu")
        wireframe.add(controllerProvider: ScreenProvider())
        let low = RecordingPresenterProvider(label: "low", log: log)
        let high = RecordingPresenterProvider(label: "high", log: log)
        wireframe.add(presenterProvider: low, priority: 0)
        wireframe.add(presenterProvider: high, priority: 9)
        try await wireframe.route(to: "/menu")
        #expect(log.entries == ["presenters high", "presenters low"])
        let screen = try #require(navigator.stack.last)
        #expect(screen.presenters.count == 2)
        let presenter = try #require(high.presenters.first?.object)
        #expect(presenter.controller === screen)
        #expect(presenter.events == [.load, .willAppear(animated: true), .didAppear(animated: true)])
    }

    @Test("a missing routing presenter is a typed error naming the URL and option")
    func missingRoutingPresenter() async throws {
        try wireframe.add(routePattern: "/menu")
        wireframe.add(controllerProvider: ScreenProvider())
        let error = await #expect(throws: WireframeError.self) {
            try await wireframe.route(to: "/menu", option: RoutingOption(.custom("sheet")))
        }
        #expect(error?.description == "no routing presenter for option sheet routing '/menu'")
    }

    @Test("routing with no navigator is a typed error, and a released navigator is named as released")
    func missingNavigator() async throws {
        let wireframe = DefaultWireframe()
        try wireframe.add(routePattern: "/menu")
        wireframe.add(controllerProvider: ScreenProvider())
        await #expect(throws: WireframeError.self) {
            try await wireframe.route(to: "/menu")
        }
        var navigator: HeadlessNavigator? = HeadlessNavigator()
        if let navigator {
            wireframe.navigateOn(navigator)
        }
        navigator = nil
        let error = await #expect(throws: WireframeError.self) {
            try await wireframe.route(to: "/menu")
        }
        #expect(error?.description.hasPrefix("cannot route '/menu': the navigator was released") == true)
    }

    @Test("a pattern without a provider is a typed error")
    func noController() async throws {
        try wireframe.add(routePattern: "/menu")
        await #expect(throws: WireframeError.self) {
            try await wireframe.route(to: "/menu")
        }
        #expect(!wireframe.canRoute(url: url("/menu")))
    }

    @Test("a throwing provider is wrapped in routingFailed with the URL")
    func throwingProvider() async throws {
        @MainActor final class Failing: ControllerProvider {
            struct Broken: Error {}
            func isResponsible(routeResult: RouteResult) -> Bool { true }
            func makeController(routeResult: RouteResult) throws -> any Controller { throw Broken() }
        }
        try wireframe.add(routePattern: "/menu")
        wireframe.add(controllerProvider: Failing())
        let error = await #expect(throws: WireframeError.self) {
            try await wireframe.route(to: "/menu")
        }
        #expect(error?.description.hasPrefix("routing '/menu' failed: Broken") == true)
        #expect(navigator.stack.isEmpty)
    }

    @Test("controller(url:) builds the controller with its presenters without showing it")
    func controllerWithoutShowing() throws {
        try wireframe.add(routePattern: "/menu/:dish")
        wireframe.add(controllerProvider: ScreenProvider())
        wireframe.add(presenterProvider: RecordingPresenterProvider())
        let controller = try wireframe.controller(url: url("/menu/soup"))
        #expect(controller.presenters.count == 1)
        #expect(controller.attachments.routeResult?.option == .getController)
        #expect(navigator.stack.isEmpty)
        #expect((controller as? Screen)?.events == [])
    }

    @Test("options: modal, replaceTop, root, show and backTo")
    func options() async throws {
        for pattern in ["/a", "/b", "/c", "/d"] {
            try wireframe.add(routePattern: pattern)
        }
        wireframe.add(controllerProvider: ScreenProvider())
        try await wireframe.route(to: "/a", option: .show)
        try await wireframe.route(to: "/b", option: .show)
        try await wireframe.route(to: "/c")
        #expect(names(navigator.stack) == ["/a", "/b", "/c"])
        try await wireframe.route(to: "/d", option: .replaceTop)
        #expect(names(navigator.stack) == ["/a", "/b", "/d"])
        try await wireframe.route(to: "/b", option: .backTo)
        #expect(names(navigator.stack) == ["/a", "/b"])
        try await wireframe.route(to: "/c", option: .modal)
        #expect(names(navigator.modalStack) == ["/c"])
        #expect((wireframe.topController as? Screen)?.name == "/c")
        try await wireframe.dismissTopController()
        #expect(navigator.modalStack.isEmpty)
        try await wireframe.route(to: "/d", option: .root)
        #expect(names(navigator.stack) == ["/d"])
        try await wireframe.route(to: "/a", option: .getController)
        #expect(names(navigator.stack) == ["/d"])
    }

    @Test("pop and back(to:) go back through the stack")
    func popAndBack() async throws {
        for pattern in ["/a", "/b", "/c"] {
            try wireframe.add(routePattern: pattern)
        }
        wireframe.add(controllerProvider: ScreenProvider())
        try await wireframe.route(stack: [url("/a"), url("/b"), url("/c")])
        try await wireframe.popController()
        #expect(names(navigator.stack) == ["/a", "/b"])
        try await wireframe.back(to: "/a")
        #expect(names(navigator.stack) == ["/a"])
        await #expect(throws: NavigatorError.nothingToPop) {
            try await wireframe.popController()
        }
    }

    @Test("a deep link builds a whole stack in one call, and an unknown URL in it changes nothing")
    func deepLink() async throws {
        for pattern in ["/menu", "/menu/:dish", "/order"] {
            try wireframe.add(routePattern: pattern)
        }
        wireframe.add(controllerProvider: ScreenProvider())
        await #expect(throws: WireframeError.self) {
            try await wireframe.route(stack: [url("/menu"), url("/nowhere")])
        }
        #expect(navigator.stack.isEmpty)
        try await wireframe.route(stack: [url("/menu"), url("/menu/soup"), url("/order")])
        #expect(names(navigator.stack) == ["/menu", "/menu/:dish", "/order"])
    }

    @Test("reverse routing builds a URL from a registered pattern and parameters")
    func reverseRouting() throws {
        try wireframe.add(routePattern: "bistro://menu/:dish")
        #expect(
            try wireframe.url(forPattern: "bistro://menu/:dish", parameters: ["dish": 3]).absoluteString
                == "bistro://menu/3")
        #expect(throws: WireframeError.self) {
            try wireframe.url(forPattern: "bistro://menu/:dish")
        }
        #expect(throws: WireframeError.self) {
            try wireframe.url(forPattern: "/unknown")
        }
    }

    @Test("reverse routing refuses an empty parameter, whose URL another route would show")
    func reverseRoutingRefusesEmptyParameter() throws {
        try wireframe.add(routePattern: "/menu")
        try wireframe.add(routePattern: "/menu/:dish")
        try wireframe.add(routePattern: "/orders(/:id)")
        try wireframe.add(routePattern: "/files/*")
        func emptyParameterError(_ pattern: String, _ parameters: RouteParameters) -> String? {
            let error = #expect(throws: WireframeError.self) {
                try wireframe.url(forPattern: pattern, parameters: parameters)
            }
            guard case .emptyParameter(let failing, let name) = error else { return nil }
            return "\(failing) \(name)"
        }
        #expect(emptyParameterError("/menu/:dish", ["dish": ""]) == "/menu/:dish dish")
        #expect(emptyParameterError("/orders(/:id)", ["id": ""]) == "/orders(/:id) id")
        #expect(emptyParameterError("/files/*", [RouteParameters.wildcard: ["a", "", "b"]]) == "/files/* *")
        #expect(try wireframe.url(forPattern: "/orders(/:id)").absoluteString == "/orders")
    }

    @Test("reverse routing with query items: routing the URL gives them back as parameters")
    func reverseRoutingWithQuery() async throws {
        try wireframe.add(routePattern: "/menu/:dish")
        let url = try wireframe.url(
            forPattern: "/menu/:dish", parameters: ["dish": "soup"], query: ["size": "large & hot", "a+b": "1=2"])
        #expect(url.absoluteString == "/menu/soup?a%2Bb=1%3D2&size=large%20%26%20hot")
        let result = try wireframe.routeResult(url: url)
        #expect(try result.parameters.string("size") == "large & hot")
        #expect(try result.parameters.string("a+b") == "1=2")
    }

    @Test("10,000 route and pop cycles leave no controller or presenter alive")
    func noLeaks() async throws {
        try wireframe.add(routePattern: "/root")
        try wireframe.add(routePattern: "/menu/:dish")
        let provider = LeakCheckingProvider()
        wireframe.add(controllerProvider: provider)
        let presenters = RecordingPresenterProvider()
        wireframe.add(presenterProvider: presenters)
        try await wireframe.route(to: "/root", option: .root)
        for index in 0..<10_000 {
            try await wireframe.route(to: "/menu/\(index)")
            try await wireframe.popController(animated: false)
        }
        #expect(provider.made.count == 10_001)
        #expect(provider.made.filter { $0.object != nil }.count == 1)
        #expect(presenters.presenters.filter { $0.object != nil }.count == 1)
    }

    func names(_ controllers: [any Controller]) -> [String] {
        controllers.map { ($0 as? Screen)?.name ?? "?" }
    }
}

@MainActor
final class LeakCheckingProvider: ControllerProvider {
    private(set) var made: [Weak<Screen>] = []

    func isResponsible(routeResult: RouteResult) -> Bool { true }

    func makeController(routeResult: RouteResult) throws -> any Controller {
        let screen = Screen(routeResult.routePattern)
        made.append(Weak(screen))
        return screen
    }
}
