import BrigadeKitchen
import Testing

/// A service of an app target with default main-actor isolation: its initializer runs on the main actor only.
@MainActor
final class TaskList {
    let client: Client
    private(set) var titles: [String] = []
    init(client: Client) { self.client = client }
}

/// A counter of how many times a main-actor factory ran, itself on the main actor.
@MainActor
final class MainActorCount {
    var value = 0
}

/// A kitchen with a nonisolated `Client` (and its `Configuration`) and a main-actor `TaskList` made from it.
func kitchenWithTaskList(scope: Kitchen.Scope = .shared) throws -> Kitchen {
    let kitchen = Kitchen()
    try kitchen.registerNonisolated(Configuration.self) { _ in Configuration() }
    try kitchen.registerNonisolated(Client.self) { Client(configuration: try $0.resolve()) }
    try kitchen.register(TaskList.self, scope: scope) { TaskList(client: try $0.resolve()) }
    return kitchen
}

@Suite("Kitchen: main-actor factories")
struct KitchenMainActorTests {
    @Test("a main-actor factory calls a main-actor initializer and resolves on the main actor with no await")
    @MainActor
    func resolvesOnMainActor() throws {
        let kitchen = Kitchen()
        let made = MainActorCount()
        try kitchen.registerNonisolated(Configuration.self) { _ in Configuration() }
        try kitchen.registerNonisolated(Client.self) { Client(configuration: try $0.resolve()) }
        try kitchen.register(TaskList.self) { resolver in
            made.value += 1
            return TaskList(client: try resolver.resolve(Client.self))
        }
        let first = try kitchen.resolve(TaskList.self)
        let second = try kitchen.resolve(TaskList.self)
        #expect(first === second)
        #expect(made.value == 1)
        #expect(first.client === (try kitchen.resolve(Client.self)))
    }

    @Test("off the main actor, a main-actor service not made yet is a typed error naming the chain, and is not made")
    func offMainActorBeforeMade() async throws {
        let kitchen = try kitchenWithTaskList()
        try kitchen.registerNonisolated(ImageCache.self) { resolver in
            _ = try resolver.resolve(TaskList.self)
            return ImageCache(client: try resolver.resolve(Client.self))
        }
        let error = await Task.detached { () -> KitchenError? in
            do {
                _ = try kitchen.resolve(ImageCache.self)
                return nil
            } catch let error as KitchenError {
                return error
            } catch {
                return nil
            }
        }.value
        #expect(error == .requiresMainActor(chain: ["ImageCache", "TaskList"]))
        #expect(
            error?.description
                == "ImageCache -> TaskList (made by a main-actor factory, first asked for off the main actor: resolve it"
                + " on the main actor first, or register it with registerNonisolated)")
        // Nothing was half made: on the main actor the same kitchen makes both.
        let cache = try await MainActor.run { try kitchen.resolve(ImageCache.self) }
        #expect(cache.client === (try kitchen.resolve(Client.self)))
    }

    @Test("off the main actor, a main-actor service made already is the shared instance")
    func offMainActorAfterMade() async throws {
        let kitchen = try kitchenWithTaskList()
        let made = try await MainActor.run { ObjectIdentifier(try kitchen.resolve(TaskList.self)) }
        let elsewhere = try await Task.detached { ObjectIdentifier(try kitchen.resolve(TaskList.self)) }.value
        #expect(elsewhere == made)
    }

    @Test("a transient main-actor registration makes a new instance per resolution on the main actor")
    @MainActor
    func transient() throws {
        let kitchen = try kitchenWithTaskList(scope: .transient)
        #expect(try kitchen.resolve(TaskList.self) !== (try kitchen.resolve(TaskList.self)))
    }
}
