import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `exportICalendar {calendarIdentifiers?}` → `{text}`: one VCALENDAR with the lists' reminders
/// (VTODOs) and the named event calendars' events (VEVENTs).
public enum ExportICalendar: RemindersMethod {
    public static let name = "exportICalendar"
    public static let summary =
        "The reminders of some lists (or of all) as VTODOs, and the events of the event calendars named as VEVENTs, in one iCalendar (RFC 5545) text."
    public static let errors: [MethodError] = [.notFound]

    public struct Params: WritableMethodParams {
        public static let properties: [ObjectRule.Property] = [
            .init("calendarIdentifiers", .array(of: CommonSchemas.identifier), description: "Absent: every list.")
        ]
        /// Absent: every list.
        public var calendarIdentifiers: [String]?

        public init(calendarIdentifiers: [String]? = nil) {
            self.calendarIdentifiers = calendarIdentifiers
        }

        public init(_ params: Fields) throws(ResponseError) { calendarIdentifiers = try params.optionalStrings("calendarIdentifiers") }
        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            if let calendarIdentifiers { writer.field("calendarIdentifiers", calendarIdentifiers) }
            writer.endObject()
        }
    }

    public struct Result: ReadableMethodResult {
        public static let schema = CommonSchemas.result([("text", .string("A VCALENDAR: CRLF line ends, folded lines."))])
        public var text: String

        public init(text: String) {
            self.text = text
        }
        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.field("text", text)
            writer.endObject()
        }
        public init(reading value: JSONValue, zone: TimeZone) throws(ResponseError) { text = try Self.fields(value).string("text") }
    }
}
