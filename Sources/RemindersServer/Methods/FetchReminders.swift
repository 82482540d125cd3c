import JSONRPC
import RemindersJSON
import RemindersModel
import RemindersStore

/// `fetchReminders {predicate?, order?, limit?, cursor?}` → `{reminders, nextCursor}`; `nextCursor` is null on the last page.
public enum FetchReminders: TypedMethod, MethodDeclaration {
    public static let name = "fetchReminders"
    static let summary = "Committed reminders matching a predicate, in fetch order, in pages when asked (EKEventStore.fetchReminders(matching:))."
    static let access = Access.fullAccess
    static let effect = Effect.reads
    static let maximumLimit: Int64 = 1_000_000
    static let errors: [MethodError] = [.cancelled]

    public struct Params: MethodParams, Sendable {
        public static let properties: [ObjectRule.Property] = [
            .init("predicate", ReminderSchemas.predicate, description: "Absent: every reminder."),
            .init("order", .oneOf(FetchOrder.allCases.map(\.rawValue)),
                  description: "dueDate (default): by due date, then creation; sortOrder: the manual order first (sortOrder, never placed last), then as dueDate."),
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
    }

    public struct Result: MethodResult, Sendable {
        public static let schema = CommonSchemas.result([
            ("reminders", .array(of: ReminderSchemas.reminder)),
            ("nextCursor", .nullable(.string("Where the next page starts; null on the last page."))),
        ])
        public var reminders: FetchedReminders
        public var nextCursor: String?

        public func write(to writer: inout JSONWriter) { RemindersResult.write(reminders, nextCursor: .some(nextCursor), to: &writer) }

        public func pieces(isCancelled: @escaping @Sendable () -> Bool) throws -> [[UInt8]] {
            try RemindersResult.pieces(reminders, nextCursor: .some(nextCursor), isCancelled: isCancelled)
        }
    }

    static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        let session = context.session
        let position = try params.cursor.map { (cursor) throws(ResponseError) in
            try FetchCursor.decode(cursor, order: params.order, zone: session.timeZoneName, field: "cursor")
        }
        let page = try session.eventStore().fetchReminders(matching: params.predicate, in: session.timeZone, after: position, limit: params.limit,
                                                           order: params.order, shouldContinue: { !context.isCancelled() })
        return Result(reminders: page.reminders, nextCursor: page.next.map { FetchCursor.encode($0, order: params.order, zone: session.timeZoneName) })
    }
}
