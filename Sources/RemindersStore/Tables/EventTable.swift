import Foundation
import RemindersModel

/// Event rows (a series or one event each; a detached occurrence names its series), with their alarms.
extension CalendarStore {
    /// The columns, by name, in the order every statement here lists them.
    private static let eventColumns = [
        "id", "identifier", "external_identifier", "calendar", "title", "notes", "url", "location_title", "latitude", "longitude",
        "radius", "start_date", "duration", "availability", "status", "recurrence", "exceptions", "series", "original_occurrence",
        "creation_date", "last_modified",
    ]
    private static let eventSelect = "SELECT " + eventColumns.joined(separator: ", ")
        + ", EXISTS (SELECT 1 FROM event_alarms WHERE event = events.id) FROM events"

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
            let statement = try self.database.statement("""
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
            try self.database.scalar("SELECT max(last_modified) FROM events WHERE identifier = ? OR series = ?", .text(identifier), .text(identifier))?
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
        return try events(where: """
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
            let statement = try self.database.statement(Self.eventSelect + " WHERE " + condition)
            defer { statement.reset() }
            try statement.bind(values)
            var rows: [(Int64, Event, Bool)] = []
            while try statement.step() {
                rows.append((statement.int64(0), Self.event(from: statement), statement.int64(Int32(Self.eventColumns.count)) != 0))
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

    private static func event(from row: Statement) -> Event {
        let start = row.text(11).flatMap(ReminderDateComponents.init(storageText:)) ?? ReminderDateComponents(year: 1970, month: 1, day: 1)
        var event = Event(eventIdentifier: row.text(1) ?? "", calendarIdentifier: row.text(3) ?? "", title: row.text(4) ?? "",
                          start: start, duration: row.int64(12), creationDate: Timestamp(milliseconds: row.int64(19)))
        event.calendarItemExternalIdentifier = row.text(2) ?? event.eventIdentifier
        event.notes = row.text(5)
        event.url = row.text(6)
        if let title = row.text(7) {
            let geo = row.isNull(8) ? nil : GeoLocation(latitude: row.double(8), longitude: row.double(9))
            event.structuredLocation = StructuredLocation(title: title, geoLocation: geo, radius: row.optionalDouble(10))
        }
        event.availability = EventAvailability(rawValue: row.text(13) ?? "") ?? .busy
        event.status = EventStatus(rawValue: row.text(14) ?? "") ?? .none
        event.recurrenceRules = (row.text(15)).flatMap { try? RecurrenceRule(rrule: $0) }.map { [$0] } ?? []
        event.exceptionDates = (row.text(16) ?? "").split(separator: ",").compactMap { Int64($0) }
        event.seriesIdentifier = row.text(17)
        event.originalOccurrence = row.optionalInt64(18)
        event.lastModifiedDate = Timestamp(milliseconds: row.int64(20))
        return event
    }

    private static func values(of event: Event) -> [SQLValue] {
        let location = event.structuredLocation
        return [
            .text(event.eventIdentifier), .text(event.calendarItemExternalIdentifier), .text(event.calendarIdentifier), .text(event.title),
            event.notes.sql, event.url.sql, (location?.title).sql, (location?.geoLocation?.latitude).sql, (location?.geoLocation?.longitude).sql,
            (location?.radius).sql, .text(event.start.storageText),
            (event.start.isFloating ? nil : event.start.instant(in: TimeZone.utc).milliseconds).sql,
            (event.start.isFloating ? event.start.wallClockSeconds : nil).sql,
            .integer(event.duration), .text(event.availability.rawValue), .text(event.status.rawValue),
            (event.recurrenceRules.first?.rrule).sql,
            event.exceptionDates.isEmpty ? .null : .text(event.exceptionDates.map(String.init).joined(separator: ",")),
            event.seriesIdentifier.sql, event.originalOccurrence.sql,
            .integer(event.creationDate.milliseconds), .integer(event.lastModifiedDate.milliseconds),
            (event.lastAlarmFire?.milliseconds).sql,
        ]
    }

    private static let writtenColumns = [
        "identifier", "external_identifier", "calendar", "title", "notes", "url", "location_title", "latitude", "longitude", "radius",
        "start_date", "start_at", "start_wall", "duration", "availability", "status", "recurrence", "exceptions", "series",
        "original_occurrence", "creation_date", "last_modified", "last_alarm_fire",
    ]

    func insertEvent(_ event: Event) throws(StoreError) {
        try sqlite { () throws(SQLiteError) in
            let marks = Array(repeating: "?", count: Self.writtenColumns.count).joined(separator: ", ")
            try self.database.run("INSERT INTO events (\(Self.writtenColumns.joined(separator: ", "))) VALUES (\(marks))", values: Self.values(of: event))
            try self.insertAlarms(of: event, eventRow: self.database.lastInsertRowID)
        }
    }

    /// Rewrites a stored event and its alarms; false when there is none with its identifier.
    func updateEvent(_ event: Event) throws(StoreError) -> Bool {
        try sqlite { () throws(SQLiteError) in
            guard let row = try self.database.scalar("SELECT id FROM events WHERE identifier = ?", .text(event.eventIdentifier))?.integer else {
                return false
            }
            let assignments = Self.writtenColumns.map { "\($0) = ?" }.joined(separator: ", ")
            try self.database.run("UPDATE events SET \(assignments) WHERE id = ?", values: Self.values(of: event) + [.integer(row)])
            try self.database.run("DELETE FROM event_alarms WHERE event = ?", .integer(row))
            try self.insertAlarms(of: event, eventRow: row)
            return true
        }
    }

    /// Removes an event (a series with its detached occurrences); false when there was none.
    func deleteEvent(identifier: String) throws(StoreError) -> Bool {
        try sqlite { () throws(SQLiteError) in
            try self.database.run("DELETE FROM events WHERE identifier = ?", .text(identifier))
            return self.database.changes > 0
        }
    }
}
