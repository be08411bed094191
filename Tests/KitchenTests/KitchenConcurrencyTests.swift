import BrigadeKitchen
import Dispatch
import Foundation
import Testing

final class Pantry: Sendable {}

final class Stove: Sendable {
    /// Whether the other thread the factory waited on got its `Pantry` while this factory ran.
    let otherThreadResolved: Bool
    init(otherThreadResolved: Bool) { self.otherThreadResolved = otherThreadResolved }
}

final class Loop: Sendable {
    init(_ inner: Loop) {}
}

final class Ring: Sendable {
    init(_ link: RingLink) {}
}

final class RingLink: Sendable {
    init(_ ring: Ring) {}
}

final class Edition: Sendable {
    let number: Int
    init(_ number: Int) { self.number = number }
}

/// Runs `body` on a new thread; `wait(seconds:)` returns its result, or nil when it has not finished in time.
final class Worker<Result: Sendable>: @unchecked Sendable {
    // `done` orders the write of `result` on the worker thread before its read after `wait`.
    private let done = DispatchSemaphore(value: 0)
    private var result: Result?

    init(_ body: @escaping @Sendable () -> Result) {
        let thread = Thread { [self] in
            result = body()
            done.signal()
        }
        thread.start()
    }

    func wait(seconds: Double) -> Result? {
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return result
    }
}

@Suite("Kitchen concurrency")
struct KitchenConcurrencyTests {
    @Test("a factory that waits for another thread resolving an unrelated service completes, without deadlock")
    func unrelatedServicesDoNotWaitOnEachOther() throws {
        let kitchen = Kitchen()
        try kitchen.registerNonisolated(Pantry.self) { _ in Pantry() }
        // Factories capture the kitchen weakly: a kitchen holding a factory that holds it would never be freed.
        try kitchen.registerNonisolated(Stove.self) { [weak kitchen] _ in
            let held = kitchen
            let other = Worker { (try? held?.resolve(Pantry.self)) != nil }
            return Stove(otherThreadResolved: other.wait(seconds: 2) == true)
        }
        let resolving = Worker { try? kitchen.resolve(Stove.self) }
        let stove = resolving.wait(seconds: 5) ?? nil
        #expect(stove?.otherThreadResolved == true)
    }

    @Test("a factory resolving its own type through the captured kitchen is a cycle error, not a stack overflow")
    func selfResolutionThroughCapturedKitchen() throws {
        let kitchen = Kitchen()
        try kitchen.registerNonisolated(Loop.self) { [weak kitchen] _ in
            guard let kitchen else { throw Refused() }
            return Loop(try kitchen.resolve(Loop.self))
        }
        #expect(throws: KitchenError.cycle(chain: ["Loop", "Loop"])) {
            try kitchen.resolve(Loop.self)
        }
    }

    @Test("a cycle through the resolver and the captured kitchen names every type in it")
    func mixedCycle() throws {
        let kitchen = Kitchen()
        try kitchen.registerNonisolated(Ring.self) { resolver in Ring(try resolver.resolve(RingLink.self)) }
        try kitchen.registerNonisolated(RingLink.self) { [weak kitchen] _ in
            guard let kitchen else { throw Refused() }
            return RingLink(try kitchen.resolve(Ring.self))
        }
        #expect(throws: KitchenError.cycle(chain: ["Ring", "RingLink", "Ring"])) {
            try kitchen.resolve(Ring.self)
        }
        // The failed resolution left nothing behind: a later one runs the factories again and fails the same way.
        #expect(throws: KitchenError.cycle(chain: ["RingLink", "Ring", "RingLink"])) {
            try kitchen.resolve(RingLink.self)
        }
    }

    @Test("a replacement registered while the old factory runs wins over the old instance")
    func replacementWinsOverRunningFactory() throws {
        let kitchen = Kitchen()
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        try kitchen.registerNonisolated(Edition.self) { _ in
            entered.signal()
            _ = release.wait(timeout: .now() + 2)
            return Edition(1)
        }
        let first = Worker { (try? kitchen.resolve(Edition.self))?.number }
        #expect(entered.wait(timeout: .now() + 2) == .success)
        try kitchen.registerNonisolated(Edition.self, replacing: true) { _ in Edition(2) }
        release.signal()
        #expect(first.wait(seconds: 5) == .some(1))
        #expect(try kitchen.resolve(Edition.self).number == 2)
        #expect(try kitchen.resolve(Edition.self) === kitchen.resolve(Edition.self))
    }

    @Test("a sealed kitchen hands out one instance per shared service to 8 racing threads, and transients fresh")
    func sealedRace() throws {
        let kitchen = Kitchen()
        let made = Counter()
        try kitchen.registerNonisolated(Configuration.self) { _ in
            made.increment()
            return Configuration()
        }
        try kitchen.registerNonisolated(Client.self, scope: .transient) {
            Client(configuration: try $0.resolve(Configuration.self))
        }
        kitchen.seal()
        let instances = Locked8()
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            for _ in 0..<100 {
                instances.set(index, try? kitchen.resolve(Configuration.self))
            }
        }
        #expect(made.value == 1)
        #expect(Set(instances.all.map { ObjectIdentifier($0) }).count == 1)
        #expect(instances.all.count == 8)
        let client = try kitchen.resolve(Client.self)
        #expect(client !== (try kitchen.resolve(Client.self)))
        #expect(client.configuration === instances.all.first)
        #expect(throws: KitchenError.notRegistered(chain: ["Pantry"])) {
            try kitchen.resolve(Pantry.self)
        }
    }

    @Test("a sealed kitchen, once released, frees itself and the instances it made")
    func sealedKitchenFreesInstances() throws {
        weak var service: Configuration?
        weak var released: Kitchen?
        do {
            let kitchen = Kitchen()
            try kitchen.registerNonisolated(Configuration.self) { _ in Configuration() }
            kitchen.seal()
            let made = try kitchen.resolve(Configuration.self)
            #expect(try kitchen.resolve(Configuration.self) === made)
            service = made
            released = kitchen
        }
        #expect(released == nil)
        #expect(service == nil)
    }
}
