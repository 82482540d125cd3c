import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `saveCalendar {calendar}` → `{calendar}`: creates a list (no identifier) or changes one, at once.
public enum SaveCalendar: RemindersMethod {
    public static let name = "saveCalendar"
    public static let summary = "Creates a reminder list or changes one (EKEventStore.saveCalendar(_:commit:)); saved at once."
    public static let errors: [MethodError] = [.notFound]

    public struct Params: MethodParams, Sendable {
        public static let properties: [ObjectRule.Property] = [.init("calendar", CalendarSchemas.calendarInput, required: true, subject: true)]
        public var calendar: CalendarChanges

        public init(calendar: CalendarChanges) { self.calendar = calendar }
        public init(_ params: Fields) throws(ResponseError) { calendar = try CalendarChanges(try params.object("calendar")) }
    }

    public struct Result: MethodResult, Sendable {
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
    }
}
