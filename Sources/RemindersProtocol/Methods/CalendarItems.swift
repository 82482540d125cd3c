import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `calendarItems {externalIdentifier}` → `{reminders}` (external identifiers may repeat).
public enum CalendarItems: RemindersMethod {
    public static let name = "calendarItems"
    public static let summary = "The reminders with a sync identifier (EKEventStore.calendarItems(withExternalIdentifier:))."
    public struct Params: MethodParams {
        public static let properties: [ObjectRule.Property] = [.init("externalIdentifier", .string("An iCalendar UID."), required: true)]
        public var externalIdentifier: String

        public init(externalIdentifier: String) {
            self.externalIdentifier = externalIdentifier
        }
        public init(_ params: Fields) throws(ResponseError) { externalIdentifier = try params.string("externalIdentifier") }
    }

    public struct Result: MethodResult {
        public static let schema = CommonSchemas.result([("reminders", .array(of: ReminderSchemas.reminder))])
        public var reminders: [Reminder]

        public init(reminders: [Reminder]) {
            self.reminders = reminders
        }
        public func write(to writer: inout JSONWriter) { RemindersResult.write(reminders, nextCursor: nil, to: &writer) }
        public func pieces(isCancelled: @escaping @Sendable () -> Bool) throws -> [[UInt8]] {
            try RemindersResult.pieces(reminders, isCancelled: isCancelled)
        }
    }
}
