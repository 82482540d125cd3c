import JSONRPC
import RemindersJSON
import RemindersModel

/// `removeCalendar {calendarIdentifier}` → `{}`: the list and every reminder in it.
enum RemoveCalendar: TypedMethod, MethodDeclaration {
    static let name = "removeCalendar"
    static let summary = "Removes a calendar and its items (EKEventStore.removeCalendar(_:commit:)); the last one of each kind stays."
    static let access = Access.fullAccess
    static let effect = Effect.writes
    static let errors: [MethodError] = [.notFound]

    struct Params: MethodParams {
        static let properties: [ObjectRule.Property] = [.init("calendarIdentifier", CommonSchemas.identifier, required: true)]
        var calendarIdentifier: String
        init(_ params: Fields) throws(ResponseError) { calendarIdentifier = try params.string("calendarIdentifier") }
    }

    typealias Result = EmptyResult

    static func entityType(of params: Params, session: Session) throws -> EntityType {
        try CalendarKind.of(identifier: params.calendarIdentifier, madeFor: nil, session: session)
    }

    static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        try context.session.eventStore().removeCalendar(identifier: params.calendarIdentifier)
        return EmptyResult()
    }
}
