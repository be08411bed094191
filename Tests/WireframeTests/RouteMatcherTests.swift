import BrigadeCore
import BrigadeWireframe
import Foundation
import Testing

@Suite("RouteMatcher")
struct RouteMatcherTests {
    func builder(_ patterns: [String], caseSensitive: Bool = true) throws -> RouteMatcherBuilder {
        var builder = RouteMatcherBuilder(caseSensitive: caseSensitive)
        for pattern in patterns {
            try builder.add(RoutePattern(pattern))
        }
        return builder
    }

    func matcher(_ patterns: [String], caseSensitive: Bool = true) throws -> RouteMatcher {
        try builder(patterns, caseSensitive: caseSensitive).build()
    }

    @Test("trailing and doubled slashes are ignored")
    func slashes() throws {
        let matcher = try matcher(["/a/b"])
        for path in ["/a/b/", "//a//b", "a/b", "/a/b//"] {
            #expect(matcher.match(path: path)?.pattern.text == "/a/b")
        }
    }

    @Test("a parameter is extracted")
    func parameter() throws {
        let match = try matcher(["/menu/:dish"]).match(path: "/menu/soup")
        #expect(try match?.parameters.string("dish") == "soup")
    }

    @Test("a literal mismatch does not match")
    func literalMismatch() throws {
        #expect(try matcher(["/menu/:dish"]).match(path: "/order/soup") == nil)
    }

    @Test("a URL longer or shorter than the pattern does not match", arguments: ["/a", "/a/b/c", "/a/b/c/d"])
    func lengthMismatch(path: String) throws {
        #expect(try matcher(["/a/:b"]).match(path: path) == nil)
    }

    @Test("a wildcard captures what remains, and needs at least one segment")
    func wildcard() throws {
        let matcher = try matcher(["/files/*"])
        #expect(try matcher.match(path: "/files/a/b/c")?.parameters.strings("*") == ["a", "b", "c"])
        #expect(matcher.match(path: "/files") == nil)
        #expect(matcher.match(path: "/files/") == nil)
    }

    @Test("path parameters are percent-decoded")
    func percentDecoding() throws {
        let match = try matcher(["/menu/:dish"]).match(path: "/menu/cr%C3%A8me%20br%C3%BBl%C3%A9e")
        #expect(try match?.parameters.string("dish") == "crème brûlée")
    }

    @Test("an encoded slash stays inside its segment")
    func encodedSlash() throws {
        let match = try matcher(["/menu/:dish"]).match(path: "/menu/a%2Fb")
        #expect(try match?.parameters.string("dish") == "a/b")
    }

    @Test("/ matches only the pattern /")
    func root() throws {
        let matcher = try matcher(["/", "/a"])
        #expect(matcher.match(path: "/")?.pattern.text == "/")
        #expect(matcher.match(path: "/a")?.pattern.text == "/a")
        #expect(try self.matcher(["/"]).match(path: "/a") == nil)
    }

    @Test("a query does not leak into the last parameter; query items become parameters")
    func query() throws {
        let match = try matcher(["/menu/:dish"]).match(path: "/menu/soup?size=large&note=no+salt")
        #expect(try match?.parameters.string("dish") == "soup")
        #expect(try match?.parameters.string("size") == "large")
        #expect(try match?.parameters.string("note") == "no salt")
    }

    @Test("path parameters override query items")
    func pathOverridesQuery() throws {
        let match = try matcher(["/menu/:dish"]).match(path: "/menu/soup?dish=cake")
        #expect(try match?.parameters.string("dish") == "soup")
    }

    @Test("for a scheme other than http(s) the host is the first segment")
    func customSchemeHost() throws {
        let matcher = try matcher(["/user/:id"])
        let match = try #require(matcher.match(url: url("myapp://user/42")))
        #expect(try match.parameters.int("id") == 42)
        let web = matcher.match(url: url("https://example.com/user/7"))
        #expect(try web?.parameters.int("id") == 7)
    }

    @Test("a pattern with a scheme matches only that scheme, before schemeless patterns")
    func schemePatterns() throws {
        let matcher = try matcher(["bistro://menu/:dish", "/menu/:item"])
        #expect(matcher.match(url: url("bistro://menu/soup"))?.pattern.text == "bistro://menu/:dish")
        #expect(matcher.match(url: url("other://menu/soup"))?.pattern.text == "/menu/:item")
    }

    static let specificityPatterns = ["/a/*", "/a/:x", "/a/b"]

    static func permutations(_ items: [String]) -> [[String]] {
        guard items.count > 1 else { return [items] }
        return items.indices.flatMap { index in
            var rest = items
            let first = rest.remove(at: index)
            return permutations(rest).map { [first] + $0 }
        }
    }

    @Test("specificity beats insertion order", arguments: permutations(specificityPatterns))
    func specificity(order: [String]) throws {
        let matcher = try matcher(order)
        #expect(matcher.match(path: "/a/b")?.pattern.text == "/a/b")
        #expect(matcher.match(path: "/a/c")?.pattern.text == "/a/:x")
        #expect(matcher.match(path: "/a/c/d")?.pattern.text == "/a/*")
    }

    @Test("a failed literal branch backtracks to the parameter branch")
    func backtracking() throws {
        let matcher = try matcher(["/a/b/c", "/a/:x/d"])
        #expect(try matcher.match(path: "/a/b/d")?.parameters.string("x") == "b")
    }

    @Test("optional groups match with and without their segments")
    func optionalGroups() throws {
        let matcher = try matcher(["/orders(/:id(/items))"])
        #expect(matcher.match(path: "/orders")?.pattern.text == "/orders(/:id(/items))")
        #expect(try matcher.match(path: "/orders/3")?.parameters.int("id") == 3)
        #expect(try matcher.match(path: "/orders/3/items")?.parameters.int("id") == 3)
        #expect(matcher.match(path: "/orders/3/other") == nil)
    }

    @Test("matching is case-sensitive by default, case-insensitive on request")
    func caseSensitivity() throws {
        #expect(try matcher(["/Menu/:dish"]).match(path: "/menu/Soup") == nil)
        let match = try matcher(["/Menu/:dish"], caseSensitive: false).match(path: "/mENU/Soup")
        #expect(try match?.parameters.string("dish") == "Soup")
    }

    @Test("patterns that match the same URLs conflict; nothing of the later one is registered")
    func conflicts() throws {
        var builder = try builder(["/a/:x", "/b"])
        let error = #expect(throws: WireframeError.self) {
            try builder.add(RoutePattern("/a/:y"))
        }
        #expect(error?.description == "pattern '/a/:y' matches the same URLs as the registered pattern '/a/:x'")
        #expect(throws: WireframeError.self) {
            try builder.add(RoutePattern("/b(/c)"))
        }
        let matcher = builder.build()
        #expect(matcher.match(path: "/b/c") == nil)
        #expect(matcher.patterns.keys.sorted() == ["/a/:x", "/b"])
    }

    @Test("a '/' followed by a combining mark still separates segments, in patterns as in URLs")
    func combiningMarkAfterSlash() throws {
        // Found by the route-pattern fuzzer: the parser read "/\u{06EC}" as one character, the matcher as two bytes.
        let matcher = try matcher(["+:/\u{06EC}"])
        #expect(matcher.match(path: "/+:/\u{06EC}")?.pattern.text == "+:/\u{06EC}")
    }

    @Test("registering the same pattern twice is not a conflict")
    func sameTextTwice() throws {
        let matcher = try matcher(["/a/:x", "/a/:x"])
        #expect(matcher.patterns.count == 1)
    }
}
