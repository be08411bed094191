import BrigadeCore
import BrigadeWireframe
import Testing

@Suite("RouteMatcher with long patterns and shared prefixes")
struct RouteMatcherDepthTests {
    /// `/s0/:p1/s2/:p3/…` with `count` segments, and a URL that fills its parameters with `v1`, `v3`, ….
    func longPattern(_ count: Int) -> (pattern: String, url: String) {
        let pattern = (0..<count).map { $0.isMultiple(of: 2) ? "s\($0)" : ":p\($0)" }
        let url = (0..<count).map { $0.isMultiple(of: 2) ? "s\($0)" : "v\($0)" }
        return ("/" + pattern.joined(separator: "/"), "/" + url.joined(separator: "/"))
    }

    @Test("a pattern of 50,000 segments matches a URL of 50,000 segments, and not one that differs at the end")
    func fiftyThousandSegments() throws {
        let (pattern, url) = longPattern(50_000)
        let matcher = RouteMatcher()
        try matcher.add(RoutePattern(pattern))
        let match = try #require(matcher.match(path: url))
        #expect(try match.parameters.string("p1") == "v1")
        #expect(try match.parameters.string("p49999") == "v49999")
        #expect(match.parameters.count == 25_000)
        #expect(matcher.match(path: url.replacingOccurrences(of: "/s49998/", with: "/other/")) == nil)
        #expect(matcher.match(path: url + "/more") == nil)
    }

    @Test("a URL of 50,000 segments backtracks from a literal branch that fails at its end to a wildcard")
    func fiftyThousandSegmentsBacktrack() throws {
        let (pattern, url) = longPattern(50_000)
        let matcher = RouteMatcher()
        try matcher.add(RoutePattern(pattern))
        try matcher.add(RoutePattern("/s0/*"))
        let match = try #require(matcher.match(path: url + "/extra"))
        #expect(match.pattern.text == "/s0/*")
        #expect(try match.parameters.strings("*").count == 50_000)
    }

    @Test("patterns that share a prefix match the same whatever their registration order", arguments: [false, true])
    func sharedPrefixes(reversed: Bool) throws {
        let patterns = ["/a/b/c/d", "/a/b", "/a/b/c", "/a/:x/c/e", "/a/*", "/a/b/:y/d/f"]
        let matcher = RouteMatcher()
        for pattern in reversed ? patterns.reversed() : patterns {
            try matcher.add(RoutePattern(pattern))
        }
        let expected: [(String, String)] = [
            ("/a/b/c/d", "/a/b/c/d"), ("/a/b", "/a/b"), ("/a/b/c", "/a/b/c"), ("/a/b/c/e", "/a/:x/c/e"),
            ("/a/b/c/f", "/a/*"), ("/a/b/z/d/f", "/a/b/:y/d/f"), ("/a/b/c/d/f", "/a/b/:y/d/f"), ("/a", "/a"),
        ]
        for (path, pattern) in expected {
            let text = matcher.match(path: path)?.pattern.text
            #expect(text == (path == "/a" ? nil : pattern), "\(path)")
        }
        #expect(try matcher.match(path: "/a/q/c/e")?.parameters.string("x") == "q")
        #expect(try matcher.match(path: "/a/b/c/d/f")?.parameters.string("y") == "c")
    }

    @Test("a shape registered by a pattern of other parameter names conflicts; the same text again does nothing")
    func conflictsAcrossSplitNodes() throws {
        let matcher = RouteMatcher()
        try matcher.add(RoutePattern("/a/:x/c/d"))
        try matcher.add(RoutePattern("/a/:x/c/d"))
        try matcher.add(RoutePattern("/a/:y/c"))
        let error = #expect(throws: WireframeError.self) { try matcher.add(RoutePattern("/a/:z/c")) }
        #expect(
            error?.description == WireframeError.conflictingPattern(pattern: "/a/:z/c", existing: "/a/:y/c").description
        )
        #expect(try matcher.match(path: "/a/1/c")?.parameters.string("y") == "1")
        #expect(try matcher.match(path: "/a/1/c/d")?.parameters.string("x") == "1")
        #expect(matcher.patterns.keys.sorted() == ["/a/:x/c/d", "/a/:y/c"])
    }

    @Test("an optional group's parameters are named per shape")
    func optionalGroupNames() throws {
        let matcher = RouteMatcher()
        try matcher.add(RoutePattern("/orders(/:id)/items(/:item)"))
        let both = try #require(matcher.match(path: "/orders/7/items/3"))
        #expect(try both.parameters.string("id") == "7")
        #expect(try both.parameters.string("item") == "3")
        let itemOnly = try #require(matcher.match(path: "/orders/items/3"))
        #expect(try itemOnly.parameters.string("item") == "3")
        #expect(itemOnly.parameters["id"] == nil)
    }
}
