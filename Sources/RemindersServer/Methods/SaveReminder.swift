import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol

extension SaveReminder: MethodHandler {
    public static let access = Access.fullOrWriteOnly
    public static let effect = Effect.stages
    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        let save = params.reminder
        let session = context.session
        let eventStore = try session.eventStore()
        if context.status == .writeOnly { try WriteOnlyRules.checkSave(save, session: session) }
        let result = try eventStore.save(
            identifier: save.identifier, changes: save.changes,
            lastModifiedDate: save.lastModifiedDate, alarmAtDueTime: params.alarmAtDueTime, commit: context.commit)
        if save.identifier == nil { session.createdIdentifiers.insert(result.reminder.calendarItemIdentifier) }
        return Result(reminder: result.reminder, completedOccurrence: result.completedOccurrence)
    }
}
