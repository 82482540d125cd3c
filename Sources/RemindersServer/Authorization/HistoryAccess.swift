import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersStore

/// The history and the trash need full access; a write-only client sees and undoes only its own
/// changes — those of its name *and* its program, as its grant is (`own`; nil for full access): a
/// client of the same name run by another program is another client. Changes of events and event calendars are
/// seen by a client with access to events, as reminders' and lists' by one with access to reminders.
enum HistoryAccess {
    static func own(_ context: MethodContext) throws -> ChangeAuthor? {
        try context.session.authorizationStatus() == .fullAccess ? nil : context.session.author
    }

    /// The kinds of change the client may see and undo: those of each entity type it has full
    /// access to, or write-only access when it sees only its own (`own`) anyway.
    static func kinds(_ context: MethodContext, own: ChangeAuthor?) throws -> Set<ItemChange.Kind> {
        var kinds = Set<ItemChange.Kind>()
        for entityType in EntityType.allCases {
            let status = try context.session.authorizationStatus(entityType)
            guard status == .fullAccess || (status == .writeOnly && own != nil) else { continue }
            kinds.formUnion(ItemChange.Kind.allCases.filter { $0.entityType == entityType })
        }
        return kinds
    }

    /// For a client granted chosen lists: the calendars whose items' changes it sees (`writing`:
    /// may undo), of every kind; nil for a client granted them all. A kind it was not scoped in
    /// stays whole (its lists are named by no scope), so it is added as every calendar of it.
    static func calendars(_ context: MethodContext, writing: Bool) throws -> Set<String>? {
        _ = try context.session.authorizationStatus()  // reads the scopes for the messages in hand
        let eventStore = try context.session.eventStore()
        guard eventStore.isScoped else { return nil }
        var calendars = Set<String>()
        for entityType in EntityType.allCases {
            if let scope = eventStore.scopes[entityType] {
                calendars.formUnion(scope.identifiers.filter { !writing || scope.allowsWriting($0) })
            } else {
                calendars.formUnion(try eventStore.calendars(for: entityType).map(\.calendarIdentifier))
            }
        }
        return calendars
    }

    static func refuseOthers(_ client: String?, own: ChangeAuthor?) throws {
        guard let own, let client, client != own.client else { return }
        throw ResponseError.invalidParams("a write-only client sees and undoes only its own changes (\(own.client)'s)", field: "client")
    }
}
