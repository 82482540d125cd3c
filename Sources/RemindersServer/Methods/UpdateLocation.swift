import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersStore

extension UpdateLocation: MethodHandler {
    public static let access = Access.fullAccess
    public static let effect = Effect.writes

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        Result(transitions: try context.session.eventStore().updateLocation(params.fix(now: context.session.now)))
    }
}
