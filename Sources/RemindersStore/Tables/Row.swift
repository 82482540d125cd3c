import RemindersCSQLite

/// A selected row of one table, read column by column through one path that says what is wrong:
/// a value that is not what its column holds — a NULL where one is needed, text in a number's
/// column, a date that does not parse, an RRULE or a kind the model has no name for — is an
/// error naming the table, the row and the column (`SQLITE_CORRUPT`: the store is damaged, and is
/// answered so). Never a field read as empty, which the next save of the item would write back.
struct Row<Column: TableColumns & RawRepresentable> where Column.RawValue == Int32 {
    let statement: Statement
    /// The table it is of, and its identifier (once read), for what an error says.
    let table: String
    var name = "?"

    init(_ statement: Statement, of table: String = Column.table) {
        self.statement = statement
        self.table = table
    }

    func corrupt(_ column: Column, _ what: String) -> SQLiteError {
        SQLiteError(code: SQLITE_CORRUPT, message: "\(table) row \(name): \(column.name) \(what)")
    }

    @inline(__always) private func type(_ column: Column) -> Int32 { sqlite3_column_type(statement.raw, column.rawValue) }

    /// Text columns are read as text whatever SQLite stored (a number put into one is kept as its
    /// text); only a NULL where text is needed is wrong. Not asking SQLite a value's type first
    /// keeps a fetch of 100,000 rows as quick as it was.
    @inline(__always) func optionalText(_ column: Column) throws(SQLiteError) -> String? {
        statement.text(column.rawValue)
    }

    @inline(__always) func text(_ column: Column) throws(SQLiteError) -> String {
        guard let text = statement.text(column.rawValue) else { throw corrupt(column, "is empty (NULL)") }
        return text
    }

    /// The text, sharing `candidate`'s storage when it is the same (see `Statement.text(_:reusing:)`).
    func text(_ column: Column, reusing candidate: String) throws(SQLiteError) -> String {
        guard let text = statement.text(column.rawValue, reusing: candidate) else { throw corrupt(column, "is empty (NULL)") }
        return text
    }

    @inline(__always) func optionalInteger(_ column: Column) throws(SQLiteError) -> Int64? {
        switch type(column) {
        case SQLITE_NULL: return nil
        case SQLITE_INTEGER: return statement.int64(column.rawValue)
        default: throw corrupt(column, "holds \(describe(column)) where a whole number belongs")
        }
    }

    @inline(__always) func integer(_ column: Column) throws(SQLiteError) -> Int64 {
        guard let value = try optionalInteger(column) else { throw corrupt(column, "is empty (NULL)") }
        return value
    }

    func optionalReal(_ column: Column) throws(SQLiteError) -> Double? {
        switch type(column) {
        case SQLITE_NULL: return nil
        case SQLITE_INTEGER, SQLITE_FLOAT: return statement.double(column.rawValue)
        default: throw corrupt(column, "holds \(describe(column)) where a number belongs")
        }
    }

    /// The column's text read as `what` by `parse`; nil when the column is NULL.
    func parsed<Value>(_ column: Column, as what: String, _ parse: (String) -> Value?) throws(SQLiteError) -> Value? {
        guard let text = try optionalText(column) else { return nil }
        guard let value = parse(text) else { throw corrupt(column, "holds \(Self.quoted(text)), which is not \(what)") }
        return value
    }

    private func describe(_ column: Column) -> String {
        switch type(column) {
        case SQLITE_TEXT: return Self.quoted(statement.text(column.rawValue) ?? "")
        case SQLITE_INTEGER: return String(statement.int64(column.rawValue))
        case SQLITE_FLOAT: return String(statement.double(column.rawValue))
        default: return "bytes (a BLOB)"
        }
    }

    private static func quoted(_ text: String) -> String {
        "\"" + (text.count > 40 ? text.prefix(40) + "…" : Substring(text)) + "\""
    }
}
