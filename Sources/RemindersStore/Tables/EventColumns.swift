import Foundation
import RemindersModel

/// The columns of `events`, declared once in one order, as `ReminderColumn` declares reminders':
/// the SELECT list, the INSERT and UPDATE statements, the values written and the row decoder all
/// follow it.
enum EventColumn: Int32, TableColumns {
    static let table = "events"

    case id, identifier, externalIdentifier, calendar, title, notes, url, locationTitle, latitude, longitude, radius
    case startDate, startAt, startWall, duration, availability, status, recurrence, exceptions, series, originalOccurrence
    case creationDate, lastModified, lastAlarmFire, participants

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
        case .participants: return "participants"
        }
    }

    /// Every column, then whether the event has alarms (column `hasAlarms`) and, for an event with
    /// participants, the address of the account its calendar syncs with (its `address`, else
    /// its username: `accountLogin`, who `isCurrentUser` is).
    static let select = """
        SELECT \(names(allCases)), EXISTS (SELECT 1 FROM event_alarms WHERE event = events.id),
            CASE WHEN participants IS NULL THEN NULL ELSE (
                SELECT coalesce(a.address, a.username) FROM sync_collections s JOIN accounts a ON a.name = s.account WHERE s.calendar = events.calendar) END
        FROM events
        """
    static let hasAlarms = Int32(allCases.count)
    static let accountLogin = Int32(allCases.count + 1)
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
        case .participants: return event.participantsStorageText.sql
        }
    }

    /// Decodes a row selected with `select` (its alarms are read apart).
    static func event(from statement: Statement) throws(SQLiteError) -> Event {
        var row = Row<EventColumn>(statement)
        let identifier = try row.text(.identifier)
        row.name = identifier
        guard let start = try row.parsed(.startDate, as: "a date", ItemDateComponents.init(storageText:)) else {
            throw row.corrupt(.startDate, "is empty (NULL)")
        }
        var event = Event(
            eventIdentifier: identifier, calendarIdentifier: try row.text(.calendar), title: try row.text(.title),
            start: start, duration: try row.integer(.duration), creationDate: Timestamp(milliseconds: try row.integer(.creationDate)))
        event.calendarItemExternalIdentifier = try row.text(.externalIdentifier)
        event.notes = try row.optionalText(.notes)
        event.url = try row.optionalText(.url)
        if let title = try row.optionalText(.locationTitle) {
            let latitude = try row.optionalReal(.latitude), longitude = try row.optionalReal(.longitude)
            let geo = latitude.flatMap { latitude in longitude.map { GeoLocation(latitude: latitude, longitude: $0) } }
            event.structuredLocation = StructuredLocation(title: title, geoLocation: geo, radius: try row.optionalReal(.radius))
        }
        event.availability = try row.parsed(.availability, as: "an availability", EventAvailability.init(rawValue:)) ?? .busy
        event.status = try row.parsed(.status, as: "a status", EventStatus.init(rawValue:)) ?? .none
        event.recurrenceRules = try row.parsed(.recurrence, as: "a recurrence rule") { try? RecurrenceRule(rrule: $0) }.map { [$0] } ?? []
        event.exceptionDates =
            try row.parsed(.exceptions, as: "exception dates") { text in
                let dates = text.split(separator: ",").map { Int64($0) }
                return dates.contains(nil) ? nil : dates.compactMap { $0 }
            } ?? []
        event.seriesIdentifier = try row.optionalText(.series)
        event.originalOccurrence = try row.optionalInteger(.originalOccurrence)
        event.lastModifiedDate = Timestamp(milliseconds: try row.integer(.lastModified))
        if let text = try row.optionalText(.participants), !event.readParticipants(storageText: text) {
            throw row.corrupt(.participants, "holds participants it cannot read")
        }
        return event
    }
}
