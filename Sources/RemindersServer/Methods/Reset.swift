import JSONRPC
import RemindersModel

/// `reset {}` → `{}`: forgets every staged change.
enum Reset: MethodDeclaration {
    static let name = "reset"
    static let summary = "Forgets every staged change (EKEventStore.reset())."
    static let access = Access.fullOrWriteOnly
    static let effect = Effect.discards
    static let params: [ObjectRule.Property] = []
    static let result = CommonSchemas.empty

    /// Events staged alone are committed (or forgotten) with access to events; with nothing
    /// staged, either access will do.
    static func entityType(of params: JSONValue?, session: Session) throws -> EntityType {
        let store = try session.eventStore()
        if store.stagesOnlyEvents { return .event }
        if store.stagesNothing, !access.allows(try session.authorizationStatus(.reminder)), access.allows(try session.authorizationStatus(.event)) {
            return .event
        }
        return .reminder
    }

    static func handle(_ context: MethodContext) throws -> [[UInt8]] {
        try context.session.eventStore().reset()
        return emptyResult
    }
}
