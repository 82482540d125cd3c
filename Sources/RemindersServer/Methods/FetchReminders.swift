import JSONRPC
import RemindersJSON
import RemindersModel

/// `fetchReminders {predicate?, order?, limit?, cursor?}` → `{reminders, nextCursor}`; `nextCursor` is null on the last page.
enum FetchReminders: MethodDeclaration {
    static let name = "fetchReminders"
    static let summary = "Committed reminders matching a predicate, in fetch order, in pages when asked (EKEventStore.fetchReminders(matching:))."
    static let access = Access.fullAccess
    static let effect = Effect.reads
    static let maximumLimit: Int64 = 1_000_000
    static let params: [ObjectRule.Property] = [
        .init("predicate", ReminderSchemas.predicate, description: "Absent: every reminder."),
        .init("order", .oneOf(FetchOrder.allCases.map(\.rawValue)),
              description: "dueDate (default): by due date, then creation; sortOrder: the manual order first (sortOrder, never placed last), then as dueDate."),
        .init("limit", .integer(IntegerRule(minimum: 1, maximum: maximumLimit, description: "At most this many per page."))),
        .init("cursor", .string("nextCursor of the previous page.")),
    ]
    static let result = CommonSchemas.result([
        ("reminders", .array(of: ReminderSchemas.reminder)),
        ("nextCursor", .nullable(.string("Where the next page starts; null on the last page."))),
    ])
    static let errors: [MethodError] = [.cancelled]

    static func handle(_ context: MethodContext) throws -> [[UInt8]] {
        let params = context.params
        let predicate = try ReminderPredicate(try params.optionalObject("predicate"))
        let limit = try params.optionalInt("limit")
        let order = try params.optionalString("order").flatMap(FetchOrder.init(rawValue:)) ?? .dueDate
        let session = context.session
        let position = try params.optionalString("cursor").map { (cursor) throws(ResponseError) in
            try FetchCursor.decode(cursor, order: order, zone: session.timeZoneName, field: params.pathOf("cursor"))
        }
        let page = try session.eventStore().fetchReminders(matching: predicate, in: session.timeZone, after: position, limit: limit,
                                                           order: order, shouldContinue: { !context.isCancelled() })
        let nextCursor = page.next.map { FetchCursor.encode($0, order: order, zone: session.timeZoneName) }
        return try RemindersResult.pieces(page.reminders, nextCursor: .some(nextCursor), isCancelled: context.isCancelled)
    }
}
