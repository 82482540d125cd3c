import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersStore

extension Undo: MethodHandler {
    public static let access = Access.fullOrWriteOnly
    public static let effect = Effect.writes

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        let own = try HistoryAccess.own(context)
        let kinds = try HistoryAccess.kinds(context, own: own)
        let calendars = try HistoryAccess.calendars(context, writing: true)
        let eventStore = try context.session.eventStore()
        switch params.target {
        case .change(let change):
            let changes = try eventStore.write { store throws(StoreError) in
                try store.undo(change: change, onlyBy: own, kinds: kinds, calendars: calendars)
            }
            return Result(changes: changes, zone: eventStore.timeZone)
        case .last(let client, let count):
            try HistoryAccess.refuseOthers(client, own: own)
            let changes = try eventStore.write { store throws(StoreError) in
                try store.undo(client: client, program: own?.program, count: count, kinds: kinds, calendars: calendars)
            }
            return Result(changes: changes, zone: eventStore.timeZone)
        }
    }
}
