import RemindersModel

/// Writing the history: each write of a reminder or a list row records a change, and a change
/// that overwrites or removes one first copies what it was (`change_reminders`, `change_alarms`,
/// `change_calendars`, `change_sync_items`). Recorded where the rows are written, so that every
/// way in — a client's save, an import, a sync, an undo — is in it.
extension CalendarStore {
    /// Who this connection's changes are by: set by the server for each client (its name and
    /// program), by the sync for each account.
    public var author: ChangeAuthor {
        get { history.author }
        set {
            guard newValue != history.author else { return }
            history.author = newValue
            history.authorRow = nil
        }
    }

    /// Records one change; its identifier, for the copy of what the item was.
    @discardableResult
    func recordChange(
        _ action: ItemChange.Action, kind: ItemChange.Kind, item: String, title: String, calendar: String?,
        from fromCalendar: String? = nil, afterModified: Timestamp?
    ) throws(SQLiteError) -> Int64 {
        if history.restoring, action == .created {
            return try recordChange(.restored, kind: kind, item: item, title: title, calendar: calendar, afterModified: afterModified)
        }
        // A part (of a removal) goes with the change it is part of; a top-level change joins the group open.
        let grouped = history.groupOpen && history.partOf == nil
        try database.run(
            """
            INSERT INTO changes (part_of, time, author, action, kind, item, title, calendar, from_calendar, after_modified, undoes,
                undo_group)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            history.partOf.sql, .integer(clock().milliseconds), .integer(try authorRow()), .text(action.rawValue),
            .text(kind.rawValue), .text(item), .text(title), calendar.sql, (fromCalendar == calendar ? nil : fromCalendar).sql,
            (afterModified?.milliseconds).sql, history.undoing.sql, (grouped ? history.groupHead : nil).sql)
        let change = database.lastInsertRowID
        if grouped, history.groupHead == nil { history.groupHead = change }
        try pruneHistoryNowAndThen()
        return change
    }

    /// Runs `body` as one thing done: the changes it records are one undo group (nested, the
    /// outer one's).
    public func asOneUndoGroup<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        if history.groupOpen { return try body() }
        history.groupOpen = true
        history.groupHead = nil
        defer {
            history.groupOpen = false
            history.groupHead = nil
        }
        return try body()
    }

    private func authorRow() throws(SQLiteError) -> Int64 {
        if let row = history.authorRow { return row }
        let author = history.author
        try database.run(
            "INSERT OR IGNORE INTO change_authors (client, program, account) VALUES (?, ?, ?)",
            .text(author.client), .text(author.program), .text(author.account ?? ""))
        let row =
            try database.scalar(
                "SELECT id FROM change_authors WHERE client = ? AND program = ? AND account = ?",
                .text(author.client), .text(author.program), .text(author.account ?? ""))?.integer ?? 0
        history.authorRow = row
        return row
    }

    // MARK: Reminders

    /// Before a reminder's row (`row`) is rewritten: records the change — completed, moved or
    /// otherwise changed — with a copy of what it was.
    func recordReminderUpdate(row: Int64, to reminder: Reminder) throws(SQLiteError) {
        let stored = try database.statement("SELECT completed, calendar FROM reminders WHERE id = ?")
        defer { stored.reset() }
        try stored.bind([.integer(row)])
        guard try stored.step() else { return }
        let wasCompleted = stored.int64(0) != 0
        let calendar = stored.text(1)
        stored.reset()
        let action: ItemChange.Action =
            !wasCompleted && reminder.isCompleted ? .completed : calendar != reminder.calendarIdentifier ? .moved : .changed
        let change = try recordChange(
            action, kind: .reminder, item: reminder.calendarItemIdentifier, title: reminder.title, calendar: reminder.calendarIdentifier,
            from: calendar, afterModified: reminder.lastModifiedDate)
        try copyReminder(row: row, into: change)
    }

    /// Before a reminder is deleted: records its removal and its subtasks' (which go with it) as
    /// parts of it, each with a copy.
    func recordReminderRemoval(identifier: String) throws(SQLiteError) {
        let statement = try database.statement("SELECT id, title, calendar FROM reminders WHERE identifier = ?")
        defer { statement.reset() }
        try statement.bind([.text(identifier)])
        guard try statement.step() else { return }
        let (row, title, calendar) = (statement.int64(0), statement.text(1) ?? "", statement.text(2))
        statement.reset()
        let change = try recordChange(.removed, kind: .reminder, item: identifier, title: title, calendar: calendar, afterModified: nil)
        try copyReminder(row: row, into: change)
        // A client's removal removes the subtasks first (they were staged first): they become
        // parts of their parent's removal, as those removed with it here are.
        try database.run(
            """
            UPDATE changes SET part_of = ?1 WHERE id IN (
                SELECT c.id FROM changes c JOIN change_reminders r ON r.change = c.id
                WHERE r.parent = ?2 AND c.action = 'removed' AND c.part_of IS NULL AND c.id < ?1
                    AND c.id > coalesce((SELECT id FROM changes WHERE item = ?2 AND id < ?1 ORDER BY id DESC LIMIT 1), 0))
            """, .integer(change), .text(identifier))
        let outer = history.partOf
        history.partOf = change
        defer { history.partOf = outer }
        for subtask in try subtaskRows(of: identifier) { try recordReminderRemoval(identifier: subtask) }
    }

    private func subtaskRows(of identifier: String) throws(SQLiteError) -> [String] {
        let statement = try database.statement("SELECT identifier FROM reminders WHERE parent = ? ORDER BY id")
        defer { statement.reset() }
        try statement.bind([.text(identifier)])
        var identifiers: [String] = []
        while try statement.step() { identifiers.append(statement.text(0) ?? "") }
        return identifiers
    }

    /// The copied columns, as named in `change_reminders`/`change_alarms` and as selected from
    /// `reminders r`/`alarms a`; made once, not on every copy.
    private static let copiedReminderColumns = ReminderColumn.allCases.map(\.name).joined(separator: ", ")
    private static let reminderColumnsOfR = ReminderColumn.allCases.map { "r.\($0.name)" }.joined(separator: ", ")
    private static let alarmColumns = [
        "position", "identifier", "relative_offset", "absolute_date", "location_title", "latitude", "longitude", "radius", "proximity",
        "relative_to", "fire_at", "fire_wall",
    ]
    private static let copiedAlarmColumns = alarmColumns.joined(separator: ", ")
    private static let alarmColumnsOfA = alarmColumns.map { "a.\($0)" }.joined(separator: ", ")

    /// Copies a reminder's row, alarms, kept calendar object and sync link into `change`.
    private func copyReminder(row: Int64, into change: Int64) throws(SQLiteError) {
        let columns = Self.copiedReminderColumns
        let prefixed = Self.reminderColumnsOfR
        try database.run(
            """
            INSERT INTO change_reminders (change, \(columns), icalendar, icalendar_href, sync_calendar, sync_href)
            SELECT ?, \(prefixed), i.text, i.href,
                (SELECT calendar FROM sync_items WHERE reminder = r.identifier LIMIT 1),
                (SELECT href FROM sync_items WHERE reminder = r.identifier LIMIT 1)
            FROM reminders r LEFT JOIN reminder_icalendar i ON i.reminder = r.id WHERE r.id = ?
            """, .integer(change), .integer(row))
        try database.run(
            "INSERT INTO change_alarms (change, \(Self.copiedAlarmColumns)) SELECT ?, \(Self.copiedAlarmColumns) FROM alarms WHERE reminder = ?",
            .integer(change), .integer(row))
    }

    // MARK: Lists and event calendars

    /// After a list or an event calendar is made.
    func recordCalendarInsert(_ calendar: ItemCalendar) throws(SQLiteError) {
        guard history.recording else { return }
        try recordChange(
            .created, kind: Self.kind(of: calendar.entityType), item: calendar.calendarIdentifier, title: calendar.title,
            calendar: calendar.calendarIdentifier,
            afterModified: nil)
    }

    /// Before a list is rewritten: records it when what a person sees of it changes (a sync
    /// rewrites every list it reads, mostly unchanged).
    func recordCalendarUpdate(_ calendar: ItemCalendar) throws(SQLiteError) {
        let unchanged =
            try database.scalar(
                "SELECT count(*) FROM calendars WHERE identifier = ? AND title = ? AND color = ? AND allows_modifications = ?",
                .text(calendar.calendarIdentifier), .text(calendar.title), .text(calendar.color),
                .integer(calendar.allowsContentModifications ? 1 : 0))?.integer ?? 0
        guard unchanged == 0 else { return }
        let change = try recordChange(
            .changed, kind: Self.kind(of: calendar.entityType), item: calendar.calendarIdentifier, title: calendar.title,
            calendar: calendar.calendarIdentifier,
            afterModified: nil)
        try copyCalendar(calendar.calendarIdentifier, into: change)
    }

    static func kind(of entityType: EntityType) -> ItemChange.Kind { entityType == .reminder ? .list : .calendar }

    /// Before a list or an event calendar is deleted: records its removal with a copy of it, its
    /// collection and its items' sync state, and each of its reminders' or events' removal as a
    /// part of it.
    func recordCalendarRemoval(identifier: String) throws(SQLiteError) {
        let statement = try database.statement("SELECT title, entity_type FROM calendars WHERE identifier = ?")
        defer { statement.reset() }
        try statement.bind([.text(identifier)])
        guard try statement.step() else { return }
        let title = statement.text(0) ?? ""
        let entityType = statement.text(1).flatMap(EntityType.init(rawValue:)) ?? .reminder
        statement.reset()
        let change = try recordChange(
            .removed, kind: Self.kind(of: entityType), item: identifier, title: title, calendar: identifier, afterModified: nil)
        try copyCalendar(identifier, into: change)
        try database.run(
            """
            INSERT INTO change_sync_items (change, href, etag, reminder, event, kind, synced_modified, parent_uid)
            SELECT ?, href, etag, reminder, event, kind, synced_modified, parent_uid FROM sync_items WHERE calendar = ?
            """, .integer(change), .text(identifier))
        guard entityType == .reminder else {
            let outer = history.partOf
            history.partOf = change
            defer { history.partOf = outer }
            try recordEventRemovals(inCalendar: identifier)
            return
        }
        // Each reminder a part of the list's removal, in one statement each rather than a few per reminder.
        try database.run(
            """
            INSERT INTO changes (part_of, time, author, action, kind, item, title, calendar)
            SELECT ?, ?, ?, 'removed', 'reminder', identifier, title, calendar FROM reminders WHERE calendar = ? ORDER BY id
            """, .integer(change), .integer(clock().milliseconds), .integer(try authorRow()), .text(identifier))
        let prefixed = Self.reminderColumnsOfR
        try database.run(
            """
            INSERT INTO change_reminders (change, \(Self.copiedReminderColumns), icalendar, icalendar_href, sync_calendar, sync_href)
            SELECT c.id, \(prefixed), i.text, i.href, NULL, NULL
            FROM changes c JOIN reminders r ON r.identifier = c.item LEFT JOIN reminder_icalendar i ON i.reminder = r.id
            WHERE c.part_of = ?
            """, .integer(change))
        let alarmColumns = Self.alarmColumnsOfA
        try database.run(
            """
            INSERT INTO change_alarms (change, \(Self.copiedAlarmColumns))
            SELECT c.id, \(alarmColumns) FROM changes c JOIN reminders r ON r.identifier = c.item JOIN alarms a ON a.reminder = r.id
            WHERE c.part_of = ?
            """, .integer(change))
    }

    private func copyCalendar(_ identifier: String, into change: Int64) throws(SQLiteError) {
        try database.run(
            """
            INSERT INTO change_calendars (change, identifier, source, title, color, type, allows_modifications, creation_date,
                entity_type, was_default, sync_account, sync_href, sync_token, sync_ctag, sync_title, sync_color)
            SELECT ?, c.identifier, c.source, c.title, c.color, c.type, c.allows_modifications, c.creation_date, c.entity_type,
                c.identifier IS (SELECT value FROM settings
                    WHERE key = CASE c.entity_type WHEN 'event' THEN 'defaultEventCalendar' ELSE 'defaultCalendar' END),
                s.account, s.href, s.sync_token, s.ctag, s.title, s.color
            FROM calendars c LEFT JOIN sync_collections s ON s.calendar = c.identifier WHERE c.identifier = ?
            """, .integer(change), .text(identifier))
    }
}
