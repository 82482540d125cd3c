import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol

extension RemoveAlarm: MethodHandler {
    public static let access = Access.fullAccess
    public static let effect = Effect.stages
    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        ReminderResult(
            reminder: try context.session.eventStore().removeAlarm(
                params.alarmIdentifier, fromReminder: params.identifier,
                lastModifiedDate: params.lastModifiedDate, commit: context.commit))
    }
}
