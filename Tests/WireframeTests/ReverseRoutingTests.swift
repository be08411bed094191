import BrigadeCore
import BrigadeWireframe
import Foundation
import Testing

/// The text of a URL routing gives back for `name`, or nil.
private func text(_ result: RouteResult, _ name: String) -> String? {
    result.parameters[name] as? String
}

@Suite("Reverse routing: every URL built leads back to its pattern and values")
@MainActor
struct ReverseRoutingTests {
    let wireframe = DefaultWireframe()

    @Test("a pattern with an https host builds its URL and matches it")
    func hostPatternMatchesItsOwnURL() throws {
        try wireframe.add(routePattern: "https://bistro.example/menu/:dish")
        let url = try wireframe.url(forPattern: "https://bistro.example/menu/:dish", parameters: ["dish": "soup"])
        #expect(url.absoluteString == "https://bistro.example/menu/soup")
        let result = try wireframe.routeResult(url: url)
        #expect(result.routePattern == "https://bistro.example/menu/:dish")
        #expect(text(result, "dish") == "soup")
    }

    @Test("a pattern with a host matches that host only, and never takes the host as a segment")
    func hostPatternMatchesItsHostOnly() throws {
        try wireframe.add(routePattern: "https://bistro.example/menu/:dish")
        #expect(throws: WireframeError.self) {
            try wireframe.routeResult(url: #require(URL(string: "https://other.example/menu/soup")))
        }
        #expect(throws: WireframeError.self) {
            try wireframe.routeResult(url: #require(URL(string: "https://other/bistro.example/menu/soup")))
        }
        #expect(throws: WireframeError.self) {
            try wireframe.routeResult(url: #require(URL(string: "http://bistro.example/menu/soup")))
        }
    }

    @Test("a host pattern wins for its host; a pattern without a host takes every other host")
    func hostPatternBesideHostlessPattern() throws {
        try wireframe.add(routePattern: "https://bistro.example/menu/:dish")
        try wireframe.add(routePattern: "/menu/:dish")
        let own = try wireframe.routeResult(url: #require(URL(string: "https://BISTRO.example/menu/soup")))
        #expect(own.routePattern == "https://bistro.example/menu/:dish")
        let other = try wireframe.routeResult(url: #require(URL(string: "https://other.example/menu/soup")))
        #expect(other.routePattern == "/menu/:dish")
    }

    @Test("a host outside ASCII is written in Punycode and compared in one form")
    func unicodeHost() throws {
        try wireframe.add(routePattern: "https://Bücher.example/:id")
        #expect(try RoutePattern("https://Bücher.example/:id").host == "xn--bcher-kva.example")
        let url = try wireframe.url(forPattern: "https://Bücher.example/:id", parameters: ["id": "7"])
        #expect(url.absoluteString == "https://xn--bcher-kva.example/7")
        #expect(try wireframe.routeResult(url: url).routePattern == "https://Bücher.example/:id")
        var builder = RouteMatcherBuilder()
        try builder.add(RoutePattern("https://münchen.example/:id"))
        let matcher = builder.build()
        #expect(matcher.match(path: "/7", scheme: "https", host: "MÜNCHEN.example") != nil)
        #expect(matcher.match(path: "/7", scheme: "https", host: "xn--mnchen-3ya.example") != nil)
        #expect(matcher.match(path: "/7", scheme: "https", host: "other.example") == nil)
    }

    @Test("parameters the pattern does not name are written as query items and come back")
    func unnamedParametersBecomeQueryItems() throws {
        try wireframe.add(routePattern: "/menu/:dish")
        let url = try wireframe.url(forPattern: "/menu/:dish", parameters: ["dish": "soup", "size": "large & hot"])
        #expect(url.absoluteString == "/menu/soup?size=large%20%26%20hot")
        let result = try wireframe.routeResult(url: url)
        #expect(text(result, "size") == "large & hot")
    }

    @Test("a value of an optional group given without the group's other values is refused")
    func incompleteOptionalGroup() throws {
        try wireframe.add(routePattern: "/orders(/:id/:line)")
        let error = #expect(throws: WireframeError.self) {
            try wireframe.url(forPattern: "/orders(/:id/:line)", parameters: ["id": "7"])
        }
        guard case .incompleteOptionalGroup(_, "id", "line") = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(try wireframe.url(forPattern: "/orders(/:id/:line)").absoluteString == "/orders")
    }

    @Test("a pattern refuses a value of an int or uuid parameter that is not of its type, and renders one that is")
    func builtInTypedValues() throws {
        let pattern = try RoutePattern("/orders/:id<int>(/:line<uuid>)")
        var matcher = RouteMatcherBuilder()
        try matcher.add(pattern)
        let built = matcher.build()
        for parameters: RouteParameters in [["id": "x"], ["id": "7", "line": "not a uuid"]] {
            let error = #expect(throws: WireframeError.self) { try pattern.path(parameters: parameters) }
            guard case .builtURLDoesNotRoundTrip(_, let url, let reason) = error else {
                Issue.record("unexpected \(String(describing: error))")
                continue
            }
            #expect(built.match(path: url) == nil)
            #expect(reason.contains("<int>") || reason.contains("<uuid>"))
        }
        let line = "6F9619FF-8B86-D011-B42D-00C04FC964FF"
        let path = try pattern.path(parameters: ["id": 7, "line": line])
        #expect(path == "/orders/7/\(line)")
        #expect(built.match(path: path) != nil)
    }

    @Test("a literal outside ASCII is encoded once, so values keep their percent signs")
    func nonASCIILiteral() throws {
        try wireframe.add(routePattern: "/ñ/:q")
        let url = try wireframe.url(forPattern: "/ñ/:q", parameters: ["q": "100% %41"])
        #expect(url.absoluteString == "/%C3%B1/100%25%20%2541")
        #expect(text(try wireframe.routeResult(url: url), "q") == "100% %41")
    }

    @Test("values that would change names inside an overlapping pattern are refused")
    func overlappingGroupsRefused() throws {
        try wireframe.add(routePattern: "/x(/:q)(/*)")
        let error = #expect(throws: WireframeError.self) {
            try wireframe.url(forPattern: "/x(/:q)(/*)", parameters: ["*": ["v"]])
        }
        guard case .builtURLDoesNotRoundTrip(pattern: "/x(/:q)(/*)", url: "/x/v", _) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        let both = try wireframe.url(forPattern: "/x(/:q)(/*)", parameters: ["q": "a", "*": ["b", "c"]])
        #expect(try wireframe.routeResult(url: both).parameters.strings("*") == ["b", "c"])
    }

    @Test("a URL a more specific pattern would take is refused, naming that pattern")
    func moreSpecificPatternNamed() throws {
        try wireframe.add(routePattern: "/:tab")
        try wireframe.add(routePattern: "/new")
        let error = #expect(throws: WireframeError.self) {
            try wireframe.url(forPattern: "/:tab", parameters: ["tab": "new"])
        }
        guard case .builtURLRoutesElsewhere("/:tab", "/new", "/new") = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        try wireframe.add(routePattern: "/files/:id")
        try wireframe.add(routePattern: "/files/*")
        #expect(throws: WireframeError.self) { try wireframe.url(forPattern: "/files/*", parameters: ["*": ["a"]]) }
        #expect(try wireframe.url(forPattern: "/files/*", parameters: ["*": ["a", "b/c"]]).path() == "/files/a/b%2Fc")
    }

    @Test("a plus sign in a query value is encoded, so it does not come back as a space")
    func plusInQuery() throws {
        try wireframe.add(routePattern: "/search")
        let url = try wireframe.url(forPattern: "/search", parameters: [:], query: ["q": "1+1 = 2"])
        #expect(url.absoluteString == "/search?q=1%2B1%20%3D%202")
        #expect(text(try wireframe.routeResult(url: url), "q") == "1+1 = 2")
    }
}

@Suite("Query items: a repeated name keeps every value")
@MainActor
struct RepeatedQueryItemTests {
    @Test("every value of a repeated query name comes back, in order, and a list is written as a repeated name")
    func repeatedQueryName() throws {
        let wireframe = DefaultWireframe()
        try wireframe.add(routePattern: "/menu")
        let result = try wireframe.routeResult(url: #require(URL(string: "/menu?tag=hot&tag=veg&size=s")))
        #expect(try result.parameters.strings("tag") == ["hot", "veg"])
        #expect(try result.parameters.string("size") == "s")
        let url = try wireframe.url(forPattern: "/menu", parameters: ["tag": ["hot", "a&b"]])
        #expect(url.absoluteString == "/menu?tag=hot&tag=a%26b")
        #expect(try wireframe.routeResult(url: url).parameters.strings("tag") == ["hot", "a&b"])
    }
}

@Suite("Hosts: one form everywhere")
@MainActor
struct HostFormTests {
    @Test("a deep-link policy given a host in Unicode accepts its Punycode form from a link")
    func policyHostInUnicode() throws {
        let policy = DeepLinkPolicy(allowedSchemes: ["https"], allowedHosts: ["Bücher.example"])
        try policy.check(#require(URL(string: "https://xn--bcher-kva.example/menu/soup")))
        #expect(throws: WireframeError.self) { try policy.check(#require(URL(string: "https://other.example/menu"))) }
    }
}
