import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersStore

extension RemoveEvent: MethodHandler {
    public static let access = Access.fullAccess
    public static let entityType = EntityType.event
    public static let effect = Effect.stages
    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        try context.session.eventStore().removeEvent(
            identifier: params.identifier, occurrenceDate: params.occurrenceDate, span: params.span,
            commit: context.commit)
        return EmptyResult()
    }
}
