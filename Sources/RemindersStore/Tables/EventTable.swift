import Foundation
import RemindersModel

/// Event rows (a series or one event each; a detached occurrence names its series; their columns
/// are declared in `EventColumn`), with their alarms.
extension CalendarStore {
    public func event(identifier: String) throws(StoreError) -> Event? {
        try events(where: "identifier = ?", .text(identifier)).first
    }

    /// The series (not detached occurrences) with this sync identifier (iCalendar UID).
    public func events(externalIdentifier: String) throws(StoreError) -> [Event] {
        try events(where: "external_identifier = ? AND series IS NULL ORDER BY id", .text(externalIdentifier))
    }

    /// The occurrences replaced by detached ones, by series, for these series (one query for all).
    public func replacedOccurrences(ofSeries series: [String]) throws(StoreError) -> [String: Set<Int64>] {
        guard !series.isEmpty else { return [:] }
        return try sqlite { () throws(SQLiteError) in
            let marks = Array(repeating: "?", count: series.count).joined(separator: ", ")
            let statement = try self.database.statement(
                """
                SELECT series, original_occurrence FROM events WHERE series IN (\(marks)) AND original_occurrence IS NOT NULL
                """)
            defer { statement.reset() }
            try statement.bind(series.map { .text($0) })
            var replaced: [String: Set<Int64>] = [:]
            while try statement.step() { replaced[statement.text(0) ?? "", default: []].insert(statement.int64(1)) }
            return replaced
        }
    }

    /// The detached occurrences of a series.
    public func detachedOccurrences(of series: String) throws(StoreError) -> [Event] {
        try events(where: "series = ? ORDER BY original_occurrence", .text(series))
    }

    /// When a series last changed here: the latest `lastModifiedDate` of it and its detached
    /// occurrences (nil when there is no such series).
    public func lastChange(ofSeries identifier: String) throws(StoreError) -> Timestamp? {
        try sqlite { () throws(SQLiteError) in
            try self.database.scalar(
                "SELECT max(last_modified) FROM events WHERE identifier = ? OR series = ?", .text(identifier), .text(identifier))?
                .integer.map(Timestamp.init(milliseconds:))
        }
    }

    /// Every series (and single event) of these calendars, detached occurrences left to their series.
    public func series(inCalendars calendars: [String]) throws(StoreError) -> [Event] {
        guard !calendars.isEmpty else { return [] }
        let marks = Array(repeating: "?", count: calendars.count).joined(separator: ", ")
        return try events(where: "calendar IN (\(marks)) AND series IS NULL ORDER BY id", calendars.map { .text($0) })
    }

    /// The events of these calendars that may have an occurrence in `from..<to`: every series and
    /// every detached occurrence (which may replace one in the range from outside it), and the
    /// single events whose start — a floating one's read in any zone, ±14 hours — meets it.
    public func events(inCalendars calendars: [String], overlapping from: Timestamp, to: Timestamp) throws(StoreError) -> [Event] {
        guard !calendars.isEmpty else { return [] }
        let marks = Array(repeating: "?", count: calendars.count).joined(separator: ", ")
        let slack: Int64 = 14 * 3_600_000
        return try events(
            where: """
                calendar IN (\(marks)) AND (recurrence IS NOT NULL OR series IS NOT NULL
                    OR (coalesce(start_at, start_wall * 1000 - \(slack)) < ? AND coalesce(start_at, start_wall * 1000 + \(slack)) + duration + 86400000 > ?))
                ORDER BY id
                """, calendars.map { .text($0) } + [.integer(to.milliseconds), .integer(from.milliseconds)])
    }

    func events(where condition: String, _ values: SQLValue...) throws(StoreError) -> [Event] {
        try events(where: condition, values)
    }

    private func events(where condition: String, _ values: [SQLValue]) throws(StoreError) -> [Event] {
        try sqlite { () throws(SQLiteError) in
            let statement = try self.database.statement(EventColumn.select + " WHERE " + condition)
            defer { statement.reset() }
            try statement.bind(values)
            var rows: [(Int64, Event, Bool)] = []
            while try statement.step() {
                var event = try EventColumn.event(from: statement)
                if let login = statement.text(EventColumn.accountLogin) { event.markCurrentUser(login: login) }
                rows.append((statement.int64(EventColumn.id.rawValue), event, statement.int64(EventColumn.hasAlarms) != 0))
            }
            statement.reset()
            let alarms = try self.alarms(in: "event_alarms", owner: "event", rows: rows.filter(\.2).map(\.0))
            return rows.map { row, event, _ in
                var event = event
                event.alarms = alarms[row] ?? []
                return event
            }
        }
    }

    func insertEvent(_ event: Event) throws(StoreError) {
        try sqlite { () throws(SQLiteError) in
            try self.database.run(EventColumn.insertStatement, values: EventColumn.written.map { $0.value(of: event) })
            try self.insertAlarms(of: event, eventRow: self.database.lastInsertRowID)
            try self.recordEventInsert(event)
        }
    }

    /// Rewrites a stored event and its alarms; false when there is none with its identifier.
    func updateEvent(_ event: Event) throws(StoreError) -> Bool {
        return try sqlite { () throws(SQLiteError) in
            guard let row = try self.database.scalar("SELECT id FROM events WHERE identifier = ?", .text(event.eventIdentifier))?.integer else {
                return false
            }
            try self.recordEventUpdate(row: row, to: event)
            try self.database.run(EventColumn.updateStatement, values: EventColumn.written.map { $0.value(of: event) } + [.integer(row)])
            try self.database.run("DELETE FROM event_alarms WHERE event = ?", .integer(row))
            try self.insertAlarms(of: event, eventRow: row)
            return true
        }
    }

    /// Removes an event (a series with its detached occurrences); false when there was none.
    func deleteEvent(identifier: String) throws(StoreError) -> Bool {
        return try sqlite { () throws(SQLiteError) in
            try self.recordEventRemoval(identifier: identifier)
            try self.database.run("DELETE FROM events WHERE identifier = ?", .text(identifier))
            return self.database.changes > 0
        }
    }
}
