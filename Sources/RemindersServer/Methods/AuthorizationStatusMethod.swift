import JSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol

extension AuthorizationStatusMethod: MethodHandler {
    public static let access = Access.anyStatus
    public static let effect = Effect.reads
    public static func entityType(of params: Params, _ caller: Caller) throws -> EntityType { params.entityType }

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        Result(status: try context.session.authorizationStatus(params.entityType))
    }
}
