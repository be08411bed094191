import BrigadeEntity
import BrigadeKitchen
import BrigadeServices
import Foundation
import Swinject

final class BenchService: @unchecked Sendable {
    // Immutable.
    let value = 42
}

/// The three services of the 3-deep chain: a dish needs a sauce, which needs a stock.
final class BenchStock: Sendable {}

final class BenchSauce: Sendable {
    let stock: BenchStock
    init(_ stock: BenchStock) { self.stock = stock }
}

final class BenchDish: Sendable {
    let sauce: BenchSauce
    init(_ sauce: BenchSauce) { self.sauce = sauce }
}

struct BenchRow: StorableEntity {
    let id: Int
    let name: String
}

/// Kitchen resolve (of a sealed kitchen) against Swinject's, and the SQLite store.
func kitchenWorkloads() -> [Workload] {
    [
        Workload("Kitchen/resolve shared instance") {
            let kitchen = Kitchen()
            try? kitchen.registerNonisolated(BenchService.self) { _ in BenchService() }
            // As an app does once its features are registered.
            kitchen.seal()
            _ = try? kitchen.resolve(BenchService.self)
            return Runner { operations in
                for _ in 0..<operations {
                    consume(try? kitchen.resolve(BenchService.self))
                }
            }
        },
        // The same, asked of a child kitchen (issue 43): the parent's shared instance, one level up.
        Workload("Kitchen/resolve shared instance through a child") {
            let kitchen = Kitchen()
            try? kitchen.registerNonisolated(BenchService.self) { _ in BenchService() }
            kitchen.seal()
            let child = kitchen.makeChild()
            child.seal()
            _ = try? child.resolve(BenchService.self)
            return Runner { operations in
                for _ in 0..<operations {
                    consume(try? child.resolve(BenchService.self))
                }
            }
        },
        // The same, inside an override scope that replaces it (issue 43: a test's double).
        Workload("Kitchen/resolve overridden instance") {
            let kitchen = Kitchen()
            try? kitchen.registerNonisolated(BenchService.self) { _ in BenchService() }
            kitchen.seal()
            let overrides = KitchenOverrides().replacing(BenchService.self) { _ in BenchService() }
            return Runner { operations in
                overrides.apply {
                    for _ in 0..<operations {
                        consume(try? kitchen.resolve(BenchService.self))
                    }
                }
            }
        },
        Workload("Swinject/resolve container scope") {
            let container = Container()
            container.register(BenchService.self) { _ in BenchService() }.inObjectScope(.container)
            _ = container.resolve(BenchService.self)
            return Runner { operations in
                for _ in 0..<operations {
                    consume(container.resolve(BenchService.self))
                }
            }
        },
        // The first resolve of a 3-deep chain of shared services: each operation resolves the dish of a fresh, sealed
        // kitchen (made untimed), so all three factories run.
        Workload("Kitchen/first resolve of a 3-deep chain") {
            let batch = 1_000
            var kitchens: [Kitchen] = []
            return Runner(maxBatch: batch, prepare: { kitchens = (0..<batch).map { _ in chainKitchen() } }) {
                operations in
                for kitchen in kitchens.prefix(operations) {
                    consume(try? kitchen.resolve(BenchDish.self))
                }
            }
        },
        Workload("Swinject/first resolve of a 3-deep chain") {
            let batch = 1_000
            var containers: [Container] = []
            return Runner(maxBatch: batch, prepare: { containers = (0..<batch).map { _ in chainContainer() } }) {
                operations in
                for container in containers.prefix(operations) {
                    consume(container.resolve(BenchDish.self))
                }
            }
        },
        Workload("SQLiteStore/1000 persists in one transaction", operationsPerSample: 1) {
            let path = temporaryPath("sqlite")
            let store = try? SQLiteStore(path: path)
            let rows = (0..<1_000).map { BenchRow(id: $0, name: "dish \($0)") }
            return Runner(finish: { removeDatabase(at: path) }) { operations in
                guard let store else { return }
                for _ in 0..<operations {
                    try? await store.transaction { try await $0.persist(rows) }
                }
            }
        },
        Workload("SQLiteStore/1000 gets by id", operationsPerSample: 1) {
            let path = temporaryPath("sqlite")
            let store = try? SQLiteStore(path: path)
            try? await store?.persist((0..<1_000).map { BenchRow(id: $0, name: "dish \($0)") })
            return Runner(finish: { removeDatabase(at: path) }) { operations in
                guard let store else { return }
                for _ in 0..<operations {
                    for id in 0..<1_000 {
                        consume(try? await store.get(BenchRow.self, id: id))
                    }
                }
            }
        },
    ]
}

/// A sealed kitchen with the 3-deep chain registered, nothing made yet.
@MainActor
func chainKitchen() -> Kitchen {
    let kitchen = Kitchen()
    try? kitchen.registerNonisolated(BenchStock.self) { _ in BenchStock() }
    try? kitchen.registerNonisolated(BenchSauce.self) { BenchSauce(try $0.resolve(BenchStock.self)) }
    try? kitchen.registerNonisolated(BenchDish.self) { BenchDish(try $0.resolve(BenchSauce.self)) }
    kitchen.seal()
    return kitchen
}

/// A Swinject container with the 3-deep chain registered in container scope, nothing made yet.
@MainActor
func chainContainer() -> Container {
    let container = Container()
    container.register(BenchStock.self) { _ in BenchStock() }.inObjectScope(.container)
    container.register(BenchSauce.self) { BenchSauce($0.resolve(BenchStock.self) ?? BenchStock()) }
        .inObjectScope(.container)
    container.register(BenchDish.self) { BenchDish($0.resolve(BenchSauce.self) ?? BenchSauce(BenchStock())) }
        .inObjectScope(.container)
    return container
}

/// A fresh file name in the temporary directory.
func temporaryPath(_ suffix: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("brigade-bench-\(UUID()).\(suffix)").path
}

/// Removes a benchmark's database and its WAL files.
func removeDatabase(at path: String) {
    for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: path + suffix)
    }
}
