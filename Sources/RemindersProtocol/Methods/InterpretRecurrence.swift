import JSONRPC
import RemindersJSON
import RemindersModel

/// `interpretRecurrence {text}` → `{recurrenceRule}`: how often, as a person says it ("every
/// monday", "every 2 weeks", "every month on the 1st"), or an RRULE, as one rule. Needs no access.
public enum InterpretRecurrence: RemindersMethod {
    public static let name = "interpretRecurrence"
    public static let summary =
        "How often, as a person says it (\"every monday\", \"every 2 weeks\", \"every month on the 1st\", \"weekdays\"), or an RRULE, as one recurrence rule: remindersd's, for front ends meant for people."
    public static let errors: [MethodError] = [.invalidParams()]

    public struct Params: MethodParams, Sendable {
        public static let properties: [ObjectRule.Property] = [
            .init("text", .string("The words, e.g. \"every weekday\", \"every other week\", \"FREQ=WEEKLY;BYDAY=MO\"."), required: true)
        ]
        public var text: String

        public init(text: String) { self.text = text }
        public init(_ params: Fields) throws(ResponseError) { text = try params.string("text") }
    }

    public struct Result: MethodResult, Sendable {
        public static let schema = CommonSchemas.result([("recurrenceRule", RecurrenceRuleSchemas.rule)])
        public var recurrenceRule: RecurrenceRule

        public init(recurrenceRule: RecurrenceRule) { self.recurrenceRule = recurrenceRule }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.key(static: "recurrenceRule")
            recurrenceRule.write(to: &writer)
            writer.endObject()
        }
    }
}
