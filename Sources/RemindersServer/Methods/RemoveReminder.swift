import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol

extension RemoveReminder: MethodHandler {
    public static let access = Access.fullAccess
    public static let effect = Effect.stages
    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        try context.session.eventStore().removeReminder(
            identifier: params.identifier, lastModifiedDate: params.lastModifiedDate, commit: context.commit)
        return EmptyResult()
    }
}
