import BrigadeKitchen
import Foundation
import Testing

/// The app's kitchen of a test: a `Greeter` that says "real". (Made per test, not shared through a global: a kitchen
/// a global keeps alive keeps the side table of its resolvers' weak references, which LeakSanitizer counts as a leak.
/// Overrides are task-local and reach every kitchen, so separate kitchens prove as much about other tests.)
func makeSharedKitchen() -> Kitchen {
    let kitchen = Kitchen()
    try? kitchen.registerNonisolated(Greeter.self) { _ in Greeter("real") }
    kitchen.seal()
    return kitchen
}

@Suite("Kitchen: overrides for a piece of work")
struct KitchenOverrideTests {
    @Test("an override is seen on the task, in its child tasks and in the tasks it creates; not outside, not detached")
    func reach() async throws {
        let sharedKitchen = makeSharedKitchen()
        let overrides = KitchenOverrides().replacing(Greeter.self) { _ in Greeter("stub") }
        let seen = try await overrides.apply { () async throws -> [String] in
            async let child = Task { try sharedKitchen.resolve(Greeter.self).word }.value
            let unstructured = Task { try sharedKitchen.resolve(Greeter.self).word }
            let detached = Task.detached { try sharedKitchen.resolve(Greeter.self).word }
            return [
                try sharedKitchen.resolve(Greeter.self).word, try await child, try await unstructured.value,
                try await detached.value,
            ]
        }
        #expect(seen == ["stub", "stub", "stub", "real"])
        #expect(try sharedKitchen.resolve(Greeter.self).word == "real")
    }

    @Test("one instance per apply; the override's factory may resolve the service it replaces")
    func instances() async throws {
        let sharedKitchen = makeSharedKitchen()
        let wrapping = KitchenOverrides().replacing(Greeter.self) { resolver in
            Greeter("wrapped " + (try resolver.resolve(Greeter.self).word))
        }
        let (first, second) = try wrapping.apply {
            (try sharedKitchen.resolve(Greeter.self), try sharedKitchen.resolve(Greeter.self))
        }
        #expect(first === second && first.word == "wrapped real")
        let again = try wrapping.apply { try sharedKitchen.resolve(Greeter.self) }
        #expect(again !== first)
    }

    @Test("nested overrides layer: the inner ones win, the outer ones stay")
    func nested() throws {
        let outer = KitchenOverrides()
            .replacing(Greeter.self) { _ in Greeter("outer") }
            .replacing(UserDatabase.self) { _ in UserDatabase(7) }
        let inner = KitchenOverrides().replacing(Greeter.self) { _ in Greeter("inner") }
        let kitchen = Kitchen()
        let seen = try outer.apply {
            try inner.apply { (try kitchen.resolve(Greeter.self).word, try kitchen.resolve(UserDatabase.self).session) }
        }
        #expect(seen.0 == "inner" && seen.1 == 7)
        #expect(try outer.apply { try kitchen.resolveIfRegistered(Greeter.self)?.word } == "outer")
    }

    /// 200 tests at once, each with its own double, each checking that its work (on the task, in child tasks and in
    /// tasks it creates) sees its double only. `.ci/run` runs this suite 20 times with `swift test --parallel`.
    @Test("200 tests in parallel, each with its own double, see their own only", arguments: 0..<200)
    func parallel(index: Int) async throws {
        let sharedKitchen = makeSharedKitchen()
        let overrides = KitchenOverrides().replacing(Greeter.self) { _ in Greeter("double \(index)") }
        let words = try await overrides.apply { () async throws -> [String] in
            try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<4 {
                    group.addTask { try sharedKitchen.resolve(Greeter.self).word }
                }
                group.addTask { try await Task { try sharedKitchen.resolve(Greeter.self).word }.value }
                return try await group.reduce(into: [try sharedKitchen.resolve(Greeter.self).word]) { $0.append($1) }
            }
        }
        #expect(words == Array(repeating: "double \(index)", count: 6))
    }
}
