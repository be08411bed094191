import BrigadeKitchen
import Testing

// One test per row of docs/BadInput.md for BrigadeKitchen's errors: the trigger, through the public API, and the
// exact text the user sees.

struct Refused: Error {}

/// The description of the error `body` throws, which must be of type `E`.
func failure<E: Error>(_: E.Type, _ body: () async throws -> Void) async -> String? {
    let error = await #expect(throws: E.self) { try await body() }
    return error.map { String(describing: $0) }
}

@Suite("Bad input: BrigadeKitchen")
struct KitchenBadInputTests {
    // MARK: - KitchenError

    @Test("KitchenError.notRegistered")
    func notRegistered() async throws {
        let kitchen = Kitchen()
        try kitchen.registerNonisolated(Client.self) { Client(configuration: try $0.resolve(Configuration.self)) }
        #expect(
            await failure(KitchenError.self) { _ = try kitchen.resolve(Client.self) }
                == "Client -> Configuration (not registered)")
    }

    @Test("KitchenError.cycle")
    func cycle() async throws {
        let kitchen = Kitchen()
        try kitchen.registerNonisolated(Chicken.self) { Chicken(egg: try $0.resolve(Egg.self)) }
        try kitchen.registerNonisolated(Egg.self) { Egg(chicken: try $0.resolve(Chicken.self)) }
        #expect(
            await failure(KitchenError.self) { _ = try kitchen.resolve(Egg.self) } == "Egg -> Chicken -> Egg (cycle)")
    }

    @Test("KitchenError.captiveDependency")
    func captiveDependency() async throws {
        let kitchen = Kitchen()
        try kitchen.registerNonisolated(Configuration.self, scope: .session) { _ in Configuration() }
        try kitchen.registerNonisolated(Client.self) { Client(configuration: try $0.resolve(Configuration.self)) }
        #expect(
            await failure(KitchenError.self) { _ = try kitchen.resolve(Client.self) }
                == "Client -> Configuration (a session service made for a shared one: it would outlive the session; "
                + "make the shared one session-scoped, or resolve the session service when it is needed)")
    }

    @Test("KitchenError.undeclaredDependency")
    func undeclaredDependency() async throws {
        #if DEBUG
        let kitchen = Kitchen()
        try kitchen.registerNonisolated(Configuration.self) { _ in Configuration() }
        try kitchen.registerNonisolated(Client.self, dependsOn: []) {
            Client(configuration: try $0.resolve(Configuration.self))
        }
        #expect(
            await failure(KitchenError.self) { _ = try kitchen.resolve(Client.self) }
                == "Client -> Configuration (resolved by a factory that does not declare it: add it to its dependsOn)")
        #endif
    }

    @Test("KitchenError.invalidGraph")
    func invalidGraph() async throws {
        let kitchen = Kitchen()
        try kitchen.registerNonisolated(Client.self, dependsOn: [Configuration.self]) { _ in
            Client(configuration: Configuration())
        }
        #expect(
            await failure(KitchenError.self) { try kitchen.verify() }
                == "the kitchen's graph has 1 problem(s): Client -> Configuration (not registered)")
    }

    @Test("KitchenError.requiresMainActor")
    func requiresMainActor() async throws {
        let kitchen = Kitchen()
        try kitchen.register(Configuration.self) { _ in Configuration() }
        let text = await Task.detached {
            await failure(KitchenError.self) { _ = try kitchen.resolve(Configuration.self) }
        }.value
        #expect(
            text
                == "Configuration (made by a main-actor factory, first asked for off the main actor: resolve it on the"
                + " main actor first, or register it with registerNonisolated)")
        #expect(
            try await MainActor.run { try kitchen.resolve(Configuration.self) } === kitchen.resolve(Configuration.self))
    }

    @Test("KitchenError.kitchenReleased")
    func kitchenReleased() async throws {
        final class Keeper: Sendable {
            let resolver: Resolver
            init(_ resolver: Resolver) { self.resolver = resolver }
        }
        weak var released: Kitchen?
        let keeper: Keeper
        do {
            let kitchen = Kitchen()
            released = kitchen
            try kitchen.registerNonisolated(Keeper.self) { Keeper($0) }
            keeper = try kitchen.resolve(Keeper.self)
        }
        // The shared keeper holds its resolver, which does not hold the kitchen: nothing keeps the kitchen.
        #expect(released == nil)
        #expect(
            await failure(KitchenError.self) { _ = try keeper.resolver.resolve(Configuration.self) }
                == "cannot resolve Configuration: the resolver's kitchen was released (keep the kitchen while its "
                + "services run)")
    }

    @Test("KitchenError.factoryFailed")
    func factoryFailed() async throws {
        let kitchen = Kitchen()
        try kitchen.registerNonisolated(Configuration.self) { _ in throw Refused() }
        try kitchen.registerNonisolated(Client.self) { Client(configuration: try $0.resolve(Configuration.self)) }
        #expect(
            await failure(KitchenError.self) { _ = try kitchen.resolve(Client.self) }
                == "Client -> Configuration (factory failed: Refused())")
    }

    @Test("KitchenError.duplicateRegistration")
    func duplicateRegistration() async throws {
        let kitchen = Kitchen()
        let first = Configuration()
        try kitchen.registerNonisolated(Configuration.self) { _ in first }
        #expect(
            await failure(KitchenError.self) {
                try kitchen.registerNonisolated(Configuration.self) { _ in Configuration() }
            }
                == "Configuration is already registered; pass replacing: true to replace it")
        #expect(try kitchen.resolve(Configuration.self) === first)
    }

    @Test("KitchenError.sealed")
    func sealed() async {
        let kitchen = Kitchen()
        kitchen.seal()
        #expect(
            await failure(KitchenError.self) {
                try kitchen.registerNonisolated(Configuration.self) { _ in Configuration() }
            }
                == "the kitchen is sealed; Configuration cannot be registered")
        #expect(!kitchen.isRegistered(Configuration.self))
    }
}
