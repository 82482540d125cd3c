import JSONRPC
import RemindersServer

/// `create_event {title, start, end, allDay?, calendar?, location?, notes?, url?, recurrence?, alarms?}`: `saveEvent`.
enum CreateEvent: ToolDeclaration {
    static let name = "create_event"
    static let title = "Create an event"
    static let method = MethodNames.saveEvent
    static let detail = "start and end: \(ReminderFields.dateForms). A wall-clock time is the person's, in their zone; days alone (or allDay) make an all-day event. Needs access to events."
    static let input: [ObjectRule.Property] = [
        .init("title", .string(StringRule(minimumBytes: 1)), required: true),
        .init("start", .string("When it starts."), required: true),
        .init("end", .string("When it ends (for allDay: its last day)."), required: true),
        .init("allDay", .boolean(description: "Whole days; absent: when start and end are days alone.")),
        .init("calendar", .string("An event calendar's title or identifier; absent: the default one.")),
        .init("location", .string("The place's name.")),
        .init("notes", .string()),
        .init("url", .string()),
        .init("recurrence", .string("An RFC 5545 RRULE such as FREQ=WEEKLY;BYDAY=MO,WE.")),
        .init("alarms", .array(of: AlarmSpec.schema), description: "before counts from the start."),
    ]

    static func run(_ call: ToolCall) throws(ToolFailure) -> JSONValue {
        let start = call.string("start") ?? "", end = call.string("end") ?? ""
        // "2026-12-24" to "2026-12-25" means those days, as a person says it: all day.
        let startIsDay = try isDay(start, field: "start"), endIsDay = try isDay(end, field: "end")
        let allDay = call.arguments["allDay"]?.boolValue ?? (startIsDay && endIsDay)
        if !allDay, startIsDay { throw ToolFailure(field: "start", "a timed event needs a time as well as a day, e.g. \(start)T09:00 (or allDay: true)") }
        if !allDay, endIsDay { throw ToolFailure(field: "end", "a timed event needs a time as well as a day, e.g. \(end)T10:00 (or allDay: true)") }
        var event: JSONObject = ["title": call.arguments["title"] ?? .null, "isAllDay": .bool(allDay)]
        if allDay {
            event["startDate"] = .string(try ModelDates.instant(String(start.prefix(10)) + "T00:00", field: "start", zone: call.zone))
            event["endDate"] = .string(try ModelDates.instant(String(end.prefix(10)) + "T12:00", field: "end", zone: call.zone))
        } else {
            event["startDate"] = .string(try ModelDates.instant(start, field: "start", zone: call.zone))
            event["endDate"] = .string(try ModelDates.instant(end, field: "end", zone: call.zone))
            // A wall-clock time is the person's: kept floating, as they said it.
            if case .wallClock = try ModelDates.parse(start, field: "start") { event["timeZone"] = .null }
        }
        if let calendar = call.string("calendar") {
            event["calendarIdentifier"] = .string(try call.listIdentifier(calendar, field: "calendar", entityType: "event"))
        }
        for (argument, member) in [("location", "location"), ("notes", "notes"), ("url", "url")] {
            if let value = call.arguments[argument], !value.isNull { event[member] = value }
        }
        if let rule = call.string("recurrence") { event["recurrenceRules"] = [["rrule": .string(rule)]] }
        if let specs = call.arguments["alarms"]?.arrayValue {
            event["alarms"] = .array(try specs.enumerated().map { index, spec throws(ToolFailure) in
                try AlarmSpec.alarm(spec, field: "alarms[\(index)]", zone: call.zone)
            })
        }
        return try call.call(method, ["event": .object(event)])
    }

    private static func isDay(_ text: String, field: String) throws(ToolFailure) -> Bool {
        if case .day = try ModelDates.parse(text, field: field) { return true }
        return false
    }

    static func text(_ result: JSONValue, _ call: ToolCall) -> String {
        let event = result["event"] ?? [:]
        return "Created the event \(event["title"]?.stringValue ?? "") at \(event["startDate"]?.stringValue ?? "") [\(event["eventIdentifier"]?.stringValue ?? "")]"
    }
}
