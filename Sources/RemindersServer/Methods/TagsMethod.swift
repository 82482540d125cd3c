import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersStore

extension TagsMethod: MethodHandler {
    public static let access = Access.fullAccess
    public static let effect = Effect.reads

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        let eventStore = try context.session.eventStore()
        // A client granted chosen lists counts the tags of their reminders only.
        let scope = eventStore.scopes[.reminder]?.identifiers
        return Result(tags: try eventStore.read { store throws(StoreError) in try store.tagCounts(inCalendars: scope) })
    }
}
