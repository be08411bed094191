import BrigadeEntity
import BrigadeLocking
import Dispatch

/// A ``SQLiteDatabase`` used only from its own serial dispatch queue, never from Swift's concurrency pool.
///
/// SQLite blocks the calling thread: while another connection or process holds the write lock it waits up to the
/// busy timeout (5 s by default), and every statement may wait for the disk. On the cooperative pool, which has one thread per
/// core, that would stall every other task of the app; here only this queue's thread waits, and the calling task is
/// suspended until the work is done.
///
/// ``close()`` closes the SQLite connection after the work asked for before it; work asked for later throws
/// ``BrigadeEntity/EntityStoreError/closed(store:)`` without touching the file.
///
/// The connection also remembers damage: once SQLite has reported the file corrupt
/// (``SQLiteError/notADatabase(path:reason:)``), every later write throws that same error before touching the file.
// Unchecked Sendable: `state`'s lock guards the database, which is not Sendable; it is only reached inside
// `state.withLock`, on `queue`.
final class SQLiteConnection: @unchecked Sendable {
    private struct State {
        /// `nil` once closed.
        var database: SQLiteDatabase?
        /// The first corruption SQLite reported, if any.
        var damage: SQLiteError?
    }

    /// `state` is only ever touched inside `queue`'s blocks, so its lock is never contended; it makes the
    /// one-thread-at-a-time use of the database visible to the compiler.
    private let state: Locked<State>
    private let queue = DispatchQueue(label: "Brigade.SQLiteStore")
    /// The store's name, for ``BrigadeEntity/EntityStoreError/closed(store:)``.
    private let storeName: String

    init(_ database: sending SQLiteDatabase, storeName: String) {
        state = Locked(State(database: database))
        self.storeName = storeName
    }

    /// Closes the database once the work asked for before has run, suspending the caller until the file is
    /// released; a second call does nothing.
    func close() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async {
                self.state.withLock { state in
                    state.database?.close()
                    state.database = nil
                }
                continuation.resume()
            }
        }
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
                continuation.resume(
                    with: Swift.Result { try self.state.withLock { try Self.run(body, writing, self.storeName, &$0) } })
            }
        }
    }

    private static func run<Result>(
        _ body: (SQLiteDatabase) throws -> Result, _ writing: Bool, _ storeName: String, _ state: inout State
    ) throws -> Result {
        guard let database = state.database else {
            throw EntityStoreError.closed(store: storeName)
        }
        if writing, let damage = state.damage {
            throw damage
        }
        do {
            return try body(database)
        } catch let error as SQLiteError {
            if case .notADatabase = error, state.damage == nil {
                state.damage = error
            }
            throw error
        }
    }
}
