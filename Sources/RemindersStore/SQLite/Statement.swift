import RemindersCSQLite

/// A value bound to or read from SQLite.
enum SQLValue: Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)

    var integer: Int64? { if case .integer(let v) = self { return v } else { return nil } }
    var text: String? { if case .text(let v) = self { return v } else { return nil } }
}

extension Optional where Wrapped == String {
    var sql: SQLValue { map(SQLValue.text) ?? .null }
}
extension Optional where Wrapped == Int64 {
    var sql: SQLValue { map(SQLValue.integer) ?? .null }
}
extension Optional where Wrapped == Double {
    var sql: SQLValue { map(SQLValue.real) ?? .null }
}

/// A prepared statement. Owned by `Database`, which caches it by its SQL.
final class Statement {
    let raw: OpaquePointer
    private unowned let database: Database

    init(_ raw: OpaquePointer, database: Database) {
        self.raw = raw
        self.database = database
    }

    func finalize() { sqlite3_finalize(raw) }

    /// The statement's SQL text, for errors.
    var sql: String { sqlite3_sql(raw).map { String(cString: $0) } ?? "" }

    func reset() {
        sqlite3_reset(raw)
        sqlite3_clear_bindings(raw)
    }

    func bind(_ values: [SQLValue]) throws(SQLiteError) {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let result: Int32
            switch value {
            case .null: result = sqlite3_bind_null(raw, index)
            case .integer(let v): result = sqlite3_bind_int64(raw, index, v)
            case .real(let v): result = sqlite3_bind_double(raw, index, v)
            case .text(let v):
                // Bound with its byte length, never as a C string: a NUL inside a title is text too,
                // and SQLite would otherwise keep only what comes before it.
                var text = v
                result = text.withUTF8 { bytes in
                    guard let start = bytes.baseAddress, !bytes.isEmpty else { return sqlite3_bind_text(raw, index, "", 0, csqlite_transient()) }
                    return start.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                        sqlite3_bind_text(raw, index, $0, Int32(bytes.count), csqlite_transient())
                    }
                }
            }
            guard result == SQLITE_OK else { throw database.error(result, statement: sql) }
        }
    }

    /// Advances; true when a row is available.
    func step() throws(SQLiteError) -> Bool {
        let result = sqlite3_step(raw)
        switch result {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = database.error(result, statement: sql)
            sqlite3_reset(raw)
            throw error
        }
    }

    func value(_ column: Int32) -> SQLValue {
        switch sqlite3_column_type(raw, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(raw, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(raw, column))
        case SQLITE_NULL: return .null
        default: return .text(text(column) ?? "")
        }
    }

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(raw, column) == SQLITE_NULL }

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(raw, column) }

    func optionalInt64(_ column: Int32) -> Int64? { isNull(column) ? nil : int64(column) }

    func double(_ column: Int32) -> Double { sqlite3_column_double(raw, column) }

    func optionalDouble(_ column: Int32) -> Double? { isNull(column) ? nil : double(column) }

    func text(_ column: Int32) -> String? {
        guard let pointer = sqlite3_column_text(raw, column) else { return nil }
        let count = Int(sqlite3_column_bytes(raw, column))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    /// The column's text, sharing `candidate`'s storage when the bytes are the same. Values that
    /// repeat across rows (a list's identifier, an external identifier equal to the item's) are
    /// then held once, which matters when a fetch holds 100,000 reminders.
    func text(_ column: Int32, reusing candidate: String) -> String? {
        guard let pointer = sqlite3_column_text(raw, column) else { return nil }
        let bytes = UnsafeBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(raw, column)))
        var candidate = candidate
        let same = candidate.withUTF8 { $0.elementsEqual(bytes) }
        return same ? candidate : String(decoding: bytes, as: UTF8.self)
    }
}
