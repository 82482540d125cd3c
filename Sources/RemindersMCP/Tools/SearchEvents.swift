import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersServer

/// `search_events {text, start?, end?, calendar?}`: the occurrences in a range whose title, notes
/// or place hold the words (`fetchEvents`, filtered), ignoring case and accents.
enum SearchEvents: ToolDeclaration {
    typealias Method = FetchEvents
    static let name = "search_events"
    static let title = "Search events"
    static let detail =
        "Only those whose title, notes or place hold every word of text (ignoring case and accents). start and end: \(ReminderFields.dateForms); default a year back and a year ahead; the first 10,000 occurrences of the range are searched. Needs access to events."
    /// The occurrences read at most, a page of fetchEvents' largest.
    static let scanned = Int(FetchEvents.maximumLimit)

    struct Input: MethodParams {
        static let properties: [ObjectRule.Property] = [
            .init("text", .string("The words to find."), required: true),
            .init("start", .string("From (inclusive); default a year ago.")),
            .init("end", .string("Until (exclusive); default a year from now.")),
            .init("calendar", .string("An event calendar's title or identifier: only its events.")),
        ]
        var text: String
        var start: String?
        var end: String?
        var calendar: String?

        init(_ fields: Fields) throws(ResponseError) {
            text = try fields.string("text")
            guard !words(text).isEmpty else { throw ResponseError.invalidParams("text has no words to find", field: "text") }
            start = try fields.optionalString("start")
            end = try fields.optionalString("end")
            calendar = try fields.optionalString("calendar")
        }
    }

    static func words(_ text: String) -> [String] {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).split(whereSeparator: \.isWhitespace).map(String.init)
    }

    static func run(_ input: Input, _ call: ToolCall) throws(ToolFailure) -> FetchEvents.Result {
        let now = call.now
        let year: Int64 = 365 * 86_400_000
        let start = try input.start.map { (text) throws(ToolFailure) in try ModelDates.boundary(text, field: "start", zone: call.zone, now: call.now)
        }
        let end = try input.end.map { (text) throws(ToolFailure) in try ModelDates.boundary(text, field: "end", zone: call.zone, now: call.now) }
        let calendars = try input.calendar.map { (name) throws(ToolFailure) in [try call.listIdentifier(name, field: "calendar", entityType: .event)]
        }
        let params: FetchEvents.Params
        do throws(ResponseError) {
            params = try FetchEvents.Params(
                start: start ?? Timestamp(milliseconds: now.milliseconds - year), end: end ?? Timestamp(milliseconds: now.milliseconds + year),
                calendarIdentifiers: calendars, limit: scanned)
        } catch {
            throw ToolFailure(error)
        }
        var result = try call.call(FetchEvents.self, params)
        let wanted = words(input.text)
        result.events = result.events.filter { occurrence in
            let event = occurrence.event
            let haystack = [event.title, event.notes ?? "", event.structuredLocation?.title ?? ""].joined(separator: "\n")
                .folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            return wanted.allSatisfy { haystack.contains($0) }
        }
        // A filtered page is no page of fetchEvents': its cursor would skip what the filter dropped.
        result.nextCursor = nil
        return result
    }

    static func text(_ result: FetchEvents.Result, _ input: Input, _ call: ToolCall) -> String {
        guard !result.events.isEmpty else { return "No events match \"\(input.text)\" in that range." }
        return ListEvents.lines(result.events)
    }
}
