import BrigadeKitchen
import Dispatch
import Foundation
import Testing

final class Sauce: Sendable {
    init(_ stock: Stock) {}
}

final class Stock: Sendable {
    init(_ sauce: Sauce) {}
}

final class Starter: Sendable {
    init(_ main: Main) {}
}

final class Main: Sendable {
    init(_ dessert: Dessert) {}
}

final class Dessert: Sendable {
    init(_ starter: Starter) {}
}

final class Flour: Sendable {}

final class Dough: Sendable {
    let flour: Flour
    init(_ flour: Flour) { self.flour = flour }
}

final class Courier: Sendable {
    let wrapped: Courier?
    init(wrapping wrapped: Courier?) { self.wrapped = wrapped }
}

final class Page: Sendable {
    let next: @Sendable () throws -> Page
    init(next: @escaping @Sendable () throws -> Page) { self.next = next }
}

final class Shelf: Sendable {
    /// The resolver of the shelf's factory, kept past it.
    let resolver: Resolver
    init(_ resolver: Resolver) { self.resolver = resolver }
}

/// Holds each of `parties` callers, on its first arrival under its name, until all have arrived (at most 5 s);
/// later arrivals return at once. Factories that arrive here hold their once-cells at the same moment.
final class StartLine: @unchecked Sendable {
    // `condition`'s lock guards `arrived`.
    private let condition = NSCondition()
    private var arrived: Set<String> = []
    private let parties: Int

    init(parties: Int) {
        self.parties = parties
    }

    func arrive(_ name: String) {
        condition.lock()
        defer { condition.unlock() }
        guard arrived.insert(name).inserted else { return }
        condition.broadcast()
        let deadline = Date() + 5
        while arrived.count < parties, condition.wait(until: deadline) {}
    }
}

/// The kitchen error `body` throws, or `nil` when it returns (any other error is reported as a failed factory).
private func thrown<Service>(_ body: () throws -> Service) -> KitchenError? {
    do {
        _ = try body()
        return nil
    } catch let error as KitchenError {
        return error
    } catch {
        return .factoryFailed(chain: [], underlying: "\(error)")
    }
}

@Suite("Kitchen cycles")
struct KitchenCycleTests {
    @Test(
        "two shared services that need each other, resolved at the same moment on two threads, are a cycle error on each",
        arguments: [false, true]
    )
    func cycleAcrossThreads(inTwoKitchens: Bool) throws {
        let first = Kitchen()
        let second = inTwoKitchens ? Kitchen() : first
        let start = StartLine(parties: 2)
        try first.registerNonisolated(Sauce.self) { [weak second] _ in
            start.arrive("Sauce")
            guard let second else { throw Refused() }
            return Sauce(try second.resolve(Stock.self))
        }
        try second.registerNonisolated(Stock.self) { [weak first] _ in
            start.arrive("Stock")
            guard let first else { throw Refused() }
            return Stock(try first.resolve(Sauce.self))
        }
        let sauce = Worker { thrown { try first.resolve(Sauce.self) } }
        let stock = Worker { thrown { try second.resolve(Stock.self) } }
        let sauceError = sauce.wait(seconds: 20)
        let stockError = stock.wait(seconds: 20)
        #expect(sauceError == .some(.cycle(chain: ["Sauce", "Stock", "Sauce"])))
        #expect(stockError == .some(.cycle(chain: ["Stock", "Sauce", "Stock"])))
        guard sauceError != nil, stockError != nil else { return }
        // Nothing was left half-made: on one thread now, the same error.
        #expect(throws: KitchenError.cycle(chain: ["Sauce", "Stock", "Sauce"])) {
            try first.resolve(Sauce.self)
        }
    }

    @Test("three shared services in a ring, resolved at the same moment on three threads, name the ring on each")
    func ringAcrossThreads() throws {
        let kitchen = Kitchen()
        let start = StartLine(parties: 3)
        try kitchen.registerNonisolated(Starter.self) { resolver in
            start.arrive("Starter")
            return Starter(try resolver.resolve(Main.self))
        }
        try kitchen.registerNonisolated(Main.self) { resolver in
            start.arrive("Main")
            return Main(try resolver.resolve(Dessert.self))
        }
        try kitchen.registerNonisolated(Dessert.self) { resolver in
            start.arrive("Dessert")
            return Dessert(try resolver.resolve(Starter.self))
        }
        let starter = Worker { thrown { try kitchen.resolve(Starter.self) } }
        let main = Worker { thrown { try kitchen.resolve(Main.self) } }
        let dessert = Worker { thrown { try kitchen.resolve(Dessert.self) } }
        #expect(starter.wait(seconds: 20) == .some(.cycle(chain: ["Starter", "Main", "Dessert", "Starter"])))
        #expect(main.wait(seconds: 20) == .some(.cycle(chain: ["Main", "Dessert", "Starter", "Main"])))
        #expect(dessert.wait(seconds: 20) == .some(.cycle(chain: ["Dessert", "Starter", "Main", "Dessert"])))
    }

    @Test("a cycle raced from two threads is the cycle error on both, in every one of 200 rounds")
    func cycleEveryTime() throws {
        for _ in 0..<200 {
            let kitchen = Kitchen()
            try kitchen.registerNonisolated(Sauce.self) { resolver in Sauce(try resolver.resolve(Stock.self)) }
            try kitchen.registerNonisolated(Stock.self) { resolver in Stock(try resolver.resolve(Sauce.self)) }
            let start = StartLine(parties: 2)
            let sauce = Worker {
                start.arrive("sauce thread")
                return thrown { try kitchen.resolve(Sauce.self) }
            }
            let stock = Worker {
                start.arrive("stock thread")
                return thrown { try kitchen.resolve(Stock.self) }
            }
            let sauceError = sauce.wait(seconds: 20)
            let stockError = stock.wait(seconds: 20)
            #expect(sauceError == .some(.cycle(chain: ["Sauce", "Stock", "Sauce"])))
            #expect(stockError == .some(.cycle(chain: ["Stock", "Sauce", "Stock"])))
            if sauceError == nil || stockError == nil {
                return
            }
        }
    }

    @Test("two threads resolving one acyclic graph at the same moment both get its one shared instances")
    func acyclicGraphAcrossThreads() throws {
        let kitchen = Kitchen()
        let start = StartLine(parties: 2)
        try kitchen.registerNonisolated(Flour.self) { _ in
            start.arrive("Flour")
            return Flour()
        }
        try kitchen.registerNonisolated(Dough.self) { resolver in
            start.arrive("Dough")
            return Dough(try resolver.resolve(Flour.self))
        }
        // The dough's factory waits for the flour the other thread is making: a wait, not a cycle.
        let dough = Worker { try? kitchen.resolve(Dough.self) }
        let flour = Worker { try? kitchen.resolve(Flour.self) }
        let madeDough = dough.wait(seconds: 20) ?? nil
        let madeFlour = flour.wait(seconds: 20) ?? nil
        #expect(madeDough != nil)
        #expect(madeDough?.flour === madeFlour)
        guard let madeDough else { return }
        #expect(try kitchen.resolve(Dough.self) === madeDough)
    }

    @Test("in every one of 200 rounds, two threads racing through one acyclic graph share its instances")
    func acyclicGraphEveryTime() throws {
        for _ in 0..<200 {
            let kitchen = Kitchen()
            try kitchen.registerNonisolated(Flour.self) { _ in Flour() }
            try kitchen.registerNonisolated(Dough.self) { resolver in Dough(try resolver.resolve(Flour.self)) }
            let start = StartLine(parties: 2)
            let dough = Worker {
                start.arrive("dough thread")
                return try? kitchen.resolve(Dough.self)
            }
            let flour = Worker {
                start.arrive("flour thread")
                return try? kitchen.resolve(Flour.self)
            }
            let madeDough = dough.wait(seconds: 20) ?? nil
            let madeFlour = flour.wait(seconds: 20) ?? nil
            #expect(madeDough != nil)
            #expect(madeDough?.flour === madeFlour)
            if madeDough?.flour !== madeFlour {
                return
            }
        }
    }

    @Test("a factory resolving its own type from another kitchen gets that kitchen's instance, not a cycle")
    func sameTypeFromAnotherKitchen() throws {
        let app = Kitchen()
        try app.registerNonisolated(Courier.self) { _ in Courier(wrapping: nil) }
        let feature = Kitchen()
        try feature.registerNonisolated(Courier.self) { _ in Courier(wrapping: try app.resolve(Courier.self)) }
        let courier = try feature.resolve(Courier.self)
        #expect(courier.wrapped === (try app.resolve(Courier.self)))
        #expect(courier.wrapped?.wrapped == nil)
    }

    @Test("a cycle through two kitchens is still a cycle error")
    func cycleThroughTwoKitchens() throws {
        let first = Kitchen()
        let second = Kitchen()
        try first.registerNonisolated(Sauce.self) { [weak second] _ in
            guard let second else { throw Refused() }
            return Sauce(try second.resolve(Stock.self))
        }
        try second.registerNonisolated(Stock.self) { [weak first] _ in
            guard let first else { throw Refused() }
            return Stock(try first.resolve(Sauce.self))
        }
        #expect(throws: KitchenError.cycle(chain: ["Sauce", "Stock", "Sauce"])) {
            try first.resolve(Sauce.self)
        }
    }

    @Test("a resolver kept past its factory resolves later as a fresh resolution, on any thread")
    func keptResolverStartsAFreshResolution() throws {
        let kitchen = Kitchen()
        try kitchen.registerNonisolated(Page.self, scope: .transient) { resolver in
            Page(next: { try resolver.resolve(Page.self) })
        }
        let page = try kitchen.resolve(Page.self)
        let next = try page.next()
        #expect(next !== page)
        #expect(try next.next() !== next)
        let elsewhere = Worker { (try? page.next()) != nil }
        #expect(elsewhere.wait(seconds: 20) == true)
    }

    @Test("a kept resolver used inside another factory continues that factory's chain: its own type is a cycle")
    func keptResolverInsideAFactoryStillSeesCycles() throws {
        let kitchen = Kitchen()
        try kitchen.registerNonisolated(Shelf.self) { resolver in Shelf(resolver) }
        let shelf = try kitchen.resolve(Shelf.self)
        try kitchen.registerNonisolated(Courier.self) { _ in Courier(wrapping: try shelf.resolver.resolve(Courier.self))
        }
        // Before, the kept resolver carried the shelf's chain, missed the cycle and waited for itself forever.
        let resolving = Worker { thrown { try kitchen.resolve(Courier.self) } }
        #expect(resolving.wait(seconds: 20) == .some(.cycle(chain: ["Courier", "Courier"])))
    }

    @Test("a task started inside a factory, resolving that factory's type while it runs, is a fresh resolution")
    func taskStartedInsideAFactoryIsNoCycle() throws {
        let kitchen = Kitchen()
        let firstCall = FirstCall()
        let inner = TaskResult()
        try kitchen.registerNonisolated(Page.self, scope: .transient) { [weak kitchen] _ in
            if firstCall.isFirst() {
                // The task inherits the factory's task-locals, but not its chain: it runs on another thread.
                Task { inner.finish(thrown { try kitchen?.resolve(Page.self) }) }
                inner.wait(seconds: 20)
            }
            return Page(next: { throw KitchenError.sealed("unused") })
        }
        let outer = Worker { thrown { try kitchen.resolve(Page.self) } }
        #expect(outer.wait(seconds: 20) == .some(nil))
        #expect(inner.result == .some(nil))
    }
}

/// Whether a call is the first one.
final class FirstCall: @unchecked Sendable {
    // `lock` guards `called`.
    private let lock = NSLock()
    private var called = false

    func isFirst() -> Bool {
        lock.withLock {
            defer { called = true }
            return !called
        }
    }
}

/// The outcome of a resolution made in a task, and a bounded wait for it.
final class TaskResult: @unchecked Sendable {
    // `lock` guards `outcome`; `done` is signalled once it is set.
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private var outcome: KitchenError??

    /// `nil` while the task has not finished; `.some(nil)` when it resolved without error.
    var result: KitchenError?? { lock.withLock { outcome } }

    func finish(_ error: KitchenError?) {
        lock.withLock { outcome = .some(error) }
        done.signal()
    }

    func wait(seconds: Double) {
        _ = done.wait(timeout: .now() + seconds)
    }
}
