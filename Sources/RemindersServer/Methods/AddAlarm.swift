import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol

extension AddAlarm: MethodHandler {
    public static let access = Access.fullOrWriteOnly
    public static let effect = Effect.stages
    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        if context.status == .writeOnly { try WriteOnlyRules.checkAlarm(on: params.identifier, session: context.session) }
        return ReminderResult(
            reminder: try context.session.eventStore().addAlarm(
                params.alarm, toReminder: params.identifier,
                lastModifiedDate: params.lastModifiedDate, commit: context.commit))
    }
}
