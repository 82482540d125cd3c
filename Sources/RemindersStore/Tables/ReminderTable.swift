import Foundation
import RemindersModel

/// Reminders rows. Due dates are kept twice beside their components: `due_at` (an instant) for
/// dates with a time zone, `due_wall` (wall-clock seconds) for floating and all-day ones, so a
/// fetch can narrow by index before placing floating dates in the reader's zone.
extension ReminderStore {
    static let reminderColumns = """
        id, identifier, external_identifier, calendar, title, notes, url, location, priority, start_date, due_date, \
        completed, completion_date, creation_date, last_modified, time_zone, recurrence, alarm_count
        """

    public func reminder(identifier: String) throws(StoreError) -> Reminder? {
        try sqlite { () throws(SQLiteError) in
            let statement = try self.database.statement("SELECT \(Self.reminderColumns) FROM reminders WHERE identifier = ?")
            defer { statement.reset() }
            try statement.bind([.text(identifier)])
            guard try statement.step() else { return nil }
            return try self.reminder(from: statement)
        }
    }

    /// EventKit's `calendarItems(withExternalIdentifier:)`: a list, since external identifiers may repeat.
    public func reminders(externalIdentifier: String) throws(StoreError) -> [Reminder] {
        try sqlite { () throws(SQLiteError) in
            let statement = try self.database.statement(
                "SELECT \(Self.reminderColumns) FROM reminders WHERE external_identifier = ? ORDER BY creation_date, identifier")
            defer { statement.reset() }
            try statement.bind([.text(externalIdentifier)])
            var reminders: [Reminder] = []
            while try statement.step() { reminders.append(try self.reminder(from: statement)) }
            return reminders
        }
    }

    func insertReminder(_ reminder: Reminder) throws(StoreError) {
        try sqlite { () throws(SQLiteError) in
            let values = Self.rowValues(reminder)
            let statement = try self.database.statement("""
                INSERT INTO reminders (identifier, external_identifier, calendar, title, notes, url, location, priority,
                    start_date, due_date, due_at, due_wall, completed, completion_date, creation_date, last_modified,
                    time_zone, recurrence, alarm_count)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            defer { statement.reset() }
            try statement.bind([.text(reminder.calendarItemIdentifier)] + values)
            while try statement.step() {}
            if reminder.hasAlarms { try self.insertAlarms(reminder.alarms, reminderRow: self.database.lastInsertRowID) }
        }
    }

    /// Rewrites a stored reminder; false when there is none with its identifier.
    func updateReminder(_ reminder: Reminder) throws(StoreError) -> Bool {
        try sqlite { () throws(SQLiteError) in
            guard let row = try self.database.scalar("SELECT id FROM reminders WHERE identifier = ?",
                                                     .text(reminder.calendarItemIdentifier))?.integer else { return false }
            let statement = try self.database.statement("""
                UPDATE reminders SET external_identifier = ?, calendar = ?, title = ?, notes = ?, url = ?, location = ?,
                    priority = ?, start_date = ?, due_date = ?, due_at = ?, due_wall = ?, completed = ?, completion_date = ?,
                    creation_date = ?, last_modified = ?, time_zone = ?, recurrence = ?, alarm_count = ?
                WHERE id = ?
                """)
            defer { statement.reset() }
            try statement.bind(Self.rowValues(reminder) + [.integer(row)])
            while try statement.step() {}
            try self.database.run("DELETE FROM alarms WHERE reminder = ?", .integer(row))
            try self.insertAlarms(reminder.alarms, reminderRow: row)
            return true
        }
    }

    /// Deletes a reminder and its alarms; false when there was none.
    func deleteReminder(identifier: String) throws(StoreError) -> Bool {
        try sqlite { () throws(SQLiteError) in
            try self.database.run("DELETE FROM reminders WHERE identifier = ?", .text(identifier))
            return self.database.changes > 0
        }
    }

    /// Values for every column after `identifier`, in `insertReminder`'s order.
    private static func rowValues(_ reminder: Reminder) -> [SQLValue] {
        let due = reminder.dueDateComponents
        let dueAt: Int64? = due.flatMap { $0.isFloating ? nil : $0.instant(in: TimeZone.utc).milliseconds }
        let dueWall: Int64? = due.flatMap { $0.isFloating ? $0.wallClockSeconds : nil }
        let recurrence = reminder.recurrenceRules.isEmpty ? nil : reminder.recurrenceRules.map(\.rrule).joined(separator: "\n")
        return [
            .text(reminder.calendarItemExternalIdentifier), .text(reminder.calendarIdentifier), .text(reminder.title),
            reminder.notes.sql, reminder.url.sql, reminder.location.sql, .integer(Int64(reminder.priority)),
            (reminder.startDateComponents?.storageText).sql, (due?.storageText).sql,
            dueAt.sql, dueWall.sql, .integer(reminder.isCompleted ? 1 : 0), (reminder.completionDate?.milliseconds).sql,
            .integer(reminder.creationDate.milliseconds), .integer(reminder.lastModifiedDate.milliseconds),
            reminder.timeZone.sql, recurrence.sql, .integer(Int64(reminder.alarms.count)),
        ]
    }

    /// Decodes a row selected with `reminderColumns`.
    func reminder(from row: Statement) throws(SQLiteError) -> Reminder {
        let identifier = row.text(1) ?? ""
        let calendar = row.text(3, reusing: lastDecodedCalendar) ?? ""
        lastDecodedCalendar = calendar
        var reminder = Reminder(calendarItemIdentifier: identifier, calendarIdentifier: calendar,
                                title: row.text(4) ?? "", creationDate: Timestamp(milliseconds: row.int64(13)))
        reminder.calendarItemExternalIdentifier = row.text(2, reusing: identifier) ?? identifier
        reminder.notes = row.text(5)
        reminder.url = row.text(6)
        reminder.location = row.text(7)
        reminder.priority = Int(row.int64(8))
        reminder.startDateComponents = row.text(9).flatMap(ReminderDateComponents.init(storageText:))
        reminder.dueDateComponents = row.text(10).flatMap(ReminderDateComponents.init(storageText:))
        reminder.isCompleted = row.int64(11) != 0
        reminder.completionDate = row.optionalInt64(12).map(Timestamp.init(milliseconds:))
        reminder.lastModifiedDate = Timestamp(milliseconds: row.int64(14))
        reminder.timeZone = row.text(15)
        if let recurrence = row.text(16) {
            reminder.recurrenceRules = recurrence.split(separator: "\n").compactMap { try? RecurrenceRule(rrule: String($0)) }
        }
        if row.int64(17) > 0 { reminder.alarms = try alarms(reminderRow: row.int64(0)) }
        return reminder
    }
}
