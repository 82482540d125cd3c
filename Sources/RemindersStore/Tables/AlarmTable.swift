import Foundation
import RemindersModel

/// Alarm rows, in the order the reminder (or event) lists them.
extension CalendarStore {
    func insertAlarms(of reminder: Reminder, reminderRow: Int64) throws(SQLiteError) {
        guard !reminder.alarms.isEmpty else { return }
        let statement = try database.statement(
            """
            INSERT INTO alarms (reminder, position, identifier, relative_offset, absolute_date, location_title,
                latitude, longitude, radius, proximity, relative_to, fire_at, fire_wall)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        defer { statement.reset() }
        for (position, alarm) in reminder.alarms.enumerated() {
            statement.reset()
            let fires = FireTime(alarm, due: reminder.dueDateComponents, start: reminder.startDateComponents)
            try statement.bind(
                [.integer(reminderRow), .integer(Int64(position))] + Self.values(of: alarm) + [fires.instant.sql, fires.wallClock.sql])
            while try statement.step() {}
        }
    }

    /// An event's alarm rows (`event_alarms`), in order; with their fire time unless the event is
    /// a series (whose relative alarms fire at every occurrence).
    func insertAlarms(of event: Event, eventRow: Int64) throws(SQLiteError) {
        guard !event.alarms.isEmpty else { return }
        let statement = try database.statement(
            """
            INSERT INTO event_alarms (event, position, identifier, relative_offset, absolute_date, location_title,
                latitude, longitude, radius, proximity, relative_to, fire_at, fire_wall)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        defer { statement.reset() }
        for (position, alarm) in event.alarms.enumerated() {
            statement.reset()
            let start = event.recurrenceRules.isEmpty ? event.start : nil
            let fires = FireTime(alarm, due: start, start: start)
            try statement.bind([.integer(eventRow), .integer(Int64(position))] + Self.values(of: alarm) + [fires.instant.sql, fires.wallClock.sql])
            while try statement.step() {}
        }
    }

    /// identifier, relative_offset, absolute_date, location_title, latitude, longitude, radius, proximity, relative_to.
    private static func values(of alarm: Alarm) -> [SQLValue] {
        let location = alarm.structuredLocation
        return [
            .text(alarm.alarmIdentifier), alarm.relativeOffset.sql, (alarm.absoluteDate?.milliseconds).sql, (location?.title).sql,
            (location?.geoLocation?.latitude).sql, (location?.geoLocation?.longitude).sql, (location?.radius).sql,
            .text(alarm.proximity.rawValue), (alarm.isRelativeToStart ? "start" : alarm.followsEnd ? "end" : nil).sql,
        ]
    }

    func alarms(reminderRow: Int64) throws(SQLiteError) -> [Alarm] { try alarms(in: "alarms", owner: "reminder", row: reminderRow) }

    /// The alarms of one reminder (`alarms`) or event (`event_alarms`), in their order.
    func alarms(in table: String, owner: String, row: Int64) throws(SQLiteError) -> [Alarm] {
        let statement = try database.statement("SELECT \(AlarmColumn.selectList(owner: owner)) FROM \(table) WHERE \(owner) = ? ORDER BY position")
        defer { statement.reset() }
        try statement.bind([.integer(row)])
        var alarms: [Alarm] = []
        while try statement.step() { alarms.append(try Self.alarm(from: statement, of: table)) }
        return alarms
    }

    /// The alarms of many reminders or events, by row, in their order: a query per 500 owners,
    /// not one per owner.
    func alarms(in table: String, owner: String, rows: [Int64]) throws(SQLiteError) -> [Int64: [Alarm]] {
        var alarms: [Int64: [Alarm]] = [:]
        var start = 0
        while start < rows.count {
            let chunk = rows[start..<min(start + 500, rows.count)]
            start += chunk.count
            let statement = try database.statement(
                """
                SELECT \(AlarmColumn.selectList(owner: owner))
                FROM \(table) WHERE \(owner) IN (\(Array(repeating: "?", count: chunk.count).joined(separator: ", "))) ORDER BY \(owner), position
                """)
            defer { statement.reset() }
            try statement.bind(chunk.map { .integer($0) })
            while try statement.step() { alarms[statement.int64(0), default: []].append(try Self.alarm(from: statement, of: table)) }
        }
        return alarms
    }

    /// An alarm from a row selected with `AlarmColumn.selectList`.
    private static func alarm(from statement: Statement, of table: String) throws(SQLiteError) -> Alarm {
        var row = Row<AlarmColumn>(statement, of: table)
        let identifier = try row.text(.identifier)
        row.name = identifier
        let trigger: Alarm.Trigger
        var followsEnd = false
        if let offset = try row.optionalReal(.relativeOffset) {
            let relativeTo = try row.optionalText(.relativeTo)
            trigger = relativeTo == "start" ? .relativeToStart(offset: offset) : .relative(offset: offset)
            followsEnd = relativeTo == "end"
        } else if let date = try row.optionalInteger(.absoluteDate) {
            trigger = .absolute(Timestamp(milliseconds: date))
        } else {
            guard let title = try row.optionalText(.locationTitle) else {
                throw row.corrupt(.locationTitle, "is empty (NULL) in an alarm with no time")
            }
            let latitude = try row.optionalReal(.latitude), longitude = try row.optionalReal(.longitude)
            let geo = latitude.flatMap { latitude in longitude.map { GeoLocation(latitude: latitude, longitude: $0) } }
            let location = StructuredLocation(title: title, geoLocation: geo, radius: try row.optionalReal(.radius))
            trigger = .location(location, try row.parsed(.proximity, as: "a proximity", AlarmProximity.init(rawValue:)) ?? .none)
        }
        return Alarm(alarmIdentifier: identifier, trigger: trigger, followsEnd: followsEnd)
    }
}

/// When a time alarm fires, as the `fire_at` / `fire_wall` columns keep it: an instant, or — for a
/// relative alarm of a floating or all-day date — a wall-clock time (milliseconds, read as UTC)
/// that each reader places in its own zone. Neither for a location alarm, a relative one without
/// the date it counts from (a reminder's due date, or its start), or one of an event series.
struct FireTime {
    var instant: Int64?
    var wallClock: Int64?

    init(_ alarm: Alarm, due: ItemDateComponents?, start: ItemDateComponents?) {
        switch alarm.trigger {
        case .absolute(let date):
            instant = date.milliseconds
        case .relative(let offset):
            place(offset, from: due)
        case .relativeToStart(let offset):
            place(offset, from: start)
        case .location:
            break
        }
    }

    private mutating func place(_ offset: Double, from date: ItemDateComponents?) {
        guard let date else { return }
        let offset = Int64((offset * 1000).rounded())
        if date.isFloating {
            wallClock = date.wallClockSeconds * 1000 + offset
        } else {
            instant = date.instant(in: TimeZone.utc).milliseconds + offset
        }
    }
}

/// The columns an alarm is read from, in `alarms` and `event_alarms` alike (the first is its
/// owner's row: `reminder` or `event`).
enum AlarmColumn: Int32, TableColumns {
    static let table = "alarms"

    case owner, identifier, relativeOffset, absoluteDate, locationTitle, latitude, longitude, radius, proximity, relativeTo

    var name: String {
        switch self {
        case .owner: return "owner"
        case .identifier: return "identifier"
        case .relativeOffset: return "relative_offset"
        case .absoluteDate: return "absolute_date"
        case .locationTitle: return "location_title"
        case .latitude: return "latitude"
        case .longitude: return "longitude"
        case .radius: return "radius"
        case .proximity: return "proximity"
        case .relativeTo: return "relative_to"
        }
    }

    static func selectList(owner: String) -> String { ([owner] + allCases.dropFirst().map(\.name)).joined(separator: ", ") }
}
