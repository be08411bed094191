import BrigadeCore
import BrigadePersistence
import BrigadeRedux
import BrigadeServices
import Foundation

// Restores a counter from the SQLiteStore at the path given, then bumps it twice per round and saves it, printing each
// saved count once its save committed, until it is killed. The persistence's crash test kills it with SIGKILL.

struct Tally: Codable, Equatable, Sendable {
    var count = 0
    var padding = String(repeating: "x", count: 2_000)
}

struct Ledger: Sendable {
    var tally = Tally()
}

struct Bump: Action {}

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: state-persistence-crash-writer <database path>\n".utf8))
    exit(2)
}

do {
    let database = try SQLiteStore(path: CommandLine.arguments[1])
    let store = Store(initialState: Ledger())
    store.reducers.add(on: \Ledger.tally.count) { (count: inout Int, _: Bump) in count += 1 }
    let persistence = StatePersistence(
        store: store, part: \Ledger.tally, database: database, key: "tally", delay: .milliseconds(1))
    try await persistence.restore()
    while true {
        store.dispatch(Bump())
        store.dispatch(Bump())
        await persistence.flush()
        if let error = persistence.lastError {
            throw error
        }
        FileHandle.standardOutput.write(Data("\(store.currentState.tally.count)\n".utf8))
    }
} catch {
    FileHandle.standardError.write(Data("state-persistence-crash-writer: \(error)\n".utf8))
    exit(1)
}
