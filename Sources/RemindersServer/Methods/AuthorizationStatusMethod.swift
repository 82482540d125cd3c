import JSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol

extension AuthorizationStatusMethod: MethodHandler {
    public static let access = Access.anyStatus
    public static let effect = Effect.reads
    public static func entityType(of params: Params, _ caller: Caller) throws -> EntityType { params.entityType }

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        let status = try context.session.authorizationStatus(params.entityType)
        let eventStore = try context.session.eventStore()
        let scope = try eventStore.scopes[params.entityType].map { scope in
            try scope.identifiers.compactMap { identifier in
                try eventStore.store.calendar(identifier: identifier).map { ($0.calendarIdentifier, $0.title, scope.isReadOnly(identifier)) }
            }
        }
        return Result(status: status, scope: scope)
    }
}
