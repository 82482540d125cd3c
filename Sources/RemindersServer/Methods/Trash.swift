import JSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersStore

extension Trash: MethodHandler {
    public static let access = Access.fullOrWriteOnly
    public static let effect = Effect.reads

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        let own = try HistoryAccess.ownClient(context)
        return Result(page: try context.session.eventStore().store.trash(limit: params.limit, before: params.before, client: own))
    }
}
