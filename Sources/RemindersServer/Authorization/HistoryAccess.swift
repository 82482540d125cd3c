import JSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersStore

/// The history and the trash need full access; a write-only client sees and undoes only its own
/// changes (`ownClient` names it, nil for full access). Changes of events and event calendars are
/// seen by a client with access to events, as reminders' and lists' by one with access to reminders.
enum HistoryAccess {
    static func ownClient(_ context: MethodContext) throws -> String? {
        try context.session.authorizationStatus() == .fullAccess ? nil : context.session.clientName
    }

    /// The kinds of change the client may see and undo: those of each entity type it has full
    /// access to, or write-only access when it sees only its own (`own`) anyway.
    static func kinds(_ context: MethodContext, own: String?) throws -> Set<ItemChange.Kind> {
        var kinds = Set<ItemChange.Kind>()
        for entityType in EntityType.allCases {
            let status = try context.session.authorizationStatus(entityType)
            guard status == .fullAccess || (status == .writeOnly && own != nil) else { continue }
            kinds.formUnion(ItemChange.Kind.allCases.filter { $0.entityType == entityType })
        }
        return kinds
    }

    static func refuseOthers(_ client: String?, own: String?) throws {
        guard let own, let client, client != own else { return }
        throw ResponseError.invalidParams("a write-only client sees and undoes only its own changes (\(own)'s)", field: "client")
    }
}
