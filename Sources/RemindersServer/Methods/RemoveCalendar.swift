import JSONRPC
import RemindersJSON
import RemindersModel

/// `removeCalendar {calendarIdentifier}` → `{}`: the list and every reminder in it.
enum RemoveCalendar: MethodDeclaration {
    static let name = "removeCalendar"
    static let summary = "Removes a calendar and its items (EKEventStore.removeCalendar(_:commit:)); the last one of each kind stays."
    static let access = Access.fullAccess
    static let effect = Effect.writes
    static let params: [ObjectRule.Property] = [.init("calendarIdentifier", CommonSchemas.identifier, required: true)]
    static let result = CommonSchemas.empty
    static let errors: [MethodError] = [.notFound]

    static func entityType(of params: JSONValue?, session: Session) throws -> EntityType {
        try CalendarKind.of(identifier: params?["calendarIdentifier"]?.stringValue, madeFor: nil, session: session)
    }

    static func handle(_ context: MethodContext) throws -> [[UInt8]] {
        try context.session.eventStore().removeCalendar(identifier: try context.params.string("calendarIdentifier"))
        return emptyResult
    }
}
