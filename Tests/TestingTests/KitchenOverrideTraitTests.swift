import BrigadeKitchen
import BrigadeTesting
import Testing

final class Clock: Sendable {
    let time: String
    init(_ time: String) { self.time = time }
}

/// A test's kitchen, with the real clock. (Per test: a kitchen a global keeps alive keeps its resolvers' weak-reference
/// side table, which LeakSanitizer counts as a leak.)
func makeClockKitchen() -> Kitchen {
    let kitchen = Kitchen()
    try? kitchen.registerNonisolated(Clock.self) { _ in Clock("now") }
    return kitchen
}

@Suite("The .overriding trait")
struct KitchenOverrideTraitTests {
    @Test(
        "a test with the trait resolves its double, in the tasks it starts too",
        .overriding(Clock.self) { _ in Clock("noon") })
    func overridden() async throws {
        let clockKitchen = makeClockKitchen()
        #expect(try clockKitchen.resolve(Clock.self).time == "noon")
        #expect(try await Task { try clockKitchen.resolve(Clock.self).time }.value == "noon")
    }

    @Test("a test without it, beside it, resolves the real service")
    func plain() throws {
        let clockKitchen = makeClockKitchen()
        #expect(try clockKitchen.resolve(Clock.self).time == "now")
    }
}

@Suite(
    "The .overriding trait on a suite",
    .kitchenOverrides(KitchenOverrides().replacing(Clock.self) { _ in Clock("midnight") }))
struct KitchenOverrideSuiteTraitTests {
    @Test("each test of the suite gets the suite's overrides")
    func first() throws {
        let clockKitchen = makeClockKitchen()
        #expect(try clockKitchen.resolve(Clock.self).time == "midnight")
    }
}
