import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersStore

extension Trash: MethodHandler {
    public static let access = Access.fullOrWriteOnly
    public static let effect = Effect.reads

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        let own = try HistoryAccess.own(context)
        let eventStore = try context.session.eventStore()
        let (kinds, calendars) = (try HistoryAccess.kinds(context, own: own), try HistoryAccess.calendars(context, writing: false))
        let page = try eventStore.read { store throws(StoreError) in
            try store.trash(limit: params.limit, before: params.before, author: own, kinds: kinds, calendars: calendars)
        }
        return Result(page: page, zone: eventStore.timeZone)
    }
}
