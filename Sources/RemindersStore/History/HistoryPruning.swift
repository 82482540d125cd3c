import RemindersModel

/// Keeping the history within the time and the size the owner set: the oldest changes go first,
/// with their copies. Changes are numbered in the order they were made, so both bounds are a cut
/// at one change number, and trimming is a range delete on each table's key.
extension CalendarStore {
    private static let daysKey = "historyDays"
    private static let changesKey = "historyChanges"
    /// Trimming runs on a connection's first change and then once every this many.
    static let pruningInterval = 1_000

    public func historyRetention() throws(StoreError) -> HistoryRetention {
        try read { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in try self.storedRetention() }
        }
    }

    /// Sets how long and how much history is kept, and trims it to that now.
    public func setHistoryRetention(_ retention: HistoryRetention) throws(StoreError) {
        guard retention.days >= 0 else { throw .invalid(ValidationError(field: "days", "must be 0 or more")) }
        guard retention.changes >= 0 else { throw .invalid(ValidationError(field: "changes", "must be 0 or more")) }
        try write { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                try self.database.run(
                    "INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", .text(Self.daysKey), .text(String(retention.days)))
                try self.database.run(
                    "INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", .text(Self.changesKey), .text(String(retention.changes)))
                try self.pruneHistory(retention)
            }
        }
    }

    /// How many changes the history holds.
    public func historyCount() throws(StoreError) -> Int {
        try read { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in Int(try self.database.scalar("SELECT count(*) FROM changes")?.integer ?? 0) }
        }
    }

    private func storedRetention() throws(SQLiteError) -> HistoryRetention {
        let days = try database.scalar("SELECT value FROM settings WHERE key = ?", .text(Self.daysKey))?.text.flatMap { Int($0) }
        let changes = try database.scalar("SELECT value FROM settings WHERE key = ?", .text(Self.changesKey))?.text.flatMap { Int($0) }
        return HistoryRetention(days: days ?? HistoryRetention.defaultDays, changes: changes ?? HistoryRetention.defaultChanges)
    }

    func pruneHistoryNowAndThen() throws(SQLiteError) {
        history.recordedSincePruning &+= 1
        guard history.recordedSincePruning > Self.pruningInterval else { return }
        history.recordedSincePruning = 0
        try pruneHistory(try storedRetention())
    }

    /// The number of the oldest change kept: none older than the retention's days, and no more
    /// than its count.
    func oldestKeptChange(_ retention: HistoryRetention) throws(SQLiteError) -> Int64 {
        let cutoff = clock().milliseconds - Int64(retention.days) * 86_400_000
        // The first change in the window, read in number order: past the last trim, that is at
        // most a few rows in (a min() with a condition would read them all).
        let byAge = try database.scalar("SELECT id FROM changes WHERE time >= ? ORDER BY id LIMIT 1", .integer(cutoff))?.integer
        let newest = try database.scalar("SELECT max(id) FROM changes")?.integer ?? 0
        let byCount = newest - Int64(retention.changes) + 1
        return max(byAge ?? newest + 1, byCount)
    }

    private func pruneHistory(_ retention: HistoryRetention) throws(SQLiteError) {
        let oldest = try oldestKeptChange(retention)
        try database.run("DELETE FROM changes WHERE id < ?", .integer(oldest))
        for table in [
            "change_reminders", "change_alarms", "change_calendars", "change_sync_items", "change_events", "change_event_alarms",
        ] {
            try database.run("DELETE FROM \(table) WHERE change < ?", .integer(oldest))
        }
    }
}
