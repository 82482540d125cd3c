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
