import BrigadeKitchen
import Foundation

final class SoakStock: Sendable {}

final class SoakSauce: Sendable {
    let stock: SoakStock
    init(_ stock: SoakStock) { self.stock = stock }
}

final class SoakDish: Sendable {
    let sauce: SoakSauce
    init(_ sauce: SoakSauce) { self.sauce = sauce }
}

final class SoakTicket: Sendable {}

/// (c) A kitchen resolved from many threads: a shared chain three deep and a transient service.
@MainActor
final class KitchenSoak: SoakWorkload {
    let memoryBoundKiBPerMinute = 512.0
    private let kitchen = Kitchen()
    private let sharedMade = Tally()
    private let ticketsMade = Tally()
    private let resolves = (0..<4).map { _ in Tally() }
    private let ticketResolves = (0..<4).map { _ in Tally() }
    private let errors = Tally()
    private let distinctDishes = Locked()
    private let stopFlag = StopFlag()
    private let workers = Workers()

    /// The dishes resolved, by identity: a shared service is one instance.
    // Unchecked Sendable: `lock` guards `identities`.
    final class Locked: @unchecked Sendable {
        private let lock = NSLock()
        private var identities: Set<ObjectIdentifier> = []

        func insert(_ object: AnyObject) {
            lock.lock()
            identities.insert(ObjectIdentifier(object))
            lock.unlock()
        }

        var count: Int {
            lock.lock()
            defer { lock.unlock() }
            return identities.count
        }
    }

    func start() async throws {
        let (sharedMade, ticketsMade) = (sharedMade, ticketsMade)
        try kitchen.registerNonisolated(SoakStock.self) { _ in
            sharedMade.add()
            return SoakStock()
        }
        try kitchen.registerNonisolated(SoakSauce.self) { resolver in
            sharedMade.add()
            return SoakSauce(try resolver.resolve(SoakStock.self))
        }
        try kitchen.registerNonisolated(SoakDish.self) { resolver in
            sharedMade.add()
            return SoakDish(try resolver.resolve(SoakSauce.self))
        }
        try kitchen.registerNonisolated(SoakTicket.self, scope: .transient) { _ in
            ticketsMade.add()
            return SoakTicket()
        }
        let (kitchen, resolves, ticketResolves, errors, distinctDishes, stopFlag) = (
            kitchen, resolves, ticketResolves, errors, distinctDishes, stopFlag
        )
        workers.start(4, name: "resolver") { worker in
            var round = 0
            while !stopFlag.isRaised {
                do {
                    let dish = try kitchen.resolve(SoakDish.self)
                    if round.isMultiple(of: 1_024) {
                        distinctDishes.insert(dish)
                    }
                    resolves[worker].add()
                    _ = try kitchen.resolve(SoakTicket.self)
                    ticketResolves[worker].add()
                    resolves[worker].add()
                } catch {
                    errors.add()
                }
                round += 1
            }
        }
    }

    var operations: Int { resolves.map(\.count).reduce(0, +) }

    func stop() async -> Bool {
        stopFlag.raise()
        return await workers.join()
    }

    func verify() async -> [String] {
        var failures: [String] = []
        if errors.count != 0 {
            failures.append("data: \(errors.count) resolutions failed")
        }
        if sharedMade.count != 3 {
            failures.append("data: the shared chain was made \(sharedMade.count) times, once each expected (3)")
        }
        if distinctDishes.count != 1 {
            failures.append("data: \(distinctDishes.count) distinct shared dishes")
        }
        let tickets = ticketResolves.map(\.count).reduce(0, +)
        if ticketsMade.count != tickets {
            failures.append("data: \(ticketsMade.count) transient services made for \(tickets) resolutions")
        }
        print("[kitchen] \(operations) resolutions from 4 threads, \(tickets) transient")
        return failures
    }
}
