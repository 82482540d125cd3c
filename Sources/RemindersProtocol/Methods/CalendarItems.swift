import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `calendarItems {externalIdentifier}` → `{reminders}` (external identifiers may repeat).
public enum CalendarItems: RemindersMethod {
    public static let name = "calendarItems"
    public static let summary = "The reminders with a sync identifier (EKEventStore.calendarItems(withExternalIdentifier:))."
    public struct Params: WritableMethodParams {
        public static let properties: [ObjectRule.Property] = [.init("externalIdentifier", .string("An iCalendar UID."), required: true)]
        public var externalIdentifier: String

        public init(externalIdentifier: String) {
            self.externalIdentifier = externalIdentifier
        }
        public init(_ params: Fields) throws(ResponseError) { externalIdentifier = try params.string("externalIdentifier") }
        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.field("externalIdentifier", externalIdentifier)
            writer.endObject()
        }
    }

    public struct Result: ReadableMethodResult {
        public static let schema = CommonSchemas.result([("reminders", .array(of: ReminderSchemas.reminder))])
        public var reminders: [Reminder]

        public init(reminders: [Reminder]) {
            self.reminders = reminders
        }
        public func write(to writer: inout JSONWriter) { RemindersResult.write(reminders, nextCursor: nil, to: &writer) }
        public func pieces(isCancelled: @escaping @Sendable () -> Bool) throws -> [[UInt8]] {
            try RemindersResult.pieces(reminders, isCancelled: isCancelled)
        }
        public init(reading value: JSONValue, zone: TimeZone) throws(ResponseError) {
            reminders = try Self.fields(value).list("reminders", Reminder.read)
        }
    }
}
