import RemindersCSQLite
import Foundation
import RemindersModel

/// The SQLite file that holds the calendars and their items (reminders and events), the
/// authorizations, the sync state and the settings: one connection to it, shared by every
/// client's `EventStore`.
///
/// Every access runs inside a transaction (`read` or `write`); nested calls become savepoints,
/// so a caller can group many writes into one durable commit and still undo one of them.
/// WAL with `synchronous=FULL` makes each commit durable before `write` returns.
public final class CalendarStore {
    public let path: String
    let database: Database
    private var transactionDepth = 0
    /// Lists read in the current top-level transaction. Nobody else can change them until it ends,
    /// and this connection's own list writes and rollbacks clear it; every save looks its list up.
    var listCache = ListCache()
    /// The list identifier of the last reminder decoded: consecutive rows mostly share it.
    var lastDecodedCalendar = ""
    /// Full-text index changes of the current write transaction, written when it commits.
    var fullTextBacklog = FullTextBacklog()
    /// Who this connection's writes are by, and what they are part of (see `HistoryContext`).
    var history = HistoryContext()
    /// What the history, undo and pruning take for now: the clock of the `EventStore` it serves
    /// (a test's, so that what it records is what it said the time was).
    var clock: () -> Timestamp = Timestamp.now

    public static let defaultBusyTimeout = 15_000

    /// What opening the store found worth saying but not refusing (a folder others may list).
    public private(set) var warning: String?

    /// Opens (creating if needed) the store at `path`, migrating it to the current schema.
    /// Refuses files that are not remindersd stores and stores written by a newer version.
    /// Only `EventStore` opens one (the door to the tables); tests of this module too.
    init(path: String, busyTimeoutMilliseconds: Int = CalendarStore.defaultBusyTimeout) throws(StoreError) {
        self.path = path
        warning = try StoreLocation.prepare(path)
        if let warning { StoreLocation.warnOnce(warning) }
        let setup = try StoreSetupLock(store: path, timeoutMilliseconds: busyTimeoutMilliseconds)
        defer { setup.release() }
        do {
            database = try Database(path: path, busyTimeoutMilliseconds: Int32(clamping: busyTimeoutMilliseconds))
        } catch {
            throw StoreError.from(error, path: path)
        }
        try setupSQLite { () throws(SQLiteError) in try self.identify() }
        // After identifying it: another program's file is not ours to tell anyone to chmod.
        try StoreLocation.refuseIfShared(path, fix: "chmod 600", what: "the store")
        try setupSQLite { () throws(SQLiteError) in try self.configure() }
        // Only a new or older store needs the write lock at start-up; an up-to-date one opens with
        // reads alone, which keeps one-shot clients quick (the checks repeat inside the transaction,
        // since another process may be setting up the same new file).
        let ready = try read { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) -> Bool in
                guard try MigrationLedger(database: self.database).isUpToDate() else { return false }
                try self.checkTables()
                return (try self.database.scalar("SELECT count(*) FROM sources")?.integer ?? 0) > 0
            }
        }
        guard !ready else { return }
        try setup.exclusive(store: path)
        try write { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                try self.migrate()
                try self.checkTables()
            }
            try self.seedIfEmpty()
        }
    }

    /// A read-only connection to the store at `path`, for watching it (`StoreObserver`): neither
    /// made nor migrated here — a store that is not there yet, or not up to date, is the server's
    /// to open first.
    init(observing path: String) throws(StoreError) {
        self.path = path
        warning = nil
        do {
            database = try Database(path: path, flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, busyTimeoutMilliseconds: 1000)
        } catch {
            throw StoreError.from(error, path: path)
        }
    }

    /// Refuses a store that has every migration but lacks a table they make (one dropped by hand,
    /// a file cut short and mended): damaged, said so with what is missing.
    private func checkTables() throws(SQLiteError) {
        let statement = try database.statement("SELECT name FROM sqlite_master WHERE type = 'table'")
        defer { statement.reset() }
        var present = Set<String>()
        while try statement.step() { if let name = statement.text(0) { present.insert(name) } }
        let missing = Schema.tables.subtracting(present)
        guard missing.isEmpty else {
            throw SQLiteError(
                code: SQLITE_CORRUPT,
                message: "\(path) is a remindersd store missing its table\(missing.count == 1 ? "" : "s") "
                    + missing.sorted().joined(separator: ", ") + "; restore it from a backup, or export what it holds and start a new one")
        }
    }

    /// Refuses another program's database and a store of a newer remindersd, reading only.
    private func identify() throws(SQLiteError) {
        let version = try database.scalar("PRAGMA user_version")?.integer ?? 0
        let application = try database.scalar("PRAGMA application_id")?.integer ?? 0
        let tables = try database.scalar("SELECT count(*) FROM sqlite_master")?.integer ?? 0
        if application != Int64(Schema.applicationID) && (tables > 0 || version != 0) {
            throw SQLiteError(code: SQLITE_NOTADB, message: "\(path) is an SQLite database of another program, not a remindersd store")
        }
        // A newer remindersd records its migrations by name and counts them in user_version (which
        // remindersd from before the names went by): more than this one knows is either.
        let unknown =
            MigrationLedger.pending(after: try MigrationLedger(database: database).applied()).unknown
            ?? (version > Int64(Schema.migrations.count) ? "number \(version)" : nil)
        if let unknown {
            throw SQLiteError(
                code: SQLITE_NOTADB,
                message:
                    "\(path) was written by a newer remindersd (schema \(version), with the migration \"\(unknown)\" this one does not know); refusing to use it"
            )
        }
    }

    private func configure() throws(SQLiteError) {
        let mode = try database.scalar("PRAGMA journal_mode=WAL")?.text ?? ""
        guard mode.lowercased() == "wal" else {
            throw SQLiteError(code: SQLITE_READONLY, message: "cannot switch \(path) to WAL mode (got \(mode))")
        }
        // A 32 MB page cache (SQLite's default is 2 MB) keeps a 100,000-reminder commit from spilling
        // pages to the WAL and reading them back; pages cost memory only once used. Reads of the
        // main file go through a memory map instead of a copy per page: the first search of a
        // session over 100k reminders took 19 ms with copies and 15 with the map, a full fetch 10%
        // less. Writes still go through the WAL, so the map is only ever read.
        try database.execute("PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON; PRAGMA cache_size=-32000; PRAGMA mmap_size=268435456;")
    }

    private func migrate() throws(SQLiteError) {
        try MigrationLedger(database: database).bringUpToDate()
    }

    /// A fresh store holds one local source, one default list named "Reminders" and one default
    /// event calendar named "Calendar".
    private func seedIfEmpty() throws(StoreError) {
        let count = try sqlite { () throws(SQLiteError) in try self.database.scalar("SELECT count(*) FROM sources")?.integer ?? 0 }
        guard count == 0 else { return }
        let now = Timestamp(milliseconds: Int64(Date().timeIntervalSince1970 * 1000))
        try sqlite { () throws(SQLiteError) in
            try self.database.run(
                "INSERT INTO sources (identifier, title, type) VALUES (?, 'On My Computer', 'local')",
                .text(Identifiers.make()))
        }
        let list = ItemCalendar(calendarIdentifier: Identifiers.make(), title: ItemCalendar.defaultTitle, isDefault: true)
        // The store's own beginning is nobody's change to undo.
        history.recording = false
        defer { history.recording = true }
        try insertCalendar(list, creationDate: now)
        try setDefaultCalendar(list.calendarIdentifier)
        let calendar = ItemCalendar(
            calendarIdentifier: Identifiers.make(), title: ItemCalendar.defaultEventTitle,
            color: ItemCalendar.defaultEventColor, isDefault: true, entityType: .event)
        try insertCalendar(calendar, creationDate: now)
        try setDefaultCalendar(calendar.calendarIdentifier, for: .event)
    }

    // MARK: Transactions

    /// Runs `body` in a write transaction (`BEGIN IMMEDIATE`, so it waits for other writers
    /// instead of failing on upgrade), or in a savepoint when already inside one.
    /// An error rolls back exactly what `body` did.
    public func write<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        var result: T?
        _ = try transaction(begin: "BEGIN IMMEDIATE") { () throws(StoreError) -> TransactionOutcome in
            result = try body()
            return .commit
        }
        return result!
    }

    /// Runs `body` in a read transaction: one consistent snapshot, never blocking writers. Inside
    /// another transaction it is part of that one, with no savepoint: a read has nothing to roll
    /// back, and the table methods that read inside the callers' `read { }` would otherwise pay
    /// two statements each for nothing (the agent's reschedule showed it).
    public func read<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        if transactionDepth > 0 {
            transactionDepth += 1
            defer { transactionDepth -= 1 }
            return try body()
        }
        var result: T?
        _ = try transaction(begin: "BEGIN DEFERRED") { () throws(StoreError) -> TransactionOutcome in
            result = try body()
            return .commit
        }
        return result!
    }

    /// Runs `body` in a write transaction (a savepoint when nested) and ends it the way `body`
    /// says — kept, or rolled back as if it never ran (what trying a change without keeping it
    /// needs); an error rolls it back too, and is thrown on. Returns how it ended.
    public func transaction(_ body: () throws(StoreError) -> TransactionOutcome) throws(StoreError) -> TransactionOutcome {
        try transaction(begin: "BEGIN IMMEDIATE", body)
    }

    public var isInTransaction: Bool { transactionDepth > 0 }

    private func transaction(begin: String, _ body: () throws(StoreError) -> TransactionOutcome) throws(StoreError) -> TransactionOutcome {
        let savepoint = "s\(transactionDepth)"
        let nested = transactionDepth > 0
        if !nested { listCache = ListCache() }
        // Prepared once and reused: these run around every save, so parsing them each time would show.
        try setupSQLite { () throws(SQLiteError) in try self.database.run(nested ? "SAVEPOINT \(savepoint)" : begin) }
        // A store removed or replaced under this process is noticed before anything is read from
        // or written to the file it still has open (SQLite's own advice for moved files).
        if !nested, database.hasMoved {
            rollBack(nested: false, savepoint: savepoint)
            throw .unavailable(
                """
                the store \(path) was removed or replaced while this program had it open; nothing was read or written: \
                start it again to use the store that is at that path now
                """)
        }
        if nested { fullTextBacklog.savepointOpened() }
        transactionDepth += 1
        defer { transactionDepth -= 1 }
        let outcome: TransactionOutcome
        do {
            outcome = try body()
        } catch {
            rollBack(nested: nested, savepoint: savepoint)
            throw error
        }
        guard outcome == .commit else {
            rollBack(nested: nested, savepoint: savepoint)
            return .rollBack
        }
        do {
            try sqlite { () throws(SQLiteError) in
                if nested {
                    try self.database.run("RELEASE \(savepoint)")
                    self.fullTextBacklog.savepointReleased()
                } else {
                    try self.writeFullTextBacklog()
                    try self.database.run("COMMIT")
                    self.fullTextBacklog.removeAll()
                }
            }
        } catch {
            rollBack(nested: nested, savepoint: savepoint)
            throw error
        }
        return .commit
    }

    private func rollBack(nested: Bool, savepoint: String) {
        listCache = ListCache()
        if nested {
            try? database.run("ROLLBACK TO \(savepoint)")
            try? database.run("RELEASE \(savepoint)")
            fullTextBacklog.savepointRolledBack()
        } else {
            if database.isInTransaction { try? database.run("ROLLBACK") }
            fullTextBacklog.removeAll()
        }
    }

    /// Runs raw SQLite work on the tables, translating its errors — only inside a transaction
    /// (`read { }`, `write { }`): a table reached outside one is refused, so that no sequence of
    /// reads straddles another program's commit and no write lands alone; a refusal is a bug of
    /// remindersd's, reported as one and naming the table method.
    func sqlite<T>(function: StaticString = #function, _ body: () throws(SQLiteError) -> T) throws(StoreError) -> T {
        guard transactionDepth > 0 else {
            throw .database(SQLiteError(code: SQLITE_MISUSE, message: "CalendarStore.\(function) ran outside read { } / write { }"))
        }
        return try setupSQLite(body)
    }

    /// The file's own work that comes before any transaction: opening it, beginning one, asking
    /// whether anyone committed.
    func setupSQLite<T>(_ body: () throws(SQLiteError) -> T) throws(StoreError) -> T {
        do { return try body() } catch { throw StoreError.from(error, path: path) }
    }

    /// `PRAGMA integrity_check`: "ok" for a sound file.
    public func integrityCheck() throws(StoreError) -> String {
        try read { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in try self.database.scalar("PRAGMA integrity_check")?.text ?? "" }
        }
    }
}

/// How a transaction ended: its changes kept, or rolled back as if it never ran.
public enum TransactionOutcome: Sendable {
    case commit, rollBack
}

struct ListCache {
    var calendars: [String: ItemCalendar?] = [:]
    var defaultIdentifiers: [EntityType: String?] = [:]
}

/// Server-made identifiers: opaque, stable, unique across processes — random (version 4) UUIDs
/// in the usual upper-case text form, made here because Foundation's `uuidString` goes through
/// `sprintf` and showed up in profiles of bulk saves.
public enum Identifiers {
    private static let hex = Array("0123456789ABCDEF".utf8)

    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes = (generator.next() as UInt64, generator.next() as UInt64)
        return withUnsafeMutableBytes(of: &bytes) { raw in
            raw[6] = raw[6] & 0x0F | 0x40  // version 4
            raw[8] = raw[8] & 0x3F | 0x80  // RFC 4122 variant
            return String(unsafeUninitializedCapacity: 36) { text in
                var position = 0
                for index in 0..<16 {
                    if index == 4 || index == 6 || index == 8 || index == 10 { text[position] = UInt8(ascii: "-"); position += 1 }
                    text[position] = hex[Int(raw[index] >> 4)]
                    text[position + 1] = hex[Int(raw[index] & 0x0F)]
                    position += 2
                }
                return 36
            }
        }
    }
}
