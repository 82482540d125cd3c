import JSONRPC
import RemindersJSON
import RemindersModel

/// `reset {}` → `{}`: forgets every staged change.
enum Reset: MethodDeclaration {
    static let name = "reset"
    static let summary = "Forgets every staged change (EKEventStore.reset())."
    static let access = Access.fullOrWriteOnly
    static let effect = Effect.discards
    static let params: [ObjectRule.Property] = []
    static let result = CommonSchemas.empty

    static func entityType(of params: JSONValue?, session: Session) throws -> EntityType {
        try StagedKind.of(session: session, access: access)
    }

    static func handle(_ context: MethodContext) throws -> [[UInt8]] {
        try context.session.eventStore().reset()
        return emptyResult
    }
}
