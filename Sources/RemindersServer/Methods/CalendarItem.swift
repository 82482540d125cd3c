import JSONRPC

/// `calendarItem {identifier}` → `{reminder}`, null when there is none; sees this client's staged changes.
enum CalendarItem: MethodDeclaration {
    static let name = "calendarItem"
    static let summary = "One reminder by identifier, staged changes included (EKEventStore.calendarItem(withIdentifier:))."
    static let access = Access.fullAccess
    static let effect = Effect.reads
    static let params: [ObjectRule.Property] = [.init("identifier", CommonSchemas.identifier, required: true)]
    static let result = CommonSchemas.result([("reminder", .nullable(ReminderSchemas.reminder))])

    static func handle(_ context: MethodContext) throws -> [[UInt8]] {
        let reminder = try context.session.events().calendarItem(identifier: try context.params.string("identifier"))
        return resultObject { writer in
            writer.key(static: "reminder")
            if let reminder { reminder.write(to: &writer) } else { writer.null() }
        }
    }
}
