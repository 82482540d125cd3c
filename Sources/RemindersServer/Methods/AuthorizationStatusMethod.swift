import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersStore

extension AuthorizationStatusMethod: MethodHandler {
    public static let access = Access.anyStatus
    public static let effect = Effect.reads
    public static func entityType(of params: Params, _ caller: Caller) throws -> EntityType { params.entityType }

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        let status = try context.session.authorizationStatus(params.entityType)
        let eventStore = try context.session.eventStore()
        let scope = eventStore.scopes[params.entityType]
        var titles: [String: String] = [:]
        // Most clients hold a grant to every list: no titles to read, so no transaction to open
        // (this is asked once per request by clients that check before each call).
        if let identifiers = scope?.identifiers, !identifiers.isEmpty {
            try eventStore.read { store throws(StoreError) in
                for identifier in identifiers { titles[identifier] = try store.calendar(identifier: identifier)?.title }
            }
        }
        return Result(status: status, scope: scope, titles: titles)
    }
}
