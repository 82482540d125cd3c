import Foundation
import RemindersModel

/// Reminder rows (their columns are declared in `ReminderColumn`), with their alarms and tags.
extension CalendarStore {
    public func reminder(identifier: String) throws(StoreError) -> Reminder? {
        try sqlite { () throws(SQLiteError) in
            let statement = try self.database.statement("SELECT \(ReminderColumn.selectList) FROM reminders WHERE identifier = ?")
            defer { statement.reset() }
            try statement.bind([.text(identifier)])
            guard try statement.step() else { return nil }
            return try self.reminder(from: statement)
        }
    }

    /// EventKit's `calendarItems(withExternalIdentifier:)`: a list, since external identifiers may repeat.
    public func reminders(externalIdentifier: String) throws(StoreError) -> [Reminder] {
        try reminders(where: "external_identifier = ? ORDER BY creation_date, identifier", .text(externalIdentifier))
    }

    /// The subtasks of a reminder, oldest first.
    public func subtasks(of identifier: String) throws(StoreError) -> [Reminder] {
        try reminders(where: "parent = ? ORDER BY creation_date, identifier", .text(identifier))
    }

    func reminders(where condition: String, _ values: SQLValue...) throws(StoreError) -> [Reminder] {
        try sqlite { () throws(SQLiteError) in
            let statement = try self.database.statement("SELECT \(ReminderColumn.selectList) FROM reminders WHERE \(condition)")
            defer { statement.reset() }
            try statement.bind(values)
            var reminders: [Reminder] = []
            while try statement.step() { reminders.append(try self.reminder(from: statement)) }
            return reminders
        }
    }

    func insertReminder(_ reminder: Reminder) throws(StoreError) {
        try sqlite { () throws(SQLiteError) in
            let statement = try self.database.statement(ReminderColumn.insertStatement)
            defer { statement.reset() }
            try statement.bind(ReminderColumn.written.map { $0.value(of: reminder) })
            while try statement.step() {}
            let row = self.database.lastInsertRowID
            self.indexText(row: row, title: reminder.title, notes: reminder.notes)
            if reminder.hasAlarms { try self.insertAlarms(of: reminder, reminderRow: row) }
            if !reminder.tags.isEmpty { try self.insertTags(reminder.tags, reminderRow: row) }
            try self.recordChange(
                .created, kind: .reminder, item: reminder.calendarItemIdentifier, title: reminder.title,
                calendar: reminder.calendarIdentifier, afterModified: reminder.lastModifiedDate)
        }
    }

    /// Rewrites a stored reminder; false when there is none with its identifier.
    func updateReminder(_ reminder: Reminder) throws(StoreError) -> Bool {
        try sqlite { () throws(SQLiteError) in
            let stored = try self.database.statement("SELECT id, title, notes FROM reminders WHERE identifier = ?")
            defer { stored.reset() }
            try stored.bind([.text(reminder.calendarItemIdentifier)])
            guard try stored.step() else { return false }
            let row = stored.int64(0)
            let (oldTitle, oldNotes) = (stored.text(1) ?? "", stored.text(2))
            stored.reset()
            try self.recordReminderUpdate(row: row, to: reminder)
            let statement = try self.database.statement(ReminderColumn.updateStatement)
            defer { statement.reset() }
            try statement.bind(ReminderColumn.updated.map { $0.value(of: reminder) } + [.integer(row)])
            while try statement.step() {}
            if oldTitle != reminder.title || oldNotes != reminder.notes {
                self.unindexText(row: row, title: oldTitle, notes: oldNotes)
                self.indexText(row: row, title: reminder.title, notes: reminder.notes)
            }
            try self.database.run("DELETE FROM alarms WHERE reminder = ?", .integer(row))
            try self.insertAlarms(of: reminder, reminderRow: row)
            try self.database.run("DELETE FROM reminder_tags WHERE reminder = ?", .integer(row))
            try self.insertTags(reminder.tags, reminderRow: row)
            return true
        }
    }

    /// Deletes a reminder, its alarms, tags and subtasks; false when there was none.
    func deleteReminder(identifier: String) throws(StoreError) -> Bool {
        try sqlite { () throws(SQLiteError) in
            try self.writeFullTextBacklog()
            try self.recordReminderRemoval(identifier: identifier)
            try self.database.run("DELETE FROM reminders WHERE identifier = ?", .text(identifier))
            return self.database.changes > 0
        }
    }

    /// Decodes a row selected with `ReminderColumn.selectList` — from `reminders`, or from the
    /// history's copy of one made by change `copiedBy` (whose alarms are copied beside it).
    func reminder(from statement: Statement, copiedBy change: Int64? = nil) throws(SQLiteError) -> Reminder {
        var row = Row<ReminderColumn>(statement)
        let identifier = try row.text(.identifier)
        row.name = identifier
        let calendar = try row.text(.calendar, reusing: lastDecodedCalendar)
        lastDecodedCalendar = calendar
        var reminder = Reminder(
            calendarItemIdentifier: identifier, calendarIdentifier: calendar,
            title: try row.text(.title), creationDate: Timestamp(milliseconds: try row.integer(.creationDate)))
        reminder.calendarItemExternalIdentifier = try row.text(.externalIdentifier, reusing: identifier)
        reminder.notes = try row.optionalText(.notes)
        reminder.url = try row.optionalText(.url)
        reminder.location = try row.optionalText(.location)
        reminder.priority = Int(try row.integer(.priority))
        reminder.startDateComponents = try row.parsed(.startDate, as: "a date", ItemDateComponents.init(storageText:))
        reminder.dueDateComponents = try row.parsed(.dueDate, as: "a date", ItemDateComponents.init(storageText:))
        reminder.isCompleted = try row.integer(.completed) != 0
        reminder.completionDate = try row.optionalInteger(.completionDate).map(Timestamp.init(milliseconds:))
        reminder.lastModifiedDate = Timestamp(milliseconds: try row.integer(.lastModified))
        reminder.timeZone = try row.optionalText(.timeZone)
        reminder.recurrenceRules =
            try row.parsed(.recurrence, as: "recurrence rules") { text in
                try? text.split(separator: "\n").map { line throws(ValidationError) in try RecurrenceRule(rrule: String(line)) }
            } ?? []
        if try row.integer(.alarmCount) > 0 {
            if let change {
                reminder.alarms = try alarms(in: "change_alarms", owner: "change", row: change)
            } else {
                reminder.alarms = try alarms(reminderRow: try row.integer(.id))
            }
        }
        reminder.isFlagged = try row.integer(.flagged) != 0
        reminder.parentIdentifier = try row.optionalText(.parent)
        if let tags = try row.optionalText(.tags) { reminder.tags = tags.split(separator: "\n").map(String.init) }
        reminder.sortOrder = try row.optionalInteger(.sortOrder).map(Int.init)
        if let series = try row.parsed(.series, as: "a series", ReminderSeries.init(storageText:)) { reminder.series = series }
        return reminder
    }
}
