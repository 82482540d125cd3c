import JSONRPC
import RemindersJSON
import RemindersModel

/// `addAlarm {identifier, alarm, lastModifiedDate?, commit?}` → `{reminder}`.
enum AddAlarm: MethodDeclaration {
    static let name = "addAlarm"
    static let summary = "Adds an alarm to a reminder (EKCalendarItem.addAlarm(_:))."
    static let access = Access.fullOrWriteOnly
    static let effect = Effect.stages
    static let params: [ObjectRule.Property] = [
        .init("identifier", CommonSchemas.identifier, required: true),
        .init("alarm", AlarmSchemas.alarmInput, required: true),
        CommonSchemas.lastModifiedDate,
    ]
    static let result = ReminderSchemas.reminderResult
    static let errors: [MethodError] = [.invalidParams(.alarmProximityNotSupported, .reminderAlarmContainsEmailOrUrl), .notFound, .conflict]

    static func handle(_ context: MethodContext) throws -> [[UInt8]] {
        let params = context.params
        let identifier = try params.string("identifier")
        let alarm = try AlarmDraft.decode(params.object["alarm"] ?? .null, path: "alarm")
        if context.status == .writeOnly { try WriteOnlyRules.checkAlarm(on: identifier, session: context.session) }
        let reminder = try context.session.eventStore().addAlarm(alarm, toReminder: identifier,
                                                             lastModifiedDate: try params.optionalTimestamp("lastModifiedDate"),
                                                             commit: context.commit)
        return RemindersResult.single(reminder)
    }
}
