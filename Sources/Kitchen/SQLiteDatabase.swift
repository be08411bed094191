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
    /// The database file's path.
    public let path: String

    init(path: String) throws(SQLiteError) {
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
        sqlite3_busy_timeout(handle, 5_000)
    }

    deinit {
        for statement in statements.values {
            sqlite3_finalize(statement)
        }
        sqlite3_close_v2(handle)
    }

    /// Runs `sql` with `parameters` bound to its `?` placeholders, and returns the rows it produced.
    ///
    /// ```swift
    /// try database.execute("INSERT INTO notes(id, text) VALUES (?, ?)", [.integer(1), .text("hello")])
    /// ```
    @discardableResult
    public func execute(_ sql: String, _ parameters: [SQLiteValue] = []) throws(SQLiteError) -> [[SQLiteValue]] {
        let statement = try prepare(sql)
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

    private func prepare(_ sql: String) throws(SQLiteError) -> OpaquePointer {
        if let cached = statements[sql] {
            return cached
        }
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard status == SQLITE_OK, let statement else {
            throw error(status, sql: sql)
        }
        statements[sql] = statement
        return statement
    }

    private func bind(_ parameters: [SQLiteValue], to statement: OpaquePointer, sql: String) throws(SQLiteError) {
        for (offset, parameter) in parameters.enumerated() {
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
                status = sqlite3_bind_text(statement, index, value, -1, Self.transient)
            case .blob(let value):
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
                return .text(sqlite3_column_text(statement, column).map { String(cString: $0) } ?? "")
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
        }
    }
}
