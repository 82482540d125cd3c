import RemindersCSQLite

/// A failed SQLite call as SQLite reported it (GRDB's `DatabaseError` keeps the same): the
/// extended result code, SQLite's own message and the statement that failed, so that a bug in a
/// query shows as that bug and not as "the store is unavailable".
public struct SQLiteError: Error, Equatable, CustomStringConvertible {
    /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE`, 2067); its low byte is the primary one.
    public var code: Int32
    public var message: String
    /// The SQL being run, when a statement failed.
    public var statement: String?

    public init(code: Int32, message: String, statement: String? = nil) {
        self.code = code
        self.message = message
        self.statement = statement
    }

    /// The primary result code (`SQLITE_CONSTRAINT`, 19).
    public var primaryCode: Int32 { code & 0xFF }

    /// The code by SQLite's name for it, extended where SQLite has one (`SQLITE_CONSTRAINT_UNIQUE`).
    public var codeName: String {
        Self.extendedNames[code] ?? Self.primaryNames[primaryCode].map { $0 + (code == primaryCode ? "" : "(\(code))") } ?? "SQLITE_\(code)"
    }

    public var description: String {
        "\(codeName): \(message)"
            + (statement.map {
                " — in: \($0.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ").prefix(300))"
            } ?? "")
    }

    public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }

    static let primaryNames: [Int32: String] = [
        SQLITE_ERROR: "SQLITE_ERROR", SQLITE_INTERNAL: "SQLITE_INTERNAL", SQLITE_PERM: "SQLITE_PERM", SQLITE_ABORT: "SQLITE_ABORT",
        SQLITE_BUSY: "SQLITE_BUSY", SQLITE_LOCKED: "SQLITE_LOCKED", SQLITE_NOMEM: "SQLITE_NOMEM", SQLITE_READONLY: "SQLITE_READONLY",
        SQLITE_INTERRUPT: "SQLITE_INTERRUPT", SQLITE_IOERR: "SQLITE_IOERR", SQLITE_CORRUPT: "SQLITE_CORRUPT", SQLITE_NOTFOUND: "SQLITE_NOTFOUND",
        SQLITE_FULL: "SQLITE_FULL", SQLITE_CANTOPEN: "SQLITE_CANTOPEN", SQLITE_PROTOCOL: "SQLITE_PROTOCOL", SQLITE_SCHEMA: "SQLITE_SCHEMA",
        SQLITE_TOOBIG: "SQLITE_TOOBIG", SQLITE_CONSTRAINT: "SQLITE_CONSTRAINT", SQLITE_MISMATCH: "SQLITE_MISMATCH", SQLITE_MISUSE: "SQLITE_MISUSE",
        SQLITE_NOLFS: "SQLITE_NOLFS", SQLITE_AUTH: "SQLITE_AUTH", SQLITE_RANGE: "SQLITE_RANGE", SQLITE_NOTADB: "SQLITE_NOTADB",
    ]

    /// The extended codes remindersd can meet (sqlite3.h, "Extended Result Codes").
    static let extendedNames: [Int32: String] = [
        SQLITE_CONSTRAINT | (1 << 8): "SQLITE_CONSTRAINT_CHECK", SQLITE_CONSTRAINT | (3 << 8): "SQLITE_CONSTRAINT_FOREIGNKEY",
        SQLITE_CONSTRAINT | (5 << 8): "SQLITE_CONSTRAINT_NOTNULL", SQLITE_CONSTRAINT | (6 << 8): "SQLITE_CONSTRAINT_PRIMARYKEY",
        SQLITE_CONSTRAINT | (7 << 8): "SQLITE_CONSTRAINT_TRIGGER", SQLITE_CONSTRAINT | (8 << 8): "SQLITE_CONSTRAINT_UNIQUE",
        SQLITE_CONSTRAINT | (10 << 8): "SQLITE_CONSTRAINT_ROWID", SQLITE_CONSTRAINT | (12 << 8): "SQLITE_CONSTRAINT_DATATYPE",
        SQLITE_BUSY | (1 << 8): "SQLITE_BUSY_RECOVERY", SQLITE_BUSY | (2 << 8): "SQLITE_BUSY_SNAPSHOT", SQLITE_BUSY | (3 << 8): "SQLITE_BUSY_TIMEOUT",
        SQLITE_READONLY | (1 << 8): "SQLITE_READONLY_RECOVERY", SQLITE_READONLY | (3 << 8): "SQLITE_READONLY_ROLLBACK",
        SQLITE_READONLY | (4 << 8): "SQLITE_READONLY_DBMOVED", SQLITE_READONLY | (6 << 8): "SQLITE_READONLY_DIRECTORY",
        SQLITE_IOERR | (1 << 8): "SQLITE_IOERR_READ", SQLITE_IOERR | (3 << 8): "SQLITE_IOERR_WRITE", SQLITE_IOERR | (4 << 8): "SQLITE_IOERR_FSYNC",
        SQLITE_IOERR | (13 << 8): "SQLITE_IOERR_FSTAT", SQLITE_IOERR | (15 << 8): "SQLITE_IOERR_LOCK",
        SQLITE_CORRUPT | (1 << 8): "SQLITE_CORRUPT_VTAB", SQLITE_CORRUPT | (3 << 8): "SQLITE_CORRUPT_INDEX",
        SQLITE_CANTOPEN | (3 << 8): "SQLITE_CANTOPEN_FULLPATH", SQLITE_ERROR | (1 << 8): "SQLITE_ERROR_MISSING_COLLSEQ",
    ]
}
