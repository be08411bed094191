import BrigadeEntity
import BrigadeKitchen
import Foundation
import Swinject

final class BenchService: @unchecked Sendable {
    // Immutable.
    let value = 42
}

struct BenchRow: Entity {
    let id: Int
    let name: String
}

/// Kitchen resolve (of a sealed kitchen) against Swinject's, and the SQLite store.
func kitchenWorkloads() -> [Workload] {
    [
        Workload("Kitchen/resolve shared instance") {
            let kitchen = Kitchen()
            try? kitchen.register(BenchService.self) { _ in BenchService() }
            // As an app does once its features are registered.
            kitchen.seal()
            _ = try? kitchen.resolve(BenchService.self)
            return Runner { operations in
                for _ in 0..<operations {
                    consume(try? kitchen.resolve(BenchService.self))
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
        firstResolve("Kitchen/first resolve of a 3-deep chain") {
            let kitchen = Kitchen()
            try? kitchen.register(ChainC.self) { _ in ChainC() }
            try? kitchen.register(ChainB.self) { ChainB(c: try $0.resolve(ChainC.self)) }
            try? kitchen.register(ChainA.self) { ChainA(b: try $0.resolve(ChainB.self)) }
            kitchen.seal()
            return { consume(try? kitchen.resolve(ChainA.self)) }
        },
        firstResolve("Swinject/first resolve of a 3-deep chain") {
            let container = Container()
            container.register(ChainC.self) { _ in ChainC() }.inObjectScope(.container)
            container.register(ChainB.self) { ChainB(c: $0.resolve(ChainC.self)) }.inObjectScope(.container)
            container.register(ChainA.self) { ChainA(b: $0.resolve(ChainB.self)) }.inObjectScope(.container)
            return { consume(container.resolve(ChainA.self)) }
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

final class ChainC: Sendable {}

final class ChainB: Sendable {
    let c: ChainC?
    init(c: ChainC?) { self.c = c }
}

final class ChainA: Sendable {
    let b: ChainB?
    init(b: ChainB?) { self.b = b }
}

/// The first resolve of a service with two dependencies in a chain (A needs B needs C, each shared), as an app's
/// first screen does: each operation resolves from a container of its own, made untimed by `make` (128 made
/// before each batch: a batch of 100 µs needs fewer).
private func firstResolve(
    _ name: String, make: @escaping @MainActor @Sendable () -> @MainActor () -> Void
)
    -> Workload
{
    Workload(name) {
        @MainActor
        final class Fresh {
            var resolves: [@MainActor () -> Void] = []
        }
        let fresh = Fresh()
        let count = 128
        return Runner(
            maxBatch: count,
            prepare: { fresh.resolves = (0..<count).map { _ in make() } },
            run: { operations in
                for index in 0..<operations {
                    fresh.resolves[index]()
                }
            }
        )
    }
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
