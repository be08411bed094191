import BrigadeLocking
import Dispatch

/// A ``SQLiteDatabase`` used only from its own serial dispatch queue, never from Swift's concurrency pool.
///
/// SQLite blocks the calling thread: while another connection or process holds the write lock it waits up to the
/// busy timeout (5 s by default), and every statement may wait for the disk. On the cooperative pool, which has one thread per
/// core, that would stall every other task of the app; here only this queue's thread waits, and the calling task is
/// suspended until the work is done.
///
/// The connection also remembers damage: once SQLite has reported the file corrupt
/// (``SQLiteError/notADatabase(path:reason:)``), every later write throws that same error before touching the file.
// Unchecked Sendable: `state`'s lock guards the database, which is not Sendable; it is only reached inside
// `state.withLock`, on `queue`.
final class SQLiteConnection: @unchecked Sendable {
    private struct State {
        let database: SQLiteDatabase
        /// The first corruption SQLite reported, if any.
        var damage: SQLiteError?
    }

    /// `state` is only ever touched inside `queue`'s blocks, so its lock is never contended; it makes the
    /// one-thread-at-a-time use of the database visible to the compiler.
    private let state: Locked<State>
    private let queue = DispatchQueue(label: "Brigade.SQLiteStore")

    init(_ database: sending SQLiteDatabase) {
        state = Locked(State(database: database))
    }

    /// Runs `body` with the database on the connection's queue, suspending the caller (not blocking its thread)
    /// until it is done; work runs in the order it was asked for.
    /// - Parameter writing: Whether `body` changes the file: then it does not run once damage was seen, and the
    ///   damage error is thrown instead.
    func run<Result: Sendable>(
        writing: Bool,
        _ body: @escaping @Sendable (SQLiteDatabase) throws -> Result
    ) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Swift.Result { try self.state.withLock { try Self.run(body, writing, &$0) } })
            }
        }
    }

    private static func run<Result>(
        _ body: (SQLiteDatabase) throws -> Result, _ writing: Bool, _ state: inout State
    ) throws -> Result {
        if writing, let damage = state.damage {
            throw damage
        }
        do {
            return try body(state.database)
        } catch let error as SQLiteError {
            if case .notADatabase = error, state.damage == nil {
                state.damage = error
            }
            throw error
        }
    }
}
