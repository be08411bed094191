import BrigadeCore
import BrigadeWireframe
import Testing

@Suite("RoutePattern")
struct RoutePatternTests {
    @Test(
        "malformed patterns are registration errors with the position",
        arguments: [
            ("", "route pattern is empty"),
            ("/a/*/b", "pattern '/a/*/b' has a wildcard before its last segment (position 3)"),
            ("/a/:", "pattern '/a/:' has a parameter without a name (position 3)"),
            ("/:id/x/:id", "pattern '/:id/x/:id' uses parameter name 'id' twice (position 7)"),
            ("/a(/:b", "pattern '/a(/:b' has an unbalanced parenthesis (position 2)"),
            ("/a/:b)", "pattern '/a/:b)' has an unbalanced parenthesis (position 5)"),
            ("/a(:b)", "pattern '/a(:b)' has an invalid segment at position 2: an optional group starts with '/'"),
            ("/a/b*", "pattern '/a/b*' has an invalid segment at position 3: '*' must be a whole segment"),
            ("1x://a", "pattern '1x://a' has an invalid scheme (position 0)"),
            ("/a(/*)/b", "pattern '/a(/*)/b' has a wildcard before its last segment (position 4)"),
            // Found by the route-pattern fuzzer: a literal with '?' could never match, since '?' starts the query.
            (
                "?\n",
                "pattern '?\n' has an invalid segment at position 0: '?' and '#' start a URL's query and fragment; they cannot be in a pattern"
            ),
            (
                "/a?\u{300}b",
                "pattern '/a?\u{300}b' has an invalid segment at position 1: '?' and '#' start a URL's query and fragment; they cannot be in a pattern"
            ),
            (
                "/menu#top",
                "pattern '/menu#top' has an invalid segment at position 1: '?' and '#' start a URL's query and fragment; they cannot be in a pattern"
            ),
        ])
    func malformed(pattern: String, message: String) {
        let error = #expect(throws: WireframeError.self) {
            try RoutePattern(pattern)
        }
        #expect(error?.description == message)
    }

    @Test("more than the maximum number of optional groups is rejected")
    func tooManyGroups() {
        let pattern = String(repeating: "(/a)", count: RoutePattern.maximumOptionalGroups + 1)
        #expect(throws: WireframeError.self) {
            try RoutePattern(pattern)
        }
    }

    @Test("parameter names are listed in order, with * for a wildcard")
    func parameterNames() throws {
        #expect(try RoutePattern("/a/:x(/:y(/:z))/*").parameterNames == ["x", "y", "z", "*"])
    }

    @Test("a scheme is read and lowercased")
    func scheme() throws {
        let pattern = try RoutePattern("Bistro://menu/:dish")
        #expect(pattern.scheme == "bistro")
    }

    @Test("reverse routing fills parameters, percent-encodes them and drops incomplete optional groups")
    func reverse() throws {
        let pattern = try RoutePattern("/menu/:dish(/size/:size)")
        #expect(try pattern.path(parameters: ["dish": "crème brûlée"]) == "/menu/cr%C3%A8me%20br%C3%BBl%C3%A9e")
        #expect(try pattern.path(parameters: ["dish": "soup", "size": 2]) == "/menu/soup/size/2")
        #expect(throws: WireframeError.self) {
            try pattern.path(parameters: ["size": 2])
        }
        #expect(try RoutePattern("bistro://orders/:id").path(parameters: ["id": 3]) == "bistro://orders/3")
        #expect(try RoutePattern("/files/*").path(parameters: ["*": ["a", "b c"]]) == "/files/a/b%20c")
        #expect(try RoutePattern("/").path(parameters: [:]) == "/")
    }
}
