import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `saveCalendar {calendar}` → `{calendar}`: creates a list (no identifier) or changes one, at once.
public enum SaveCalendar: RemindersMethod {
    public static let name = "saveCalendar"
    public static let summary = "Creates a reminder list or changes one (EKEventStore.saveCalendar(_:commit:)); saved at once."
    public static let errors: [MethodError] = [.notFound]

    public struct Params: WritableMethodParams, Sendable {
        public static let properties: [ObjectRule.Property] = [.init("calendar", CalendarSchemas.calendarInput, required: true, subject: true)]
        public var calendar: CalendarChanges

        public init(calendar: CalendarChanges) { self.calendar = calendar }
        public init(_ params: Fields) throws(ResponseError) { calendar = try CalendarChanges(try params.object("calendar")) }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.key(static: "calendar")
            calendar.write(to: &writer)
            writer.endObject()
        }
    }

    public struct Result: ReadableMethodResult, Sendable {
        public static let schema = CommonSchemas.result([("calendar", CalendarSchemas.calendar)])
        public var calendar: ItemCalendar

        public init(calendar: ItemCalendar) {
            self.calendar = calendar
        }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.key(static: "calendar")
            calendar.write(to: &writer)
            writer.endObject()
        }

        public init(reading value: JSONValue, zone: TimeZone) throws(ResponseError) {
            let fields = try Self.fields(value)
            calendar = try ItemCalendar(reading: try fields.object("calendar"))
        }
    }
}
