import BrigadeCore
import BrigadeWireframe
import Testing

// One test per row of docs/BadInput.md for the errors of BrigadeWireframe, and of BrigadeCore's navigator contract:
// the trigger, through the public API, and the exact text the user sees.

@Suite("Bad input: BrigadeWireframe")
@MainActor
struct WireframeBadInputTests {
    let wireframe = DefaultWireframe()
    let navigator = HeadlessNavigator()

    init() throws {
        wireframe.navigateOn(navigator)
        try wireframe.add(routePattern: "/menu/:dish")
    }

    /// The description of the error `body` throws when it adds `pattern`.
    func patternError(_ pattern: String) -> String? {
        let error = #expect(throws: WireframeError.self) { try RoutePattern(pattern) }
        return error?.description
    }

    /// The description of the error routing `text` throws; the navigator stays empty.
    func routeError(_ text: String, option: RoutingOption? = nil) async -> String? {
        let error = await #expect(throws: (any Error).self) { try await wireframe.route(to: text, option: option) }
        #expect(navigator.stack.isEmpty)
        return error.map { String(describing: $0) }
    }

    @Test("WireframeError.emptyPattern")
    func emptyPattern() {
        #expect(patternError("") == "route pattern is empty")
    }

    @Test("WireframeError.invalidScheme")
    func invalidScheme() {
        #expect(patternError("1x://a") == "pattern '1x://a' has an invalid scheme (position 0)")
    }

    @Test("WireframeError.emptyParameterName")
    func emptyParameterName() {
        #expect(patternError("/a/:") == "pattern '/a/:' has a parameter without a name (position 3)")
    }

    @Test("WireframeError.duplicateParameterName")
    func duplicateParameterName() {
        #expect(patternError("/:id/x/:id") == "pattern '/:id/x/:id' uses parameter name 'id' twice (position 7)")
    }

    @Test("WireframeError.wildcardNotLast")
    func wildcardNotLast() {
        #expect(patternError("/a/*/b") == "pattern '/a/*/b' has a wildcard before its last segment (position 3)")
    }

    @Test("WireframeError.unbalancedParenthesis")
    func unbalancedParenthesis() {
        #expect(patternError("/a(/:b") == "pattern '/a(/:b' has an unbalanced parenthesis (position 2)")
    }

    @Test("WireframeError.invalidSegment")
    func invalidSegment() {
        #expect(
            patternError("/a/b*") == "pattern '/a/b*' has an invalid segment at position 3: '*' must be a whole segment"
        )
    }

    @Test("WireframeError.tooManyOptionalGroups")
    func tooManyOptionalGroups() {
        let pattern = String(repeating: "(/a)", count: RoutePattern.maximumOptionalGroups + 1)
        #expect(
            patternError(pattern)
                == "pattern '\(pattern)' has more than \(RoutePattern.maximumOptionalGroups) optional groups")
    }

    @Test("WireframeError.conflictingPattern")
    func conflictingPattern() {
        let error = #expect(throws: WireframeError.self) { try wireframe.add(routePattern: "/menu/:name") }
        #expect(
            error?.description == "pattern '/menu/:name' matches the same URLs as the registered pattern '/menu/:dish'")
    }

    @Test("WireframeError.noRoute")
    func noRoute() async {
        wireframe.add(controllerProvider: ScreenProvider())
        #expect(await routeError("/orders/3") == "no route pattern matches '/orders/3'")
    }

    @Test("WireframeError.noController")
    func noController() async {
        #expect(
            await routeError("/menu/soup")
                == "no controller provider or routing handler for '/menu/soup' (pattern '/menu/:dish')")
    }

    @Test("WireframeError.noRoutingPresenter")
    func noRoutingPresenter() async {
        wireframe.add(controllerProvider: ScreenProvider())
        #expect(
            await routeError("/menu/soup", option: RoutingOption(.custom("sheet")))
                == "no routing presenter for option sheet routing '/menu/soup'")
    }

    @Test("WireframeError.noNavigator")
    func noNavigator() async throws {
        let wireframe = DefaultWireframe()
        try wireframe.add(routePattern: "/menu")
        wireframe.add(controllerProvider: ScreenProvider())
        let error = await #expect(throws: WireframeError.self) { try await wireframe.route(to: "/menu") }
        #expect(error?.description == "cannot route '/menu': no navigator is set (call navigateOn(_:))")
        let popError = await #expect(throws: WireframeError.self) { try await wireframe.popController() }
        #expect(popError?.description == "cannot pop: no navigator is set (call navigateOn(_:))")
    }

    @Test("WireframeError.navigatorReleased")
    func navigatorReleased() async throws {
        let wireframe = DefaultWireframe()
        try wireframe.add(routePattern: "/menu")
        wireframe.add(controllerProvider: ScreenProvider())
        wireframe.navigateOn(HeadlessNavigator())  // passed inline: nobody keeps it
        let error = await #expect(throws: WireframeError.self) { try await wireframe.route(to: "/menu") }
        #expect(
            error?.description
                == "cannot route '/menu': the navigator was released; the wireframe holds it weakly, so keep a strong "
                + "reference to it (in the app or scene that owns it) for as long as it shows controllers")
        let dismissError = await #expect(throws: WireframeError.self) { try await wireframe.dismissTopController() }
        #expect(dismissError?.description.hasPrefix("cannot dismiss: the navigator was released") == true)
    }

    @Test("WireframeError.routingFailed")
    func routingFailed() async {
        @MainActor final class Failing: ControllerProvider {
            struct OutOfStock: Error {}
            func isResponsible(routeResult: RouteResult) -> Bool { true }
            func makeController(routeResult: RouteResult) throws -> any Controller { throw OutOfStock() }
        }
        wireframe.add(controllerProvider: Failing())
        #expect(await routeError("/menu/soup") == "routing '/menu/soup' failed: OutOfStock()")
    }

    @Test("WireframeError.missingParameter")
    func missingParameter() {
        let error = #expect(throws: WireframeError.self) { try wireframe.url(forPattern: "/menu/:dish") }
        #expect(error?.description == "cannot build a URL from pattern '/menu/:dish': parameter 'dish' is missing")
    }

    @Test("WireframeError.emptyParameter")
    func emptyParameter() {
        let error = #expect(throws: WireframeError.self) {
            try wireframe.url(forPattern: "/menu/:dish", parameters: ["dish": ""])
        }
        #expect(
            error?.description
                == "cannot build a URL from pattern '/menu/:dish': parameter 'dish' is empty, and a URL without its "
                + "segment would show another route")
    }

    @Test("WireframeError.incompleteOptionalGroup")
    func incompleteOptionalGroup() throws {
        try wireframe.add(routePattern: "/orders(/:id/:line)")
        let error = #expect(throws: WireframeError.self) {
            try wireframe.url(forPattern: "/orders(/:id/:line)", parameters: ["id": 7])
        }
        #expect(
            error?.description
                == "cannot build a URL from pattern '/orders(/:id/:line)': parameter 'id' is in an optional group "
                + "whose parameter 'line' is not given, so the group cannot be written")
    }

    @Test("WireframeError.builtURLRoutesElsewhere")
    func builtURLRoutesElsewhere() throws {
        try wireframe.add(routePattern: "/menu/specials")
        let error = #expect(throws: WireframeError.self) {
            try wireframe.url(forPattern: "/menu/:dish", parameters: ["dish": "specials"])
        }
        #expect(
            error?.description
                == "cannot build a URL from pattern '/menu/:dish': '/menu/specials' would show pattern "
                + "'/menu/specials', which takes precedence")
    }

    @Test("WireframeError.builtURLDoesNotRoundTrip")
    func builtURLDoesNotRoundTrip() throws {
        try wireframe.add(routePattern: "/x(/:q)(/*)")
        let error = #expect(throws: WireframeError.self) {
            try wireframe.url(forPattern: "/x(/:q)(/*)", parameters: ["*": ["v"]])
        }
        #expect(
            error?.description
                == "cannot build a URL from pattern '/x(/:q)(/*)': routing '/x/v' would not give its values back "
                + "(it gives parameter 'q', which was not given)")
    }

    @Test("WireframeError.controllerNotRouted")
    func controllerNotRouted() async throws {
        try await navigator.push(Screen(), animated: false)
        let error = #expect(throws: WireframeError.self) { try wireframe.navigationState() }
        #expect(
            error?.description
                == "cannot save the navigation state: Screen was shown without routing, so it has no URL")
    }

    @Test("WireframeError.unknownPattern")
    func unknownPattern() {
        let error = #expect(throws: WireframeError.self) { try wireframe.url(forPattern: "/orders/:id") }
        #expect(error?.description == "pattern '/orders/:id' is not registered")
    }

    @Test("WireframeError.invalidURL")
    func invalidURL() async {
        #expect(await routeError("") == "'' is not a URL")
    }

    @Test("WireframeError.linkRejected")
    func linkRejected() async {
        wireframe.add(controllerProvider: ScreenProvider())
        wireframe.deepLinkPolicy = DeepLinkPolicy(allowedSchemes: ["bistro"])
        let error = await #expect(throws: WireframeError.self) {
            try await wireframe.routeExternal(url: url("javascript://menu/soup"))
        }
        #expect(
            error?.description
                == "link 'javascript://menu/soup' was rejected and not routed: scheme 'javascript' is not allowed")
        #expect(navigator.stack.isEmpty)
    }

    @Test("NavigatorError.nothingToPop")
    func nothingToPop() async {
        let error = await #expect(throws: NavigatorError.self) { try await navigator.pop(animated: false) }
        #expect(error?.description == "cannot pop: the navigation stack holds one controller or none")
    }

    @Test("NavigatorError.nothingToDismiss")
    func nothingToDismiss() async {
        let error = await #expect(throws: NavigatorError.self) { try await navigator.dismiss(animated: false) }
        #expect(error?.description == "cannot dismiss: no modal is shown")
    }

    @Test("NavigatorError.notOnStack")
    func notOnStack() async throws {
        try await navigator.push(Screen(), animated: false)
        let error = await #expect(throws: NavigatorError.self) {
            try await navigator.pop(to: Screen(), animated: false)
        }
        #expect(error?.description == "cannot pop to Screen: it is not on the navigation stack")
        #expect(navigator.stack.count == 1)
    }

    @Test("NavigatorError.alreadyShown")
    func alreadyShown() async throws {
        let screen = Screen()
        try await navigator.push(screen, animated: false)
        let error = await #expect(throws: NavigatorError.self) { try await navigator.push(screen, animated: false) }
        #expect(error?.description == "cannot show Screen: it is already shown")
        #expect(navigator.stack.count == 1)
    }
}
