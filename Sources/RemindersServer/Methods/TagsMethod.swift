import JSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersStore

extension TagsMethod: MethodHandler {
    public static let access = Access.fullAccess
    public static let effect = Effect.reads

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        Result(tags: try context.session.eventStore().store.tagCounts())
    }
}
