import JSONRPC

/// `removeAlarm {identifier, alarmIdentifier, lastModifiedDate?, commit?}` → `{reminder}`.
enum RemoveAlarm: MethodDeclaration {
    static let name = "removeAlarm"
    static let summary = "Removes one alarm from a reminder (EKCalendarItem.removeAlarm(_:))."
    static let access = Access.fullAccess
    static let effect = Effect.stages
    static let params: [ObjectRule.Property] = [
        .init("identifier", CommonSchemas.identifier, required: true),
        .init("alarmIdentifier", CommonSchemas.identifier, required: true),
        CommonSchemas.lastModifiedDate,
    ]
    static let result = ReminderSchemas.reminderResult
    static let errors: [MethodError] = [.notFound, .conflict]

    static func handle(_ context: MethodContext) throws -> [[UInt8]] {
        let params = context.params
        let reminder = try context.session.eventStore().removeAlarm(try params.string("alarmIdentifier"),
                                                                fromReminder: try params.string("identifier"),
                                                                lastModifiedDate: try params.optionalTimestamp("lastModifiedDate"),
                                                                commit: context.commit)
        return RemindersResult.single(reminder)
    }
}
