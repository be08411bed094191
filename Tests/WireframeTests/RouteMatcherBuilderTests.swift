import BrigadeCore
import BrigadeWireframe
import Testing

@Suite("RouteMatcherBuilder")
struct RouteMatcherBuilderTests {
    @Test("a built matcher keeps the patterns it was built with while the builder goes on")
    func builtMatcherIsAValue() throws {
        var builder = RouteMatcherBuilder()
        try builder.add(RoutePattern("/menu/:dish"))
        let first = builder.build()
        try builder.add(RoutePattern("/menu/specials"))
        let second = builder.build()
        #expect(first.match(path: "/menu/specials")?.pattern.text == "/menu/:dish")
        #expect(second.match(path: "/menu/specials")?.pattern.text == "/menu/specials")
        #expect(first.patterns.keys.sorted() == ["/menu/:dish"])
        #expect(builder.patterns.keys.sorted() == ["/menu/:dish", "/menu/specials"])
    }

    @Test("a built matcher matches from many tasks at once")
    func matchesConcurrently() async throws {
        var builder = RouteMatcherBuilder()
        for index in 0..<100 {
            try builder.add(RoutePattern("/section\(index)/items/:id<int>"))
        }
        let matcher = builder.build()
        let found = await withTaskGroup(of: Int?.self) { group in
            for index in 0..<100 {
                group.addTask { try? matcher.match(path: "/section\(index)/items/\(index)")?.parameters.int("id") }
            }
            var found: [Int] = []
            for await value in group {
                if let value { found.append(value) }
            }
            return found.sorted()
        }
        #expect(found == Array(0..<100))
    }

    @Test("a pattern reads its scheme, host and parameter names from the parse it keeps")
    func patternKeepsItsParse() throws {
        let pattern = try RoutePattern("HTTPS://Bistro.example/orders(/:id<int>)/*")
        #expect(pattern.scheme == "https")
        #expect(pattern.host == "bistro.example")
        #expect(pattern.parameterNames == ["id", "*"])
        #expect(try pattern.path(parameters: ["id": 7, "*": ["a", "b"]]) == "https://bistro.example/orders/7/a/b")
    }
}
