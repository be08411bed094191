import CSQLite

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A SQLite connection: statements with bound parameters only, never SQL built from values.
///
/// Not thread-safe; ``SQLiteStore`` keeps one inside its actor, and migrations get it during opening.
public final class SQLiteDatabase {
    private let handle: OpaquePointer
    /// Prepared statements by SQL text, reset and reused: the store runs the same few statements many times.
    private var statements: [String: OpaquePointer] = [:]
    /// Whether ``close()`` released the connection.
    private var isClosed = false
    /// The database file's path.
    public let path: String

    init(path: String, busyTimeout: Duration) throws(SQLiteError) {
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close_v2(handle)
            throw .openFailed(path: path, reason: message)
        }
        self.handle = handle
        self.path = path
        let (seconds, attoseconds) = busyTimeout.components
        let milliseconds = seconds * 1_000 + attoseconds / 1_000_000_000_000_000
        sqlite3_busy_timeout(handle, Int32(clamping: max(0, milliseconds)))
    }

    deinit {
        close()
    }

    /// Finalizes the cached statements and closes the connection, releasing the file; a second call does nothing.
    /// The owner never uses the database after closing it (``SQLiteConnection`` drops it).
    func close() {
        guard !isClosed else { return }
        isClosed = true
        for statement in statements.values {
            sqlite3_finalize(statement)
        }
        statements = [:]
        sqlite3_close_v2(handle)
    }

    /// Runs `sql` with `parameters` bound to its `?` placeholders, and returns the rows it produced.
    ///
    /// `sql` may hold several statements separated by `;`: each runs in turn, the parameters fill their
    /// placeholders in order, and the rows of all of them are returned in order. The statements run one by one, so
    /// when one fails those before it have run; a migration's transaction undoes them.
    ///
    /// ```swift
    /// try database.execute("INSERT INTO notes(id, text) VALUES (?, ?)", [.integer(1), .text("hello")])
    /// ```
    /// - Throws: ``SQLiteError/statementFailed(sql:code:reason:)``, or ``SQLiteError/notADatabase(path:reason:)``
    ///   when SQLite finds the file damaged.
    @discardableResult
    public func execute(_ sql: String, _ parameters: [SQLiteValue] = []) throws(SQLiteError) -> [[SQLiteValue]] {
        if let cached = statements[sql] {
            return try run(cached, parameters[...], sql: sql)
        }
        let text = Array(sql.utf8)
        // SQLite would end the text at a NUL and skip what follows without a word.
        guard !text.contains(0) else {
            throw .statementFailed(sql: sql, code: Int(SQLITE_MISUSE), reason: "the SQL text contains a NUL character")
        }
        var offset = 0
        var remaining = parameters[...]
        var rows: [[SQLiteValue]] = []
        while offset < text.count {
            let (status, prepared, tail) = prepare(text, from: offset)
            guard status == SQLITE_OK else { throw error(status, sql: sql) }
            // Only whitespace or comments were left.
            guard let statement = prepared else { break }
            if offset == 0, Self.isBlank(text[tail...]) {
                // The common case, one statement: kept prepared for the next call with the same text.
                statements[sql] = statement
                return try run(statement, remaining, sql: sql)
            }
            defer { sqlite3_finalize(statement) }
            let count = Int(sqlite3_bind_parameter_count(statement))
            let isLast = Self.isBlank(text[tail...])
            let own = isLast ? remaining : remaining.prefix(count)
            remaining = remaining.dropFirst(own.count)
            rows += try run(statement, own, sql: sql)
            offset = tail
        }
        guard remaining.isEmpty else {
            throw .statementFailed(
                sql: sql, code: Int(SQLITE_RANGE), reason: "\(parameters.count) parameters for fewer placeholders")
        }
        return rows
    }

    /// Binds `parameters` to `statement`, steps it to the end, and returns its rows.
    private func run(
        _ statement: OpaquePointer, _ parameters: ArraySlice<SQLiteValue>, sql: String
    ) throws(SQLiteError) -> [[SQLiteValue]] {
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        try bind(parameters, to: statement, sql: sql)
        var rows: [[SQLiteValue]] = []
        while true {
            let status = sqlite3_step(statement)
            switch status {
            case SQLITE_ROW:
                rows.append(row(of: statement))
            case SQLITE_DONE:
                return rows
            default:
                throw error(status, sql: sql)
            }
        }
    }

    /// Runs `body` with every statement that begins, commits or rolls back a transaction refused by SQLite
    /// (`SQLITE_AUTH`, "not authorized"): a migration runs inside the store's transaction, and one that ended it would
    /// keep what it did before. Savepoints stay allowed. Setting an authorizer expires the statements prepared
    /// before, so a cached `COMMIT` is checked again too.
    func refusingTransactionControl<Result>(_ body: () throws -> Result) rethrows -> Result {
        sqlite3_set_authorizer(
            handle,
            { _, action, _, _, _, _ in action == SQLITE_TRANSACTION ? SQLITE_DENY : SQLITE_OK },
            nil)
        defer { sqlite3_set_authorizer(handle, nil, nil) }
        return try body()
    }

    /// Whether a transaction is open on this connection.
    var isInTransaction: Bool {
        sqlite3_get_autocommit(handle) == 0
    }

    /// The schema version kept in `PRAGMA user_version`.
    public var userVersion: Int {
        get throws(SQLiteError) {
            guard case .integer(let version) = try execute("PRAGMA user_version").first?.first else { return 0 }
            return Int(version)
        }
    }

    func setUserVersion(_ version: Int) throws(SQLiteError) {
        // PRAGMA takes no bound parameters; the value is an integer formatted by Swift, never caller text.
        try execute("PRAGMA user_version = \(Int64(version))")
    }

    /// Prepares the statement of `text` that starts at byte `offset`; returns SQLite's status, the statement (nil
    /// when only whitespace or comments are left) and the offset of the text after it.
    private func prepare(_ text: [UInt8], from offset: Int) -> (Int32, OpaquePointer?, Int) {
        // brigade:allow-unsafe SQLite is a C API of raw pointers; there is no safe way to call it.
        text.withUnsafeBufferPointer { buffer in
            // brigade:allow-unsafe sqlite3_prepare_v2 takes C characters; UInt8 and CChar have one layout.
            buffer.withMemoryRebound(to: CChar.self) { characters in
                guard let base = characters.baseAddress else { return (SQLITE_OK, nil, offset) }
                var statement: OpaquePointer?
                // brigade:allow-unsafe SQLite reports where the statement ended as a pointer into the text.
                var tail: UnsafePointer<CChar>?
                let start = base + offset
                let status = sqlite3_prepare_v2(handle, start, Int32(clamping: text.count - offset), &statement, &tail)
                let next = tail.map { $0 - base } ?? text.count
                return (status, statement, max(next, offset + 1))
            }
        }
    }

    /// Whether `text` is only whitespace (SQLite prepares nothing from it, nor from comments).
    private static func isBlank(_ text: ArraySlice<UInt8>) -> Bool {
        text.allSatisfy { [0x20, 0x09, 0x0A, 0x0D, 0x0C].contains($0) }
    }

    private func bind(
        _ parameters: ArraySlice<SQLiteValue>, to statement: OpaquePointer, sql: String
    ) throws(SQLiteError) {
        for (offset, parameter) in zip(0..., parameters) {
            let index = Int32(offset + 1)
            let status: Int32
            switch parameter {
            case .null:
                status = sqlite3_bind_null(statement, index)
            case .integer(let value):
                status = sqlite3_bind_int64(statement, index, value)
            case .real(let value):
                status = sqlite3_bind_double(statement, index, value)
            case .text(let value):
                // Bound with its length in bytes, so a NUL inside the text is kept, not taken for its end.
                // A terminating zero too, so that even empty text has an address (a null one would bind NULL).
                let bytes = value.utf8CString
                // brigade:allow-unsafe SQLite is a C API of raw pointers; there is no safe way to call it.
                status = bytes.withUnsafeBufferPointer { characters in
                    sqlite3_bind_text64(
                        statement, index, characters.baseAddress, UInt64(characters.count - 1), Self.transient,
                        UInt8(SQLITE_UTF8))
                }
            case .blob(let value):
                // brigade:allow-unsafe SQLite is a C API of raw pointers; there is no safe way to call it.
                status = value.withUnsafeBytes { bytes in
                    sqlite3_bind_blob(statement, index, bytes.baseAddress, Int32(bytes.count), Self.transient)
                }
            }
            guard status == SQLITE_OK else {
                throw error(status, sql: sql)
            }
        }
    }

    private func row(of statement: OpaquePointer) -> [SQLiteValue] {
        (0..<sqlite3_column_count(statement)).map { column in
            switch sqlite3_column_type(statement, column) {
            case SQLITE_INTEGER:
                return .integer(sqlite3_column_int64(statement, column))
            case SQLITE_FLOAT:
                return .real(sqlite3_column_double(statement, column))
            case SQLITE_TEXT:
                // Read with its length in bytes (after the text, as SQLite asks), so a NUL inside is kept.
                guard let text = sqlite3_column_text(statement, column) else { return .text("") }
                let count = Int(sqlite3_column_bytes(statement, column))
                // brigade:allow-unsafe SQLite is a C API of raw pointers; there is no safe way to call it.
                return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
            case SQLITE_BLOB:
                let count = Int(sqlite3_column_bytes(statement, column))
                guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return .blob(Data()) }
                return .blob(Data(bytes: bytes, count: count))
            default:
                return .null
            }
        }
    }

    private func error(_ status: Int32, sql: String) -> SQLiteError {
        let message = String(cString: sqlite3_errmsg(handle))
        if status == SQLITE_NOTADB || status == SQLITE_CORRUPT {
            return .notADatabase(path: path, reason: message)
        }
        return .statementFailed(sql: sql, code: Int(status), reason: message)
    }

    /// SQLite's `SQLITE_TRANSIENT`: copy bound text and blobs before the call returns.
    // brigade:allow-unsafe SQLite is a C API of raw pointers; there is no safe way to call it.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

/// A value bound to, or read from, a SQLite statement.
public enum SQLiteValue: Hashable, Sendable {
    /// SQL NULL.
    case null
    /// A 64-bit integer.
    case integer(Int64)
    /// A double.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Bytes.
    case blob(Data)
}

/// Errors of the SQLite layer, naming the file or the statement.
public enum SQLiteError: Error, Equatable, CustomStringConvertible {
    /// The file could not be opened.
    case openFailed(path: String, reason: String)
    /// The file is not a SQLite database, or is corrupt; it was not changed.
    case notADatabase(path: String, reason: String)
    /// A statement failed.
    case statementFailed(sql: String, code: Int, reason: String)
    /// A migration threw; the schema stays at the version before it.
    case migrationFailed(version: Int, reason: String)
    /// The database's schema version is newer than the store's migrations know.
    case schemaTooNew(found: Int, known: Int)
    /// `PRAGMA integrity_check` did not return ok.
    case integrityCheckFailed(String)
    /// The database's schema version (`PRAGMA user_version`) is negative, which no migration produces.
    case negativeSchemaVersion(path: String, found: Int)

    /// What went wrong.
    public var description: String {
        switch self {
        case .openFailed(let path, let reason):
            return "cannot open database '\(path)': \(reason)"
        case .notADatabase(let path, let reason):
            return "'\(path)' is not a SQLite database or is corrupt (\(reason)); it was left untouched"
        case .statementFailed(let sql, let code, let reason):
            return "SQL failed (code \(code)): \(reason) — in: \(sql)"
        case .migrationFailed(let version, let reason):
            return "migration to schema version \(version) failed: \(reason)"
        case .schemaTooNew(let found, let known):
            return "the database has schema version \(found), newer than the \(known) this store knows"
        case .integrityCheckFailed(let result):
            return "integrity check failed: \(result)"
        case .negativeSchemaVersion(let path, let found):
            return "'\(path)' has the negative schema version \(found), which no migration gives; it was left untouched"
        }
    }
}
