import JSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersStore

extension Undo: MethodHandler {
    public static let access = Access.fullOrWriteOnly
    public static let effect = Effect.writes

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        let own = try HistoryAccess.ownClient(context)
        let store = try context.session.eventStore().store
        switch params.target {
        case .change(let change): return Result(changes: try store.undo(change: change, onlyBy: own))
        case .last(let client, let count):
            try HistoryAccess.refuseOthers(client, own: own)
            return Result(changes: try store.undo(client: client, count: count))
        }
    }
}
