import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersServer

/// `create_event {title, start, end, allDay?, calendar?, location?, notes?, url?, recurrence?, alarms?}`: `saveEvent`.
enum CreateEvent: ToolDeclaration {
    typealias Method = SaveEvent
    static let name = "create_event"
    static let title = "Create an event"
    static let detail =
        "start and end: \(ReminderFields.dateForms). A wall-clock time is the person's, in their zone; days alone (or allDay) make an all-day event. Needs access to events."

    struct Input: MethodParams {
        static let properties: [ObjectRule.Property] = [
            .init("title", .string(StringRule(minimumBytes: 1)), required: true),
            .init("start", .string("When it starts."), required: true),
            .init("end", .string("When it ends (for allDay: its last day)."), required: true),
            .init("allDay", .boolean(description: "Whole days; absent: when start and end are days alone.")),
            .init("calendar", .string("An event calendar's title or identifier; absent: the default one.")),
            .init("location", .string("The place's name.")),
            .init("notes", .string()),
            .init("url", .string()),
            .init(
                "recurrence",
                .string(
                    "How it repeats, as a person says it (\"every monday\", \"every 2 weeks\", \"every weekday\") or an RFC 5545 RRULE such as FREQ=WEEKLY;BYDAY=MO,WE."
                )),
            .init("alarms", .array(of: AlarmSpec.schema), description: "before counts from the start."),
        ]
        var title: String
        var start: String
        var end: String
        var allDay: Bool?
        var calendar: String?
        var location: String?
        var notes: String?
        var url: String?
        var recurrence: String?
        var alarms: [AlarmSpec]?

        init(_ fields: Fields) throws(ResponseError) {
            title = try fields.string("title")
            start = try fields.string("start")
            end = try fields.string("end")
            allDay = try fields.optionalBool("allDay")
            calendar = try fields.optionalString("calendar")
            location = try fields.optionalString("location")
            notes = try fields.optionalString("notes")
            url = try fields.optionalString("url")
            recurrence = try fields.optionalString("recurrence")
            alarms = try fields.object["alarms"].flatMap { (value) throws(ResponseError) in
                value.isNull ? nil : try AlarmSpec.list(value, path: fields.pathOf("alarms"))
            }
        }
    }

    static func run(_ input: Input, _ call: ToolCall) throws(ToolFailure) -> SaveEvent.Result {
        let (start, end) = (input.start, input.end)
        let startDate = try ModelDates.components(start, field: "start", zone: call.zone, now: call.now)
        let endDate = try ModelDates.components(end, field: "end", zone: call.zone, now: call.now)
        // "2026-12-24" to "2026-12-25" means those days, as a person says it: all day.
        let startIsDay = startDate.isAllDay, endIsDay = endDate.isAllDay
        let allDay = input.allDay ?? (startIsDay && endIsDay)
        if !allDay, startIsDay {
            throw ToolFailure(field: "start", "a timed event needs a time as well as a day, e.g. \(start)T09:00 (or allDay: true)")
        }
        if !allDay, endIsDay { throw ToolFailure(field: "end", "a timed event needs a time as well as a day, e.g. \(end)T10:00 (or allDay: true)") }
        var changes = EventChanges()
        changes.title = .set(input.title)
        changes.isAllDay = .set(allDay)
        if allDay {
            let first = ItemDateComponents(year: startDate.year, month: startDate.month, day: startDate.day, hour: 0, minute: 0)
            let last = ItemDateComponents(year: endDate.year, month: endDate.month, day: endDate.day, hour: 12, minute: 0)
            changes.startDate = .set(first.instant(in: call.zone))
            changes.endDate = .set(last.instant(in: call.zone))
        } else {
            changes.startDate = .set(startDate.instant(in: call.zone))
            changes.endDate = .set(endDate.instant(in: call.zone))
            // A wall-clock time is the person's: kept floating, as they said it.
            if startDate.timeZone == nil { changes.timeZone = .clear }
        }
        if let calendar = input.calendar {
            changes.calendarIdentifier = .set(try call.listIdentifier(calendar, field: "calendar", entityType: .event))
        }
        if let location = input.location { changes.location = .set(location) }
        if let notes = input.notes { changes.notes = .set(notes) }
        if let url = input.url { changes.url = .set(url) }
        if let rule = input.recurrence {
            changes.recurrenceRules = .set([try ModelDates.rule(rule, field: "recurrence")])
        }
        if let specs = input.alarms {
            changes.alarms = .set(
                try specs.enumerated().map { index, spec throws(ToolFailure) in
                    try spec.draft(field: "alarms[\(index)]", zone: call.zone, now: call.now)
                })
        }
        return try call.call(SaveEvent.self, SaveEvent.Params(event: EventSave(identifier: nil, changes: changes)))
    }

    static func text(_ result: SaveEvent.Result, _ input: Input, _ call: ToolCall) -> String {
        let event = result.event.event
        return
            "Created the event \(event.title) on \(ReminderFields.dateText(result.event.start)) [\(event.seriesIdentifier ?? event.eventIdentifier)]"
    }
}
