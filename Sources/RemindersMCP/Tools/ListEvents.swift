import JSONRPC
import RemindersJSON
import RemindersModel
import RemindersServer

/// `list_events {start, end, calendar?, limit?, cursor?}`: `fetchEvents`, dates as a model writes them.
enum ListEvents: ToolDeclaration {
    static let name = "list_events"
    static let title = "List events"
    static let method = MethodNames.fetchEvents
    static let detail = "start and end: \(ReminderFields.dateForms); a day means its start. Needs access to events."
    static let input: [ObjectRule.Property] = [
        .init("start", .string("From (inclusive)."), required: true),
        .init("end", .string("Until (exclusive); at most four years after start."), required: true),
        .init("calendar", .string("An event calendar's title or identifier: only its events.")),
        .init("limit", MethodCatalog.param(of: method, "limit")),
        .init("cursor", MethodCatalog.param(of: method, "cursor")),
    ]

    static func run(_ call: ToolCall) throws(ToolFailure) -> JSONValue {
        var params: JSONObject = ["start": .string(try ModelDates.boundary(call.string("start") ?? "", field: "start", zone: call.zone)),
                                  "end": .string(try ModelDates.boundary(call.string("end") ?? "", field: "end", zone: call.zone))]
        if let calendar = call.string("calendar") {
            params["calendarIdentifiers"] = [.string(try call.listIdentifier(calendar, field: "calendar", entityType: "event"))]
        }
        if let limit = call.arguments["limit"], !limit.isNull { params["limit"] = limit }
        if let cursor = call.string("cursor") { params["cursor"] = .string(cursor) }
        return try call.call(method, .object(params))
    }

    /// An all-day event's first day as the person reads it (its start is 00:00 in their zone).
    private static func localDay(_ instant: String?, _ call: ToolCall) -> String {
        guard let instant, let date = Timestamp(rfc3339: instant) else { return "" }
        let day = ItemDateComponents.wallClock(of: date, in: call.zone)
        return ReminderFields.dateText(["year": .integer(Int64(day.year)), "month": .integer(Int64(day.month)), "day": .integer(Int64(day.day))])
    }

    static func text(_ result: JSONValue, _ call: ToolCall) -> String {
        let events = result["events"]?.arrayValue ?? []
        guard !events.isEmpty else { return "No events in that range." }
        return "\(events.count) event\(events.count == 1 ? "" : "s"):\n" + events.map { event in
            let when = event["isAllDay"]?.boolValue == true ? "all day " + localDay(event["startDate"]?.stringValue, call)
                : (event["startDate"]?.stringValue ?? "")
            return "- \(when): \((event["title"]?.stringValue ?? "").replacingOccurrences(of: "\n", with: " ")) [\(event["eventIdentifier"]?.stringValue ?? "")]"
        }.joined(separator: "\n")
    }
}
