import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol

extension Reset: MethodHandler {
    public static let access = Access.fullOrWriteOnly
    public static let effect = Effect.discards

    public static func entityType(of params: Params, _ caller: Caller) throws -> EntityType {
        try StagedKind.of(session: caller.session, access: access)
    }

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        try context.session.eventStore().reset()
        return EmptyResult()
    }
}
