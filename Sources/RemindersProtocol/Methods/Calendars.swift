import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `calendars {entityType?}` → `{calendars}`. Write-only clients see the default list only.
public enum Calendars: RemindersMethod {
    public static let name = "calendars"
    public static let summary = "The calendars of one kind: reminder lists, or event calendars (EKEventStore.calendars(for:))."
    public static let errors: [MethodError] = [.invalidParams(.invalidEntityType)]

    public typealias Params = EntityTypeParams

    public struct Result: ReadableMethodResult, Sendable {
        public static let schema = CommonSchemas.result([("calendars", .array(of: CalendarSchemas.calendar))])
        public var calendars: [ItemCalendar]
        public init(calendars: [ItemCalendar]) { self.calendars = calendars }
        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.key(static: "calendars")
            writer.beginArray()
            for calendar in calendars { calendar.write(to: &writer) }
            writer.endArray()
            writer.endObject()
        }
        public init(reading value: JSONValue, zone: TimeZone) throws(ResponseError) {
            calendars = try Self.fields(value).list("calendars", ItemCalendar.read)
        }
    }
}
