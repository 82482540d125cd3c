import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersStore

extension Changes: MethodHandler {
    public static let access = Access.fullOrWriteOnly
    public static let effect = Effect.reads

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        var filter = params.filter
        let own = try HistoryAccess.own(context)
        try HistoryAccess.refuseOthers(filter.client, own: own)
        if let own { (filter.client, filter.program) = (own.client, own.program) }
        filter.kinds = try HistoryAccess.kinds(context, own: own)
        filter.calendars = try HistoryAccess.calendars(context, writing: false)
        let eventStore = try context.session.eventStore()
        return Result(page: try eventStore.read { store throws(StoreError) in try store.changes(filter) }, zone: eventStore.timeZone)
    }
}
