import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersServer

/// `update_event {id, occurrence?, span?, title?, start?, end?, calendar?, location?, notes?, url?}`:
/// changes an event, or occurrences of a repeating one (`saveEvent`); a repeating event without a
/// span is refused. A new start without an end keeps the event's length.
enum UpdateEvent: ToolDeclaration {
    typealias Method = SaveEvent
    static let name = "update_event"
    static let title = "Change an event"
    static let detail =
        "For a repeating event give span: thisEvent changes only the occurrence (occurrence: its day or start; absent: the first), futureEvents it and every later one. start and end: \(ReminderFields.dateForms); a new start alone keeps the length. Needs access to events."
    static let isIdempotent = true

    struct Input: MethodParams {
        static let properties: [ObjectRule.Property] =
            EventTarget.properties + [
                .init("title", .string(StringRule(minimumBytes: 1))),
                .init("start", .string("When it starts now.")),
                .init("end", .string("When it ends now (all-day: its last day).")),
                .init("calendar", .string("Move it to this event calendar (title or identifier).")),
                .init("location", .string("The place's name.")),
                .init("notes", .string()),
                .init("url", .string()),
            ]
        var id: String
        var occurrence: String?
        var span: EventSpan?
        var title: String?
        var start: String?
        var end: String?
        var calendar: String?
        var location: String?
        var notes: String?
        var url: String?

        init(_ fields: Fields) throws(ResponseError) {
            (id, occurrence, span) = try EventTarget.read(fields)
            title = try fields.optionalString("title")
            start = try fields.optionalString("start")
            end = try fields.optionalString("end")
            calendar = try fields.optionalString("calendar")
            location = try fields.optionalString("location")
            notes = try fields.optionalString("notes")
            url = try fields.optionalString("url")
        }
    }

    static func run(_ input: Input, _ call: ToolCall) throws(ToolFailure) -> SaveEvent.Result {
        let target = try EventTarget.resolve(id: input.id, occurrence: input.occurrence, span: input.span, call)
        var changes = EventChanges()
        if let title = input.title { changes.title = .set(title) }
        try moveDates(input, target.occurrence, into: &changes, call)
        if let calendar = input.calendar {
            changes.calendarIdentifier = .set(try call.listIdentifier(calendar, field: "calendar", entityType: .event))
        }
        if let location = input.location { changes.location = .set(location) }
        if let notes = input.notes { changes.notes = .set(notes) }
        if let url = input.url { changes.url = .set(url) }
        let save = EventSave(identifier: input.id, occurrenceDate: target.occurrenceDate, changes: changes)
        return try call.call(SaveEvent.self, SaveEvent.Params(event: save, span: target.span))
    }

    /// The new start and end, of the event's kind: days for an all-day event, times for a timed one
    /// (a wall-clock time read in the event's own zone, which it keeps).
    private static func moveDates(_ input: Input, _ occurrence: EventOccurrence, into changes: inout EventChanges, _ call: ToolCall)
        throws(ToolFailure)
    {
        guard input.start != nil || input.end != nil else { return }
        let event = occurrence.event
        let zone = event.timeZone.flatMap(TimeZone.init(identifier:)) ?? call.zone
        func read(_ text: String, _ field: String) throws(ToolFailure) -> ItemDateComponents {
            let date = try ModelDates.components(text, field: field, zone: zone, now: call.now)
            if event.isAllDay, !date.isAllDay { throw ToolFailure(field: field, "\"\(event.title)\" lasts whole days: give a day, e.g. 2027-01-04") }
            if !event.isAllDay, date.isAllDay { throw ToolFailure(field: field, "\"\(event.title)\" has times: give one, e.g. \(text) 09:00") }
            return date
        }
        let start = try input.start.map { (text) throws(ToolFailure) in try read(text, "start") } ?? occurrence.start
        let end = try input.end.map { (text) throws(ToolFailure) in try read(text, "end") }
        if event.isAllDay {
            let first = ItemDateComponents(year: start.year, month: start.month, day: start.day, hour: 0, minute: 0)
            let last =
                end.map { ItemDateComponents(year: $0.year, month: $0.month, day: $0.day, hour: 12, minute: 0) }
                ?? first.shifted(byWallClockSeconds: max(event.duration / 1000 - 86_400, 0) + 43_200)
            changes.startDate = .set(first.instant(in: call.zone))
            changes.endDate = .set(last.instant(in: call.zone))
        } else {
            let startInstant = start.instant(in: zone)
            changes.startDate = .set(startInstant)
            changes.endDate = .set(end?.instant(in: zone) ?? startInstant.advanced(by: event.duration))
        }
    }

    static func text(_ result: SaveEvent.Result, _ input: Input, _ call: ToolCall) -> String {
        "Changed:\n" + GetEvent.describe(result.event, call)
    }
}
