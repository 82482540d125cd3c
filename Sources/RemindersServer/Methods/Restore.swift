import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersStore

extension Restore: MethodHandler {
    public static let access = Access.fullOrWriteOnly
    public static let effect = Effect.writes

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        let own = try HistoryAccess.own(context)
        let eventStore = try context.session.eventStore()
        let kinds = try HistoryAccess.kinds(context, own: own)
        let calendars = try HistoryAccess.calendars(context, writing: true)
        // A removal this client could not undo is as none: neither its number nor who made it is told.
        let removal = try eventStore.read { store throws(StoreError) -> Int64? in
            guard let id = try store.lastRemoval(of: params.identifier), let change = try store.change(identifier: id),
                kinds.contains(change.kind), calendars.map({ change.lies(within: $0) }) ?? true,
                own.map({ $0.client == change.client && $0.program == change.program }) ?? true
            else { return nil }
            return id
        }
        guard let removal else { throw StoreError.notFound(kind: "removed reminder, list, event or calendar", identifier: params.identifier) }
        let changes = try eventStore.write { store throws(StoreError) in
            try store.undo(change: removal, onlyBy: own, kinds: kinds, calendars: calendars)
        }
        return Result(changes: changes, zone: eventStore.timeZone)
    }
}
