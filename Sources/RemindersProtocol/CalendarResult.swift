import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `{calendar}`: one calendar, or null.
public struct CalendarResult: ReadableMethodResult, Sendable {
    public static let schema = CommonSchemas.result([("calendar", .nullable(CalendarSchemas.calendar))])
    public var calendar: ItemCalendar?

    public init(calendar: ItemCalendar? = nil) {
        self.calendar = calendar
    }

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key(static: "calendar")
        if let calendar { calendar.write(to: &writer) } else { writer.null() }
        writer.endObject()
    }

    public init(reading value: JSONValue, zone: TimeZone) throws(ResponseError) {
        calendar = try Self.fields(value).optionalObject("calendar").map { (nested) throws(ResponseError) in try ItemCalendar(reading: nested) }
    }
}
