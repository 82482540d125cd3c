import JSONRPC

/// `calendarItems {externalIdentifier}` → `{reminders}` (external identifiers may repeat).
enum CalendarItems: MethodDeclaration {
    static let name = "calendarItems"
    static let summary = "The reminders with a sync identifier (EKEventStore.calendarItems(withExternalIdentifier:))."
    static let access = Access.fullAccess
    static let effect = Effect.reads
    static let params: [ObjectRule.Property] = [.init("externalIdentifier", .string("An iCalendar UID."), required: true)]
    static let result = CommonSchemas.result([("reminders", .array(of: ReminderSchemas.reminder))])

    static func handle(_ context: MethodContext) throws -> [[UInt8]] {
        let reminders = try context.session.eventStore().calendarItems(externalIdentifier: try context.params.string("externalIdentifier"))
        return try RemindersResult.pieces(reminders)
    }
}
