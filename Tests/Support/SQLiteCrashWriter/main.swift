import BrigadeEntity
import BrigadeServices
import Foundation

// Writes batches of rows to the SQLiteStore at the path given, one transaction per batch, and prints the number of
// each batch once it is committed, until it is killed. The crash-safety test kills it with SIGKILL at random.

struct Row: StorableEntity {
    let id: Int
    let batch: Int
    let payload: String
}

let rowsPerBatch = 40

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: sqlite-crash-writer <database path>\n".utf8))
    exit(2)
}

do {
    let store = try SQLiteStore(path: CommandLine.arguments[1])
    let start = try await store.getAll(Row.self).map(\.batch).max() ?? 0
    var batch = start
    while true {
        batch += 1
        let rows = (0..<rowsPerBatch).map {
            Row(id: batch * 1_000 + $0, batch: batch, payload: String(repeating: "x", count: 200))
        }
        try await store.transaction { transaction in
            try await transaction.persist(rows)
        }
        FileHandle.standardOutput.write(Data("\(batch)\n".utf8))
    }
} catch {
    FileHandle.standardError.write(Data("sqlite-crash-writer: \(error)\n".utf8))
    exit(1)
}
