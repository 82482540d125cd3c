import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `fetchReminders {predicate?, order?, limit?, cursor?}` → `{reminders, nextCursor}`; `nextCursor` is null on the last page.
public enum FetchReminders: RemindersMethod {
    public static let name = "fetchReminders"
    public static let summary =
        "Committed reminders matching a predicate, in fetch order, in pages when asked (EKEventStore.fetchReminders(matching:))."
    public static let maximumLimit: Int64 = 1_000_000
    public static let errors: [MethodError] = [.cancelled]

    public struct Params: WritableMethodParams, Sendable {
        public static let properties: [ObjectRule.Property] = [
            .init("predicate", ReminderSchemas.predicate, description: "Absent: every reminder."),
            .init(
                "order", .oneOf(FetchOrder.allCases.map(\.rawValue)),
                description:
                    "dueDate (default): by due date, then creation; sortOrder: the manual order first (sortOrder, never placed last), then as dueDate."
            ),
            .init("limit", .integer(IntegerRule(minimum: 1, maximum: maximumLimit, description: "At most this many per page."))),
            .init("cursor", .string("nextCursor of the previous page.")),
        ]
        public var predicate: ReminderPredicate
        public var order: FetchOrder
        public var limit: Int?
        /// `nextCursor` of the previous page, as the client gave it (read against the session's zone).
        public var cursor: String?

        public init(predicate: ReminderPredicate, order: FetchOrder = .dueDate, limit: Int? = nil, cursor: String? = nil) {
            (self.predicate, self.order, self.limit, self.cursor) = (predicate, order, limit, cursor)
        }

        public init(_ params: Fields) throws(ResponseError) {
            predicate = try ReminderPredicate(try params.optionalObject("predicate"))
            limit = try params.optionalInt("limit")
            order = try params.optionalString("order").flatMap(FetchOrder.init(rawValue:)) ?? .dueDate
            cursor = try params.optionalString("cursor")
        }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.key(static: "predicate")
            predicate.write(to: &writer)
            writer.field("order", order.rawValue)
            if let limit { writer.field("limit", limit) }
            if let cursor { writer.field("cursor", cursor) }
            writer.endObject()
        }
    }

    public struct Result: ReadableMethodResult, Sendable {
        /// The members by name, for a reader that takes a page apart lazily (EventKit's fetch).
        public static let remindersMember = "reminders", nextCursorMember = "nextCursor"
        public static let schema = CommonSchemas.result([
            (remindersMember, .array(of: ReminderSchemas.reminder)),
            (nextCursorMember, .nullable(.string("Where the next page starts; null on the last page."))),
        ])
        public var reminders: FetchedReminders
        public var nextCursor: String?

        public init(reminders: FetchedReminders, nextCursor: String? = nil) {
            self.reminders = reminders
            self.nextCursor = nextCursor
        }

        public func write(to writer: inout JSONWriter) { RemindersResult.write(reminders, nextCursor: .some(nextCursor), to: &writer) }

        public func pieces(isCancelled: @escaping @Sendable () -> Bool) throws -> [[UInt8]] {
            try RemindersResult.pieces(reminders, nextCursor: .some(nextCursor), isCancelled: isCancelled)
        }

        public init(reading value: JSONValue, zone: TimeZone) throws(ResponseError) {
            let fields = try Self.fields(value)
            let reminders = try fields.list(Self.remindersMember, Reminder.read)
            self.init(
                reminders: FetchedReminders(matches: reminders, order: Array(reminders.indices)),
                nextCursor: try fields.optionalString(Self.nextCursorMember))
        }
    }
}
