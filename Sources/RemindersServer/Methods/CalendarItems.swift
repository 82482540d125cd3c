import JSONRPC
import RemindersJSON
import RemindersModel

/// `calendarItems {externalIdentifier}` → `{reminders}` (external identifiers may repeat).
enum CalendarItems: TypedMethod, MethodDeclaration {
    static let name = "calendarItems"
    static let summary = "The reminders with a sync identifier (EKEventStore.calendarItems(withExternalIdentifier:))."
    static let access = Access.fullAccess
    static let effect = Effect.reads

    struct Params: MethodParams {
        static let properties: [ObjectRule.Property] = [.init("externalIdentifier", .string("An iCalendar UID."), required: true)]
        var externalIdentifier: String
        init(_ params: Fields) throws(ResponseError) { externalIdentifier = try params.string("externalIdentifier") }
    }

    struct Result: MethodResult {
        static let schema = CommonSchemas.result([("reminders", .array(of: ReminderSchemas.reminder))])
        var reminders: [Reminder]
        func write(to writer: inout JSONWriter) { RemindersResult.write(reminders, nextCursor: nil, to: &writer) }
        func pieces(isCancelled: @escaping @Sendable () -> Bool) throws -> [[UInt8]] { try RemindersResult.pieces(reminders, isCancelled: isCancelled) }
    }

    static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        Result(reminders: try context.session.eventStore().calendarItems(externalIdentifier: params.externalIdentifier))
    }
}
