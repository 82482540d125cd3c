import Foundation
import RemindersModel

/// Reminder lists and the default-list setting.
extension ReminderStore {
    /// A list with, for a synced one, its account and collection.
    private static let calendarSelect = """
        SELECT c.identifier, c.title, c.color, c.type, c.allows_modifications, s.account, s.href, a.url
        FROM calendars c LEFT JOIN sync_collections s ON s.calendar = c.identifier LEFT JOIN accounts a ON a.name = s.account
        """

    public func calendars() throws(StoreError) -> [ReminderCalendar] {
        try sqlite { () throws(SQLiteError) in
            let defaultIdentifier = try self.defaultCalendarIdentifier()
            let statement = try self.database.statement(Self.calendarSelect + " ORDER BY c.creation_date, c.identifier")
            defer { statement.reset() }
            var calendars: [ReminderCalendar] = []
            while try statement.step() { calendars.append(Self.calendar(from: statement, defaultIdentifier: defaultIdentifier)) }
            return calendars
        }
    }

    public func calendar(identifier: String) throws(StoreError) -> ReminderCalendar? {
        if isInTransaction, let cached = listCache.calendars[identifier] { return cached }
        let calendar = try sqlite { () throws(SQLiteError) -> ReminderCalendar? in
            let statement = try self.database.statement(Self.calendarSelect + " WHERE c.identifier = ?")
            defer { statement.reset() }
            try statement.bind([.text(identifier)])
            guard try statement.step() else { return nil }
            return Self.calendar(from: statement, defaultIdentifier: try self.defaultCalendarIdentifier())
        }
        if isInTransaction { listCache.calendars[identifier] = .some(calendar) }
        return calendar
    }

    /// The list new reminders go to when they name none: always one that takes new reminders.
    /// That is the chosen default while it is writable, else the oldest writable list; nil when
    /// every list is read-only (EventKit's `defaultCalendarForNewReminders()` is optional too).
    public func defaultCalendar() throws(StoreError) -> ReminderCalendar? {
        guard let identifier = try sqlite({ () throws(SQLiteError) in try self.defaultCalendarIdentifier() }) else { return nil }
        return try calendar(identifier: identifier)
    }

    /// Records the list `defaultCalendar()` chose, after a change that may have moved it (the
    /// default list removed or made read-only), so that it stays put when the old one comes back.
    func storeDefaultCalendar() throws(StoreError) {
        let identifier = try sqlite { () throws(SQLiteError) in try self.defaultCalendarIdentifier() }
        if let identifier { try setDefaultCalendar(identifier) }
    }

    /// `source`: the identifier of the account's source for a synced list; nil: the local source.
    func insertCalendar(_ calendar: ReminderCalendar, creationDate: Timestamp, source: String? = nil) throws(StoreError) {
        listCache = ListCache()
        try sqlite { () throws(SQLiteError) in
            var owner = source
            if owner == nil {
                owner = try self.database.scalar("SELECT identifier FROM sources WHERE type = 'local' ORDER BY rowid LIMIT 1")?.text ?? ""
            }
            try self.database.run("""
                INSERT INTO calendars (identifier, source, title, color, type, allows_modifications, creation_date)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, .text(calendar.calendarIdentifier), .text(owner ?? ""), .text(calendar.title), .text(calendar.color),
                .text(calendar.type.rawValue), .integer(calendar.allowsContentModifications ? 1 : 0), .integer(creationDate.milliseconds))
        }
    }

    func updateCalendar(_ calendar: ReminderCalendar) throws(StoreError) {
        listCache = ListCache()
        try sqlite { () throws(SQLiteError) in
            try self.database.run("UPDATE calendars SET title = ?, color = ?, allows_modifications = ? WHERE identifier = ?",
                                  .text(calendar.title), .text(calendar.color), .integer(calendar.allowsContentModifications ? 1 : 0),
                                  .text(calendar.calendarIdentifier))
        }
    }

    /// Removes a list and (by cascade) its reminders and their alarms. Returns how many reminders went with it.
    func deleteCalendar(identifier: String) throws(StoreError) -> Int {
        listCache = ListCache()
        return try sqlite { () throws(SQLiteError) in
            let count = try self.database.scalar("SELECT count(*) FROM reminders WHERE calendar = ?", .text(identifier))?.integer ?? 0
            try self.writeFullTextBacklog()
            try self.database.run("DELETE FROM calendars WHERE identifier = ?", .text(identifier))
            return Int(count)
        }
    }

    func calendarCount() throws(StoreError) -> Int {
        try sqlite { () throws(SQLiteError) in Int(try self.database.scalar("SELECT count(*) FROM calendars")?.integer ?? 0) }
    }

    func setDefaultCalendar(_ identifier: String) throws(StoreError) {
        listCache = ListCache()
        try sqlite { () throws(SQLiteError) in
            try self.database.run("INSERT OR REPLACE INTO settings (key, value) VALUES ('defaultCalendar', ?)", .text(identifier))
        }
    }

    /// The chosen default while it exists and is writable, else the oldest writable list.
    private func defaultCalendarIdentifier() throws(SQLiteError) -> String? {
        if isInTransaction, let cached = listCache.defaultIdentifier { return cached }
        let identifier = try database.scalar("""
            SELECT identifier FROM calendars WHERE allows_modifications = 1
            ORDER BY identifier = (SELECT value FROM settings WHERE key = 'defaultCalendar') DESC, creation_date, identifier
            LIMIT 1
            """)?.text
        if isInTransaction { listCache.defaultIdentifier = .some(identifier) }
        return identifier
    }

    private static func calendar(from row: Statement, defaultIdentifier: String?) -> ReminderCalendar {
        let identifier = row.text(0) ?? ""
        var source: CalendarSource?
        if let account = row.text(5) {
            let base = row.text(7).flatMap { URL(string: $0) }
            source = CalendarSource(account: account, url: row.text(6).map { href in
                base.flatMap { URL(string: href, relativeTo: $0)?.absoluteString } ?? href
            })
        }
        return ReminderCalendar(calendarIdentifier: identifier, title: row.text(1) ?? "", color: row.text(2) ?? ReminderCalendar.defaultColor,
                                type: CalendarType(rawValue: row.text(3) ?? "") ?? .local,
                                allowsContentModifications: row.int64(4) != 0, isDefault: identifier == defaultIdentifier, source: source)
    }
}
