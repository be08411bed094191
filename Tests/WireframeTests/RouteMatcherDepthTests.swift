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
        var builder = RouteMatcherBuilder()
        try builder.add(RoutePattern(pattern))
        let matcher = builder.build()
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
        var builder = RouteMatcherBuilder()
        try builder.add(RoutePattern(pattern))
        try builder.add(RoutePattern("/s0/*"))
        let matcher = builder.build()
        let match = try #require(matcher.match(path: url + "/extra"))
        #expect(match.pattern.text == "/s0/*")
        #expect(try match.parameters.strings("*").count == 50_000)
    }

    @Test("patterns that share a prefix match the same whatever their registration order", arguments: [false, true])
    func sharedPrefixes(reversed: Bool) throws {
        let patterns = ["/a/b/c/d", "/a/b", "/a/b/c", "/a/:x/c/e", "/a/*", "/a/b/:y/d/f"]
        var builder = RouteMatcherBuilder()
        for pattern in reversed ? patterns.reversed() : patterns {
            try builder.add(RoutePattern(pattern))
        }
        let matcher = builder.build()
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
        var builder = RouteMatcherBuilder()
        try builder.add(RoutePattern("/a/:x/c/d"))
        try builder.add(RoutePattern("/a/:x/c/d"))
        try builder.add(RoutePattern("/a/:y/c"))
        let error = #expect(throws: WireframeError.self) { try builder.add(RoutePattern("/a/:z/c")) }
        let matcher = builder.build()
        #expect(
            error?.description == WireframeError.conflictingPattern(pattern: "/a/:z/c", existing: "/a/:y/c").description
        )
        #expect(try matcher.match(path: "/a/1/c")?.parameters.string("y") == "1")
        #expect(try matcher.match(path: "/a/1/c/d")?.parameters.string("x") == "1")
        #expect(matcher.patterns.keys.sorted() == ["/a/:x/c/d", "/a/:y/c"])
    }

    @Test("an optional group's parameters are named per shape")
    func optionalGroupNames() throws {
        var builder = RouteMatcherBuilder()
        try builder.add(RoutePattern("/orders(/:id)/items(/:item)"))
        let matcher = builder.build()
        let both = try #require(matcher.match(path: "/orders/7/items/3"))
        #expect(try both.parameters.string("id") == "7")
        #expect(try both.parameters.string("item") == "3")
        let itemOnly = try #require(matcher.match(path: "/orders/items/3"))
        #expect(try itemOnly.parameters.string("item") == "3")
        #expect(itemOnly.parameters["id"] == nil)
    }

    @Test("random pattern sets give the same matches in either registration order")
    func registrationOrderNeverMatters() throws {
        var random = SplitMix(seed: 18)
        let pieces = ["a", "b", "c", ":p", ":q", "*"]
        for _ in 0..<200 {
            var accepted: [String] = []
            var forward = RouteMatcherBuilder()
            for _ in 0..<8 {
                let length = 1 + random.next(4)
                var segments: [String] = []
                var names: Set<String> = []
                for index in 0..<length {
                    var piece = pieces[random.next(pieces.count)]
                    if piece == "*" && index != length - 1 { piece = "a" }
                    if piece.hasPrefix(":") && !names.insert(piece).inserted { piece = "b" }
                    segments.append(piece)
                }
                let text = "/" + segments.joined(separator: "/")
                guard let pattern = try? RoutePattern(text), (try? forward.add(pattern)) != nil else { continue }
                if !accepted.contains(text) { accepted.append(text) }
            }
            var backward = RouteMatcherBuilder()
            for text in accepted.reversed() {
                try backward.add(RoutePattern(text))
            }
            let (forwardMatcher, backwardMatcher) = (forward.build(), backward.build())
            for _ in 0..<20 {
                let path =
                    "/"
                    + (0..<(1 + random.next(5))).map { _ in ["a", "b", "c", "x"][random.next(4)] }
                    .joined(separator: "/")
                let one = forwardMatcher.match(path: path)
                let other = backwardMatcher.match(path: path)
                #expect(one?.pattern.text == other?.pattern.text, "\(path) among \(accepted)")
                #expect(one?.parameters.names == other?.parameters.names, "\(path) among \(accepted)")
            }
        }
    }
}

/// A small seeded generator, so the random test is the same on every run.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    /// A number in `0..<bound`.
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        value ^= value >> 31
        return Int(value % UInt64(bound))
    }
}
