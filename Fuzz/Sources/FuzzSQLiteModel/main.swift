import BrigadeEntity
import BrigadeServices
import Foundation
import FuzzSupport

// Model-based: a random sequence of operations runs on a SQLiteStore and on a MemoryEntityStore, and after every
// step both must hold the same entities.

struct Item: StorableEntity, Equatable {
    let id: Int
    var value: String
}

struct Other: StorableEntity, Equatable {
    let id: Int
    var flag: Bool
}

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("brigade-fuzz-sqlite-\(getpid())")
try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)

final class Outcome: @unchecked Sendable {
    // Written by the task, read after the semaphore.
    var failure: String?
}

func run(_ bytes: [UInt8]) async -> String? {
    let path = directory.appendingPathComponent("model.sqlite").path
    for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: path + suffix)
    }
    guard let sqlite = try? SQLiteStore(path: path) else { return "cannot open the database" }
    let memory = MemoryEntityStore()
    var index = 0
    func next() -> Int {
        defer { index += 1 }
        return index < bytes.count ? Int(bytes[index]) : 0
    }
    while index < bytes.count {
        let operation = next() % 6
        let id = next() % 8
        let stores: [any EntityStore] = [sqlite, memory]
        var outcomes: [Bool] = []
        for store in stores {
            do {
                switch operation {
                case 0: try await store.persist(Item(id: id, value: String(repeating: "v", count: id)))
                case 1: try await store.delete(Item.self, id: id)
                case 2: try await store.persist(Other(id: id, flag: id.isMultiple(of: 2)))
                case 3: try await store.deleteAll(Item.self)
                case 4:
                    try await store.transaction { transaction in
                        try await transaction.persist(Item(id: id, value: "t"))
                        try await transaction.delete(Other.self, id: id)
                    }
                default:
                    struct Abort: Error {}
                    _ = try? await store.transaction { transaction in
                        try await transaction.deleteAll(Other.self)
                        throw Abort()
                    }
                }
                outcomes.append(true)
            } catch {
                outcomes.append(false)
            }
        }
        guard outcomes[0] == outcomes[1] else { return "operation \(operation) succeeded in one store only" }
        let sqliteItems = (try? await sqlite.getAll(Item.self).sorted { $0.id < $1.id }) ?? []
        let memoryItems = (try? await memory.getAll(Item.self).sorted { $0.id < $1.id }) ?? []
        let sqliteOthers = (try? await sqlite.getAll(Other.self).sorted { $0.id < $1.id }) ?? []
        let memoryOthers = (try? await memory.getAll(Other.self).sorted { $0.id < $1.id }) ?? []
        guard sqliteItems == memoryItems, sqliteOthers == memoryOthers else {
            return "the stores differ after operation \(operation) on \(id)"
        }
    }
    return (try? await sqlite.checkIntegrity()) == nil ? "integrity check failed" : nil
}

/// libFuzzer's entry point: one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: min(count, 64)))
    let outcome = Outcome()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        outcome.failure = await run(bytes)
        done.signal()
    }
    done.wait()
    if let failure = outcome.failure {
        fatalError(failure)  // brigade:allow the fuzzer's oracle: a difference is a finding
    }
    return 0
}

fuzz { data, count in
    guard let data, count > 0 else { return 0 }
    return test(UnsafeRawPointer(data), count)
}
