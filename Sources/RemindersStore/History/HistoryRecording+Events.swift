import RemindersModel

/// Writing the history of events as `HistoryRecording` writes reminders': where the event rows
/// are written, with a copy of what an overwritten or removed event was (`change_events`,
/// `change_event_alarms`). A series' detached occurrences go with it when it is removed, so their
/// removals are parts of the series', as a reminder's subtasks' are of the reminder's.
extension CalendarStore {
    /// After an event (or a detached occurrence) is made.
    func recordEventInsert(_ event: Event) throws(SQLiteError) {
        guard history.recording else { return }
        try recordChange(
            .created, kind: .event, item: event.eventIdentifier, title: event.title, calendar: event.calendarIdentifier,
            afterModified: event.lastModifiedDate)
    }

    /// Before an event's row (`row`) is rewritten: records the change — moved to another
    /// calendar or otherwise changed — with a copy of what it was.
    func recordEventUpdate(row: Int64, to event: Event) throws(SQLiteError) {
        let calendar = try database.scalar("SELECT calendar FROM events WHERE id = ?", .integer(row))?.text
        let action: ItemChange.Action = calendar != nil && calendar != event.calendarIdentifier ? .moved : .changed
        let change = try recordChange(
            action, kind: .event, item: event.eventIdentifier, title: event.title, calendar: event.calendarIdentifier,
            from: calendar, afterModified: event.lastModifiedDate)
        try copyEvent(row: row, into: change)
    }

    /// Before an event is deleted: records its removal with a copy, and its detached
    /// occurrences' as parts of it.
    func recordEventRemoval(identifier: String) throws(SQLiteError) {
        let statement = try database.statement("SELECT id, title, calendar FROM events WHERE identifier = ?")
        defer { statement.reset() }
        try statement.bind([.text(identifier)])
        guard try statement.step() else { return }
        let (row, title, calendar) = (statement.int64(0), statement.text(1) ?? "", statement.text(2))
        statement.reset()
        let change = try recordChange(.removed, kind: .event, item: identifier, title: title, calendar: calendar, afterModified: nil)
        try copyEvent(row: row, into: change)
        // A client's removal of a series removes its detached occurrences first (they were staged
        // first): they become parts of the series' removal, as those removed with it here are.
        try database.run(
            """
            UPDATE changes SET part_of = ?1 WHERE id IN (
                SELECT c.id FROM changes c JOIN change_events e ON e.change = c.id
                WHERE e.series = ?2 AND c.action = 'removed' AND c.part_of IS NULL AND c.id < ?1
                    AND c.id > coalesce((SELECT id FROM changes WHERE item = ?2 AND id < ?1 ORDER BY id DESC LIMIT 1), 0))
            """, .integer(change), .text(identifier))
        let outer = history.partOf
        history.partOf = change
        defer { history.partOf = outer }
        for occurrence in try identifiers("SELECT identifier FROM events WHERE series = ? ORDER BY id", identifier) {
            try recordEventRemoval(identifier: occurrence)
        }
    }

    /// Each event of a calendar being removed, a part of its removal (a series with its detached occurrences).
    func recordEventRemovals(inCalendar calendar: String) throws(SQLiteError) {
        for event in try identifiers("SELECT identifier FROM events WHERE calendar = ? AND series IS NULL ORDER BY id", calendar) {
            try recordEventRemoval(identifier: event)
        }
    }

    private func identifiers(_ query: String, _ value: String) throws(SQLiteError) -> [String] {
        let statement = try database.statement(query)
        defer { statement.reset() }
        try statement.bind([.text(value)])
        var identifiers: [String] = []
        while try statement.step() { identifiers.append(statement.text(0) ?? "") }
        return identifiers
    }

    /// The copied columns, as named in `change_events` and as selected from `events e`; made once.
    private static let copiedEventColumns = EventColumn.allCases.map(\.name).joined(separator: ", ")
    private static let eventColumnsOfE = EventColumn.allCases.map { "e.\($0.name)" }.joined(separator: ", ")
    private static let copiedAlarmColumns = [
        "position", "identifier", "relative_offset", "absolute_date", "location_title", "latitude", "longitude", "radius", "proximity",
        "relative_to", "fire_at", "fire_wall",
    ].joined(separator: ", ")

    /// Copies an event's row, alarms, kept calendar object and sync link into `change`.
    private func copyEvent(row: Int64, into change: Int64) throws(SQLiteError) {
        try database.run(
            """
            INSERT INTO change_events (change, \(Self.copiedEventColumns), icalendar, sync_calendar, sync_href)
            SELECT ?, \(Self.eventColumnsOfE), (SELECT text FROM event_icalendar WHERE event = e.identifier),
                (SELECT calendar FROM sync_items WHERE event = e.identifier LIMIT 1),
                (SELECT href FROM sync_items WHERE event = e.identifier LIMIT 1)
            FROM events e WHERE e.id = ?
            """, .integer(change), .integer(row))
        try database.run(
            """
            INSERT INTO change_event_alarms (change, \(Self.copiedAlarmColumns))
            SELECT ?, \(Self.copiedAlarmColumns) FROM event_alarms WHERE event = ?
            """, .integer(change), .integer(row))
    }

    /// What change `id` found an event to be, when it copied it.
    func copiedEvent(madeBy id: Int64) throws(SQLiteError) -> Event? {
        let statement = try database.statement("SELECT \(Self.copiedEventColumns) FROM change_events WHERE change = ?")
        defer { statement.reset() }
        try statement.bind([.integer(id)])
        guard try statement.step() else { return nil }
        var event = try EventColumn.event(from: statement)
        statement.reset()
        event.alarms = try alarms(in: "change_event_alarms", owner: "change", row: id)
        return event
    }
}
