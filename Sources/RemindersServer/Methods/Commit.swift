import JSONRPC
import RemindersJSON
import RemindersModel

/// `commit {}` → `{}`: everything staged, in one transaction, or nothing.
enum Commit: TypedMethod, MethodDeclaration {
    static let name = "commit"
    static let summary = "Writes every change staged with commit:false, in one transaction (EKEventStore.commit())."
    static let access = Access.fullOrWriteOnly
    static let effect = Effect.commits
    static let errors: [MethodError] = [.invalidParams(.noCalendar, .calendarReadOnly), .notFound, .conflict]

    typealias Params = NoParams
    typealias Result = EmptyResult

    static func entityType(of params: Params, session: Session) throws -> EntityType {
        try StagedKind.of(session: session, access: access)
    }

    static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        try context.session.eventStore().commit()
        return EmptyResult()
    }
}
