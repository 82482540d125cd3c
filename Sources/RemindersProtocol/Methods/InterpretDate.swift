import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `interpretDate {text}` → `{dateComponents, allDay, text, note}`: a date as a person says it
/// ("tomorrow 9am", "in 3 days", "next monday", "the 15th"), read now in the client's zone by the
/// one grammar every front end for people uses. Needs no access: it reads nothing of the store.
public enum InterpretDate: RemindersMethod {
    public static let name = "interpretDate"
    public static let summary =
        "A date as a person says it (\"tomorrow 9am\", \"in 3 days\", \"next monday\", \"end of month\"), read now in the client's zone: remindersd's, for front ends meant for people."
    public static let errors: [MethodError] = [.invalidParams()]

    public struct Params: WritableMethodParams, Sendable {
        public static let properties: [ObjectRule.Property] = [
            .init("text", .string("The words, e.g. \"tomorrow 9am\", \"in 2 weeks\", \"2026-12-24T09:00\"."), required: true)
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
            ("dateComponents", DateComponentsSchema.schema),
            ("allDay", .boolean(description: "A day without a time.")),
            ("text", .string("The date as the person will read it back, with its weekday: \"Mon 2026-12-07 09:00 (floating)\".")),
            ("note", .nullable(.string("Why the date is read other than written (a time a daylight-saving change skips); null otherwise."))),
        ])
        public var dateComponents: ItemDateComponents
        public var text: String
        public var note: String?

        public init(dateComponents: ItemDateComponents, text: String, note: String?) {
            (self.dateComponents, self.text, self.note) = (dateComponents, text, note)
        }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.key(static: "dateComponents")
            dateComponents.write(to: &writer)
            writer.field("allDay", dateComponents.isAllDay)
            writer.field("text", text)
            writer.key(static: "note")
            if let note { writer.string(note) } else { writer.null() }
            writer.endObject()
        }

        public init(reading value: JSONValue, zone: TimeZone) throws(ResponseError) {
            let fields = try Self.fields(value)
            self.init(
                dateComponents: try ItemDateComponents.decode(fields.object["dateComponents"] ?? .null, path: "result.dateComponents"),
                text: try fields.string("text"), note: try fields.optionalString("note"))
        }
    }
}
