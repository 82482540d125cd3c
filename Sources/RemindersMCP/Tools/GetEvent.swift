import RemindersDatePhrases
import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersServer

/// `get_event {id, occurrence?}`: one event, or one occurrence of a repeating one (`event`).
enum GetEvent: ToolDeclaration {
    typealias Method = EventMethod
    static let name = "get_event"
    static let title = "Get an event"
    static let detail = "`id` as list_events gives it; occurrence: its day or start. Needs access to events."

    struct Input: MethodParams {
        static let properties: [ObjectRule.Property] = Array(EventTarget.properties.prefix(2))
        var id: String
        var occurrence: String?
        init(_ fields: Fields) throws(ResponseError) {
            id = try fields.string("id")
            occurrence = try fields.optionalString("occurrence")
        }
    }

    static func run(_ input: Input, _ call: ToolCall) throws(ToolFailure) -> EventMethod.Result {
        // Naming an occurrence of a repeating event is what a span is for; reading needs none.
        let target = try EventTarget.resolve(id: input.id, occurrence: input.occurrence, span: input.occurrence == nil ? nil : .thisEvent, call)
        return EventMethod.Result(event: target.occurrence, zone: call.zone)
    }

    static func text(_ result: EventMethod.Result, _ input: Input, _ call: ToolCall) -> String {
        guard let occurrence = result.event else { return "" }
        return describe(occurrence, call)
    }

    static func describe(_ occurrence: EventOccurrence, _ call: ToolCall) -> String {
        let event = occurrence.event
        var lines = ["\(event.title.replacingOccurrences(of: "\n", with: " ")) [\(event.seriesIdentifier ?? event.eventIdentifier)]"]
        lines.append("Starts \(ReminderFields.dateText(occurrence.start))")
        if !event.isAllDay { lines.append("Ends \(ReminderFields.instantText(occurrence.endDate(in: call.zone), zone: call.zone))") }
        if let rule = event.recurrenceRules.first {
            lines.append("Repeats \(RepeatText.words(rule, start: event.isAllDay ? event.start : occurrence.start, zone: call.zone)) (\(rule.rrule))")
        }
        if let location = event.location { lines.append("At \(location)") }
        if let notes = event.notes, !notes.isEmpty { lines.append("Notes: \(notes)") }
        return lines.joined(separator: "\n")
    }
}
