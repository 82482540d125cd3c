import RemindersCSQLite
import Foundation

/// One SQLite connection with its prepared statements cached by SQL text.
///
/// Not thread-safe: each remindersd session owns one connection and uses it from one thread
/// (the change watcher has its own).
final class Database {
    private(set) var handle: OpaquePointer?
    private var statements: [String: Statement] = [:]
    let path: String

    init(path: String, flags: Int32 = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, busyTimeoutMilliseconds: Int32)
        throws(SQLiteError)
    {
        self.path = path
        var db: OpaquePointer?
        let result = sqlite3_open_v2(path, &db, flags, nil)
        guard result == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close_v2(db)
            throw SQLiteError(code: result, message: message)
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, busyTimeoutMilliseconds)
    }

    deinit {
        statements.values.forEach { $0.finalize() }
        sqlite3_close_v2(handle)
    }

    func error(_ code: Int32, statement: String? = nil) -> SQLiteError {
        SQLiteError(code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)), statement: statement)
            .orCode(code)
    }

    /// Runs SQL that returns no rows (may hold several statements).
    func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let result = sqlite3_exec(handle, sql, nil, nil, &message)
        guard result == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(message)
            throw SQLiteError(code: sqlite3_extended_errcode(handle), message: text, statement: sql).orCode(result)
        }
    }

    /// A cached prepared statement, reset and with its bindings cleared.
    func statement(_ sql: String) throws(SQLiteError) -> Statement {
        if let cached = statements[sql] {
            cached.reset()
            return cached
        }
        var raw: OpaquePointer?
        let result = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &raw, nil)
        guard result == SQLITE_OK, let raw else { throw error(result, statement: sql) }
        let statement = Statement(raw, database: self)
        statements[sql] = statement
        return statement
    }

    /// Runs a statement that returns no rows.
    func run(_ sql: String, _ values: SQLValue...) throws(SQLiteError) { try run(sql, values: values) }

    func run(_ sql: String, values: [SQLValue]) throws(SQLiteError) {
        let statement = try statement(sql)
        defer { statement.reset() }
        try statement.bind(values)
        while try statement.step() {}
    }

    /// The first column of the first row, if any.
    func scalar(_ sql: String, _ values: SQLValue...) throws(SQLiteError) -> SQLValue? {
        let statement = try statement(sql)
        defer { statement.reset() }
        try statement.bind(values)
        guard try statement.step() else { return nil }
        return statement.value(0)
    }

    var changes: Int { Int(sqlite3_changes(handle)) }

    /// Whether the file this connection has open is no longer at its path (removed, or another
    /// file put there): what it writes then goes to a file nobody will open again.
    var hasMoved: Bool {
        var moved: Int32 = 0
        return sqlite3_file_control(handle, "main", SQLITE_FCNTL_HAS_MOVED, &moved) == SQLITE_OK && moved != 0
    }
    var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }
}

extension SQLiteError {
    /// This error, unless its extended code is not the one `result` reports (SQLite keeps the
    /// connection's last error, which a call that failed early may not have set).
    func orCode(_ result: Int32) -> SQLiteError {
        guard code & 0xFF != result & 0xFF else { return self }
        var copy = self
        copy.code = result
        return copy
    }
}

extension Database {
    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
}
