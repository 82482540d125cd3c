import JSONRPC
import RemindersJSON
import RemindersModel

/// `commit {}` → `{}`: everything staged, in one transaction, or nothing.
enum Commit: MethodDeclaration {
    static let name = "commit"
    static let summary = "Writes every change staged with commit:false, in one transaction (EKEventStore.commit())."
    static let access = Access.fullOrWriteOnly
    static let effect = Effect.commits
    static let params: [ObjectRule.Property] = []
    static let result = CommonSchemas.empty
    static let errors: [MethodError] = [.invalidParams(.noCalendar, .calendarReadOnly), .notFound, .conflict]

    static func entityType(of params: JSONValue?, session: Session) throws -> EntityType {
        try StagedKind.of(session: session, access: access)
    }

    static func handle(_ context: MethodContext) throws -> [[UInt8]] {
        try context.session.eventStore().commit()
        return emptyResult
    }
}
