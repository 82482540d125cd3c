import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersStore

extension Restore: MethodHandler {
    public static let access = Access.fullOrWriteOnly
    public static let effect = Effect.writes

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        let own = try HistoryAccess.ownClient(context)
        let eventStore = try context.session.eventStore()
        guard let removal = try eventStore.read({ store throws(StoreError) in try store.lastRemoval(of: params.identifier) }) else {
            throw StoreError.notFound(kind: "removed reminder, list, event or calendar", identifier: params.identifier)
        }
        let kinds = try HistoryAccess.kinds(context, own: own)
        let calendars = try HistoryAccess.calendars(context, writing: true)
        let changes = try eventStore.write { store throws(StoreError) in
            try store.undo(change: removal, onlyBy: own, kinds: kinds, calendars: calendars)
        }
        return Result(changes: changes, zone: eventStore.timeZone)
    }
}
