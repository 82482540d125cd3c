import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `interpretRecurrence {text}` → `{recurrenceRule, text, firstOccurrence}`: how often, as a
/// person says it ("every monday 7am", "every 2 weeks", "every month on the 1st"), or an RRULE, as
/// one rule, said back in words, and its first occurrence when the words say when. Needs no access.
public enum InterpretRecurrence: RemindersMethod {
    public static let name = "interpretRecurrence"
    public static let summary =
        "How often, as a person says it (\"every monday\", \"every 2 weeks\", \"every month on the 1st\", \"weekdays\"), or an RRULE, as one recurrence rule: remindersd's, for front ends meant for people."
    public static let errors: [MethodError] = [.invalidParams()]

    public struct Params: WritableMethodParams, Sendable {
        public static let properties: [ObjectRule.Property] = [
            .init("text", .string("The words, e.g. \"every weekday\", \"every other week\", \"FREQ=WEEKLY;BYDAY=MO\"."), required: true)
        ]
        public var text: String

        public init(text: String) { self.text = text }
        public init(_ params: Fields) throws(ResponseError) { text = try params.string("text") }
        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.field("text", text)
            writer.endObject()
        }
    }

    public struct Result: ReadableMethodResult, Sendable {
        public static let schema = CommonSchemas.result([
            ("recurrenceRule", RecurrenceRuleSchemas.rule),
            ("text", .string("The repetition as a person reads it back: \"every Monday at 07:00\", \"every month on the 1st\".")),
            // When the words say when (a weekday, a day of the month, a time: "every monday 7am"), the first occurrence from now in
            // the client's zone, for a due date or start when none is given; null when they say only how often.
            ("firstOccurrence", .nullable(DateComponentsSchema.schema)),
        ])
        public var recurrenceRule: RecurrenceRule
        public var text: String
        public var firstOccurrence: ItemDateComponents?

        public init(recurrenceRule: RecurrenceRule, text: String, firstOccurrence: ItemDateComponents?) {
            (self.recurrenceRule, self.text, self.firstOccurrence) = (recurrenceRule, text, firstOccurrence)
        }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.key(static: "recurrenceRule")
            recurrenceRule.write(to: &writer)
            writer.field("text", text)
            writer.key(static: "firstOccurrence")
            if let firstOccurrence { firstOccurrence.write(to: &writer) } else { writer.null() }
            writer.endObject()
        }

        public init(reading value: JSONValue, zone: TimeZone) throws(ResponseError) {
            let fields = try Self.fields(value)
            let first = try fields.optionalObject("firstOccurrence").map { (nested) throws(ResponseError) in
                try ItemDateComponents.decode(.object(nested.object), path: nested.path)
            }
            self.init(
                recurrenceRule: try RecurrenceRule.read(fields.object["recurrenceRule"] ?? .null, path: "result.recurrenceRule"),
                text: try fields.string("text"), firstOccurrence: first)
        }
    }
}
