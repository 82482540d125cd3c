import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersServer

/// `list_events {start, end, calendar?, limit?, cursor?}`: `fetchEvents`, dates as a model writes them.
enum ListEvents: ToolDeclaration {
    typealias Method = FetchEvents
    static let name = "list_events"
    static let title = "List events"
    static let detail = "start and end: \(ReminderFields.dateForms); a day means its start. Needs access to events."

    struct Input: MethodParams {
        static let properties: [ObjectRule.Property] = [
            .init("start", .string("From (inclusive)."), required: true),
            .init("end", .string("Until (exclusive); at most four years after start."), required: true),
            .init("calendar", .string("An event calendar's title or identifier: only its events.")),
            .init("limit", FetchEvents.param("limit")),
            .init("cursor", FetchEvents.param("cursor")),
        ]
        var start: String
        var end: String
        var calendar: String?
        var limit: Int?
        var cursor: String?

        init(_ fields: Fields) throws(ResponseError) {
            start = try fields.string("start")
            end = try fields.string("end")
            calendar = try fields.optionalString("calendar")
            limit = try fields.optionalInt("limit")
            cursor = try fields.optionalString("cursor")
        }
    }

    static func run(_ input: Input, _ call: ToolCall) throws(ToolFailure) -> FetchEvents.Result {
        let start = try ModelDates.boundary(input.start, field: "start", zone: call.zone, now: call.now)
        let end = try ModelDates.boundary(input.end, field: "end", zone: call.zone, now: call.now)
        let calendars = try input.calendar.map { (name) throws(ToolFailure) in [try call.listIdentifier(name, field: "calendar", entityType: .event)]
        }
        let params: FetchEvents.Params
        do throws(ResponseError) {
            params = try FetchEvents.Params(start: start, end: end, calendarIdentifiers: calendars, limit: input.limit, cursor: input.cursor)
        } catch {
            throw ToolFailure(error)
        }
        return try call.call(FetchEvents.self, params)
    }

    /// An all-day event's first day as the person reads it (its start is 00:00 in their zone).
    static func text(_ result: FetchEvents.Result, _ input: Input, _ call: ToolCall) -> String {
        guard !result.events.isEmpty else { return "No events in that range." }
        return lines(result.events)
    }

    /// "N events:" and a line each, as list_events and search_events say them.
    static func lines(_ events: [EventOccurrence]) -> String {
        "\(events.count) event\(events.count == 1 ? "" : "s"):\n"
            + events.map { occurrence in
                let when = ReminderFields.dateText(occurrence.start)
                let series = occurrence.event.seriesIdentifier ?? occurrence.event.eventIdentifier
                return "- \(when): \(occurrence.event.title.replacingOccurrences(of: "\n", with: " ")) [\(series)]"
            }.joined(separator: "\n")
    }
}
