import CSQLite

/// A failed SQLite call: the result code and SQLite's own message.
public struct SQLiteError: Error, Equatable, CustomStringConvertible {
    public var code: Int32
    public var message: String

    /// The primary result code (extended codes keep it in the low byte).
    public var primaryCode: Int32 { code & 0xFF }

    public var description: String { "SQLite error \(code): \(message)" }

    public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
}
