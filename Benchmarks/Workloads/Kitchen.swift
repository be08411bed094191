import BrigadeEntity
import BrigadeKitchen
import Foundation
import Swinject

final class BenchService: @unchecked Sendable {
    // Immutable.
    let value = 42
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
