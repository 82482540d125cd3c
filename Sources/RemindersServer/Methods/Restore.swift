import JSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersStore

extension Restore: MethodHandler {
    public static let access = Access.fullOrWriteOnly
    public static let effect = Effect.writes

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        let own = try HistoryAccess.ownClient(context)
        let store = try context.session.eventStore().store
        guard let removal = try store.lastRemoval(of: params.identifier) else {
            throw StoreError.notFound(kind: "removed reminder or list", identifier: params.identifier)
        }
        return Result(changes: try store.undo(change: removal, onlyBy: own))
    }
}
