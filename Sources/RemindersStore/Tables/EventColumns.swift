import Foundation
import RemindersModel

/// The columns of `events`, declared once in one order, as `ReminderColumn` declares reminders':
/// the SELECT list, the INSERT and UPDATE statements, the values written and the row decoder all
/// follow it.
enum EventColumn: Int32, TableColumns {
    static let table = "events"

    case id, identifier, externalIdentifier, calendar, title, notes, url, locationTitle, latitude, longitude, radius
    case startDate, startAt, startWall, duration, availability, status, recurrence, exceptions, series, originalOccurrence
    case creationDate, lastModified, lastAlarmFire

    var name: String {
        switch self {
        case .id: return "id"
        case .identifier: return "identifier"
        case .externalIdentifier: return "external_identifier"
        case .calendar: return "calendar"
        case .title: return "title"
        case .notes: return "notes"
        case .url: return "url"
        case .locationTitle: return "location_title"
        case .latitude: return "latitude"
        case .longitude: return "longitude"
        case .radius: return "radius"
        case .startDate: return "start_date"
        case .startAt: return "start_at"
        case .startWall: return "start_wall"
        case .duration: return "duration"
        case .availability: return "availability"
        case .status: return "status"
        case .recurrence: return "recurrence"
        case .exceptions: return "exceptions"
        case .series: return "series"
        case .originalOccurrence: return "original_occurrence"
        case .creationDate: return "creation_date"
        case .lastModified: return "last_modified"
        case .lastAlarmFire: return "last_alarm_fire"
        }
    }

    /// Every column, then whether the event has alarms (column `hasAlarms`).
    static let select = "SELECT \(names(allCases)), EXISTS (SELECT 1 FROM event_alarms WHERE event = events.id) FROM events"
    static let hasAlarms = Int32(allCases.count)
    /// The columns a save writes: all but the row id.
    static let written = allCases.filter { $0 != .id }
    static let insertStatement = makeInsert(written)
    static let updateStatement = makeUpdate(written)

    /// What `event` stores in this column. The start is kept as components and, beside them, as
    /// `start_at` (an instant) for a zoned start or `start_wall` (wall-clock seconds) for a
    /// floating or all-day one, so a range fetch narrows by index, as reminders' due dates do.
    func value(of event: Event) -> SQLValue {
        switch self {
        case .id: return .null
        case .identifier: return .text(event.eventIdentifier)
        case .externalIdentifier: return .text(event.calendarItemExternalIdentifier)
        case .calendar: return .text(event.calendarIdentifier)
        case .title: return .text(event.title)
        case .notes: return event.notes.sql
        case .url: return event.url.sql
        case .locationTitle: return (event.structuredLocation?.title).sql
        case .latitude: return (event.structuredLocation?.geoLocation?.latitude).sql
        case .longitude: return (event.structuredLocation?.geoLocation?.longitude).sql
        case .radius: return (event.structuredLocation?.radius).sql
        case .startDate: return .text(event.start.storageText)
        case .startAt: return (event.start.isFloating ? nil : event.start.instant(in: TimeZone.utc).milliseconds).sql
        case .startWall: return (event.start.isFloating ? event.start.wallClockSeconds : nil).sql
        case .duration: return .integer(event.duration)
        case .availability: return .text(event.availability.rawValue)
        case .status: return .text(event.status.rawValue)
        case .recurrence: return (event.recurrenceRules.first?.rrule).sql
        case .exceptions: return event.exceptionDates.isEmpty ? .null : .text(event.exceptionDates.map(String.init).joined(separator: ","))
        case .series: return event.seriesIdentifier.sql
        case .originalOccurrence: return event.originalOccurrence.sql
        case .creationDate: return .integer(event.creationDate.milliseconds)
        case .lastModified: return .integer(event.lastModifiedDate.milliseconds)
        case .lastAlarmFire: return (event.lastAlarmFire?.milliseconds).sql
        }
    }

    /// Decodes a row selected with `select` (its alarms are read apart).
    static func event(from statement: Statement) -> Event {
        let row = EventRow(statement: statement)
        let start = row.text(.startDate).flatMap(ReminderDateComponents.init(storageText:)) ?? ReminderDateComponents(year: 1970, month: 1, day: 1)
        var event = Event(eventIdentifier: row.text(.identifier) ?? "", calendarIdentifier: row.text(.calendar) ?? "", title: row.text(.title) ?? "",
                          start: start, duration: row.int64(.duration), creationDate: Timestamp(milliseconds: row.int64(.creationDate)))
        event.calendarItemExternalIdentifier = row.text(.externalIdentifier) ?? event.eventIdentifier
        event.notes = row.text(.notes)
        event.url = row.text(.url)
        if let title = row.text(.locationTitle) {
            let geo = row.isNull(.latitude) ? nil : GeoLocation(latitude: row.double(.latitude), longitude: row.double(.longitude))
            event.structuredLocation = StructuredLocation(title: title, geoLocation: geo, radius: row.optionalDouble(.radius))
        }
        event.availability = EventAvailability(rawValue: row.text(.availability) ?? "") ?? .busy
        event.status = EventStatus(rawValue: row.text(.status) ?? "") ?? .none
        event.recurrenceRules = row.text(.recurrence).flatMap { try? RecurrenceRule(rrule: $0) }.map { [$0] } ?? []
        event.exceptionDates = (row.text(.exceptions) ?? "").split(separator: ",").compactMap { Int64($0) }
        event.seriesIdentifier = row.text(.series)
        event.originalOccurrence = row.optionalInt64(.originalOccurrence)
        event.lastModifiedDate = Timestamp(milliseconds: row.int64(.lastModified))
        return event
    }
}

/// A selected row read by event column (a wrapper, so that these names do not meet
/// `ReminderColumn`'s on `Statement`).
struct EventRow {
    let statement: Statement

    func text(_ column: EventColumn) -> String? { statement.text(column.rawValue) }
    func int64(_ column: EventColumn) -> Int64 { statement.int64(column.rawValue) }
    func optionalInt64(_ column: EventColumn) -> Int64? { statement.optionalInt64(column.rawValue) }
    func double(_ column: EventColumn) -> Double { statement.double(column.rawValue) }
    func optionalDouble(_ column: EventColumn) -> Double? { statement.optionalDouble(column.rawValue) }
    func isNull(_ column: EventColumn) -> Bool { statement.isNull(column.rawValue) }
}
