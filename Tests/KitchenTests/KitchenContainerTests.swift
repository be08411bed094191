import BrigadeKitchen
import Dispatch
import Testing

final class Configuration: Sendable {}

final class Client: Sendable {
    let configuration: Configuration
    init(configuration: Configuration) { self.configuration = configuration }
}

final class ImageCache: Sendable {
    let client: Client
    init(client: Client) { self.client = client }
}

final class Counter: @unchecked Sendable {
    // `lock` guards `count`.
    private let lock = NSLockLike()
    private var count = 0
    /// Adds one; returns the new count.
    @discardableResult
    func increment() -> Int {
        lock.with {
            count += 1
            return count
        }
    }
    var value: Int { lock.with { count } }
}

/// A lock for the test's own counters.
final class NSLockLike: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 1)
    func with<T>(_ body: () -> T) -> T {
        semaphore.wait()
        defer { semaphore.signal() }
        return body()
    }
}

protocol Greeting: Sendable { func greet() -> String }
protocol Farewell: Sendable { func farewell() -> String }
final class Host: Greeting, Farewell {
    func greet() -> String { "hello" }
    func farewell() -> String { "goodbye" }
}

final class Chicken: Sendable { init(egg: Egg) {} }
final class Egg: Sendable { init(chicken: Chicken) {} }

@Suite("Kitchen")
struct KitchenContainerTests {
    @Test("a shared service is made on first use, once, and its factory resolves its dependencies")
    func sharedWithDependencies() throws {
        let kitchen = Kitchen()
        let made = Counter()
        try kitchen.registerNonisolated(Configuration.self) { _ in Configuration() }
        try kitchen.registerNonisolated(Client.self) { resolver in
            made.increment()
            return Client(configuration: try resolver.resolve(Configuration.self))
        }
        #expect(made.value == 0)
        let first = try kitchen.resolve(Client.self)
        let second = try kitchen.resolve(Client.self)
        #expect(first === second)
        #expect(made.value == 1)
    }

    @Test("a transient service is made for every resolution")
    func transient() throws {
        let kitchen = Kitchen()
        try kitchen.registerNonisolated(Configuration.self, scope: .transient) { _ in Configuration() }
        #expect(try kitchen.resolve(Configuration.self) !== kitchen.resolve(Configuration.self))
    }

    @Test("8 threads racing to resolve a shared service get one instance, made once")
    func race() throws {
        let kitchen = Kitchen()
        let made = Counter()
        try kitchen.registerNonisolated(Configuration.self) { _ in
            made.increment()
            return Configuration()
        }
        let instances = Locked8()
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            instances.set(index, try? kitchen.resolve(Configuration.self))
        }
        #expect(made.value == 1)
        #expect(Set(instances.all.map { ObjectIdentifier($0) }).count == 1)
        #expect(instances.all.count == 8)
    }

    @Test("a missing registration names the whole chain that asked for it")
    func missingChain() throws {
        let kitchen = Kitchen()
        try kitchen.registerNonisolated(ImageCache.self) { ImageCache(client: try $0.resolve(Client.self)) }
        try kitchen.registerNonisolated(Client.self) { Client(configuration: try $0.resolve(Configuration.self)) }
        let error = #expect(throws: KitchenError.self) {
            try kitchen.resolve(ImageCache.self)
        }
        #expect(error?.description == "ImageCache -> Client -> Configuration (not registered)")
    }

    @Test("a dependency cycle is an error naming the cycle")
    func cycle() throws {
        let kitchen = Kitchen()
        try kitchen.registerNonisolated(Chicken.self) { Chicken(egg: try $0.resolve(Egg.self)) }
        try kitchen.registerNonisolated(Egg.self) { Egg(chicken: try $0.resolve(Chicken.self)) }
        let error = #expect(throws: KitchenError.self) {
            try kitchen.resolve(Chicken.self)
        }
        #expect(error?.description == "Chicken -> Egg -> Chicken (cycle)")
    }

    @Test("a duplicate registration is an error unless it says it replaces the old one")
    func duplicate() throws {
        let kitchen = Kitchen()
        try kitchen.registerNonisolated(Configuration.self) { _ in Configuration() }
        #expect(throws: KitchenError.duplicateRegistration("Configuration")) {
            try kitchen.registerNonisolated(Configuration.self) { _ in Configuration() }
        }
        let replacement = Configuration()
        try kitchen.registerNonisolated(Configuration.self, replacing: true) { _ in replacement }
        #expect(try kitchen.resolve(Configuration.self) === replacement)
    }

    @Test("after seal(), registering throws and resolving still works")
    func sealed() throws {
        let kitchen = Kitchen()
        try kitchen.registerNonisolated(Configuration.self) { _ in Configuration() }
        kitchen.seal()
        #expect(kitchen.isSealed)
        let error = #expect(throws: KitchenError.self) {
            try kitchen.registerNonisolated(Client.self) { _ in Client(configuration: Configuration()) }
        }
        #expect(error?.description == "the kitchen is sealed; Client cannot be registered")
        #expect(!kitchen.isRegistered(Client.self))
        _ = try kitchen.resolve(Configuration.self)
    }

    @Test("one instance is registered under several facet protocols")
    func facets() throws {
        let kitchen = Kitchen()
        try kitchen.registerNonisolated(Host.self) { _ in Host() }
        try kitchen.register(facet: (any Greeting).self, of: Host.self) { $0 }
        try kitchen.register(facet: (any Farewell).self, of: Host.self) { $0 }
        let greeting = try kitchen.resolve((any Greeting).self)
        let farewell = try kitchen.resolve((any Farewell).self)
        #expect(greeting.greet() == "hello")
        #expect(farewell.farewell() == "goodbye")
        let host = try kitchen.resolve(Host.self)
        let greetingObject: AnyObject = greeting as AnyObject
        let farewellObject: AnyObject = farewell as AnyObject
        #expect(ObjectIdentifier(greetingObject) == ObjectIdentifier(host))
        #expect(ObjectIdentifier(farewellObject) == ObjectIdentifier(host))
    }

    @Test("a throwing factory is reported with its chain")
    func failingFactory() throws {
        struct NoNetwork: Error, CustomStringConvertible { var description: String { "no network" } }
        let kitchen = Kitchen()
        try kitchen.registerNonisolated(Configuration.self) { _ in throw NoNetwork() }
        #expect(throws: KitchenError.factoryFailed(chain: ["Configuration"], underlying: "no network")) {
            try kitchen.resolve(Configuration.self)
        }
    }
}

/// Eight slots filled from eight threads.
final class Locked8: @unchecked Sendable {
    // `lock` guards `slots`.
    private let lock = NSLockLike()
    private var slots: [Int: Configuration] = [:]
    func set(_ index: Int, _ value: Configuration?) { lock.with { slots[index] = value } }
    var all: [Configuration] { lock.with { slots.values.map { $0 } } }
}
