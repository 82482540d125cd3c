import JSONRPC
import RemindersJSON
import RemindersModel

/// `reset {}` → `{}`: forgets every staged change.
enum Reset: TypedMethod, MethodDeclaration {
    static let name = "reset"
    static let summary = "Forgets every staged change (EKEventStore.reset())."
    static let access = Access.fullOrWriteOnly
    static let effect = Effect.discards

    typealias Params = NoParams
    typealias Result = EmptyResult

    static func entityType(of params: Params, session: Session) throws -> EntityType {
        try StagedKind.of(session: session, access: access)
    }

    static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        try context.session.eventStore().reset()
        return EmptyResult()
    }
}
