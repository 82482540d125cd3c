import Foundation
import RemindersJSONRPC
import RemindersModel

extension EventOccurrence {
    /// EKEvent's members, always present (null when unset); dates as instants read in `zone`.
    public func write(to writer: inout JSONWriter, zone: TimeZone) {
        writer.beginObject()
        writer.field("eventIdentifier", event.seriesIdentifier ?? event.eventIdentifier)
        writer.field("calendarItemIdentifier", event.eventIdentifier)
        writer.field("calendarItemExternalIdentifier", event.calendarItemExternalIdentifier)
        writer.field("calendarIdentifier", event.calendarIdentifier)
        writer.field("title", event.title)
        writer.field("notes", event.notes)
        writer.field("url", event.url)
        writer.field("location", event.location)
        writer.key(static: "structuredLocation")
        if let place = event.structuredLocation { place.write(to: &writer) } else { writer.null() }
        writer.field("startDate", startDate(in: zone))
        writer.field("endDate", endDate(in: zone))
        writer.field("isAllDay", event.isAllDay)
        writer.field("timeZone", event.timeZone)
        writer.field("availability", event.availability.rawValue)
        writer.field("status", event.status.rawValue)
        writer.key(static: "alarms")
        writer.beginArray()
        for alarm in event.alarms { alarm.write(to: &writer) }
        writer.endArray()
        writer.key(static: "recurrenceRules")
        writer.beginArray()
        for rule in event.recurrenceRules { rule.write(to: &writer) }
        writer.endArray()
        writer.field("occurrenceDate", occurrenceStart.instant(in: zone))
        writer.field("isDetached", event.isDetached)
        writer.field("creationDate", event.creationDate)
        writer.field("lastModifiedDate", event.lastModifiedDate)
        writer.field("hasAlarms", event.hasAlarms)
        writer.field("hasNotes", event.hasNotes)
        writer.field("hasRecurrenceRules", event.hasRecurrenceRules)
        writer.key(static: "attendees")
        writer.beginArray()
        for attendee in event.attendees { attendee.write(to: &writer) }
        writer.endArray()
        writer.key(static: "organizer")
        if let organizer = event.organizer { organizer.write(to: &writer) } else { writer.null() }
        writer.field("hasAttendees", event.hasAttendees)
        writer.endObject()
    }
}

/// A `saveEvent`'s `event`: which event (and occurrence) it is about, and what changes.
public struct EventSave: Sendable {
    public var identifier: String?
    public var occurrenceDate: Timestamp?
    public var lastModifiedDate: Timestamp?
    public var changes: EventChanges

    public init(identifier: String?, occurrenceDate: Timestamp? = nil, lastModifiedDate: Timestamp? = nil, changes: EventChanges) {
        (self.identifier, self.occurrenceDate, self.lastModifiedDate, self.changes) = (identifier, occurrenceDate, lastModifiedDate, changes)
    }

    public init(_ fields: Fields) throws(ResponseError) {
        identifier = try fields.optionalString("eventIdentifier")
        occurrenceDate = try fields.optionalTimestamp("occurrenceDate")
        lastModifiedDate = try fields.optionalTimestamp("lastModifiedDate")
        var changes = EventChanges()
        try fields.readCommonChanges(into: &changes)
        changes.structuredLocation = try fields.change("structuredLocation") { (value, path) throws(ResponseError) in
            try StructuredLocation.decode(try Fields.object(value, path: path))
        }
        changes.startDate = try fields.change("startDate", Fields.timestamp)
        changes.endDate = try fields.change("endDate", Fields.timestamp)
        changes.isAllDay = try fields.change("isAllDay", Fields.bool)
        changes.timeZone = try fields.change("timeZone", Fields.string)
        changes.availability = try fields.change("availability") { (value, path) throws(ResponseError) in
            try Fields.enumValue(value, path: path, EventAvailability.self)
        }
        changes.status = try fields.change("status") { (value, path) throws(ResponseError) in
            try Fields.enumValue(value, path: path, EventStatus.self)
        }
        changes.alarms = try fields.change("alarms", AlarmDraft.decodeList)
        changes.recurrenceRules = try fields.change("recurrenceRules", RecurrenceRule.decodeList)
        if identifier == nil, changes.title.isKeep { throw fields.invalid("title", "a new event needs a title") }
        self.changes = changes
    }
}

extension EventSave {
    /// As `init(_:)` reads it: the members that change, null for those cleared.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        if let identifier { writer.field("eventIdentifier", identifier) }
        if let occurrenceDate { writer.field("occurrenceDate", occurrenceDate) }
        if let lastModifiedDate { writer.field("lastModifiedDate", lastModifiedDate) }
        writer.writeCommonChanges(changes)
        writer.change("structuredLocation", changes.structuredLocation) { $1.write(to: &$0) }
        writer.change("startDate", changes.startDate)
        writer.change("endDate", changes.endDate)
        writer.change("isAllDay", changes.isAllDay)
        writer.change("timeZone", changes.timeZone)
        writer.change("availability", changes.availability) { $0.string($1.rawValue) }
        writer.change("status", changes.status) { $0.string($1.rawValue) }
        writer.change("alarms", changes.alarms) { writer, alarms in writer.array(alarms) { $1.write(to: &$0) } }
        writer.change("recurrenceRules", changes.recurrenceRules) { writer, rules in writer.array(rules) { $1.write(to: &$0) } }
        writer.endObject()
    }
}

extension EventOccurrence {
    /// An occurrence as `write(to:zone:)` wrote it, its dates read in the same `zone`: what the
    /// store keeps beyond the protocol (the exceptions of a series) is not in it.
    public init(reading fields: Fields, zone: TimeZone) throws(ResponseError) {
        let isAllDay = try fields.bool("isAllDay")
        let timeZone = try fields.optionalString("timeZone")
        // The form of the event's dates: a day, a wall-clock time in its zone, or floating.
        func components(_ instant: Timestamp) -> ItemDateComponents {
            let wallZone = timeZone.flatMap(TimeZone.init(identifier:)) ?? zone
            var date = ItemDateComponents.wallClock(of: instant, in: isAllDay ? zone : wallZone)
            if isAllDay { (date.hour, date.minute, date.second) = (nil, nil, nil) } else { date.timeZone = timeZone }
            return date
        }
        let startDate = try fields.timestamp("startDate"), endDate = try fields.timestamp("endDate")
        let start = components(startDate)
        // An all-day event ends at 23:59:59 of its last day: its length is whole wall-clock days.
        let duration =
            isAllDay
            ? (components(endDate.advanced(by: 1000)).instant(in: .utc).milliseconds - start.instant(in: .utc).milliseconds)
            : endDate.milliseconds - startDate.milliseconds
        var event = Event(
            eventIdentifier: try fields.string("calendarItemIdentifier"), calendarIdentifier: try fields.string("calendarIdentifier"),
            title: try fields.string("title"), start: start, duration: duration, creationDate: try fields.timestamp("creationDate"))
        event.calendarItemExternalIdentifier = try fields.string("calendarItemExternalIdentifier")
        event.notes = try fields.optionalString("notes")
        event.url = try fields.optionalString("url")
        event.structuredLocation = try fields.optionalObject("structuredLocation").map { (nested) throws(ResponseError) in
            try StructuredLocation.decode(nested)
        }
        event.availability = try fields.enumValue("availability", EventAvailability.self)
        event.status = try fields.enumValue("status", EventStatus.self)
        event.alarms = try fields.list("alarms", Alarm.read)
        event.recurrenceRules = try fields.list("recurrenceRules", RecurrenceRule.read)
        event.lastModifiedDate = try fields.timestamp("lastModifiedDate")
        if try fields.bool("isDetached") { event.seriesIdentifier = try fields.string("eventIdentifier") }
        event.attendees = try fields.list("attendees", Participant.read)
        event.organizer = try fields.optionalObject("organizer").map { (nested) throws(ResponseError) in try Participant(reading: nested) }
        self.init(event: event, start: start, occurrenceStart: components(try fields.timestamp("occurrenceDate")))
    }

    public static func read(_ value: JSONValue, path: String, zone: TimeZone) throws(ResponseError) -> EventOccurrence {
        try EventOccurrence(reading: try Fields.object(value, path: path), zone: zone)
    }
}
