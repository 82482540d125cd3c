import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol

extension RemoveCalendar: MethodHandler {
    public static let access = Access.fullAccess
    public static let effect = Effect.writes
    public static func entityType(of params: Params, _ caller: Caller) throws -> EntityType {
        try CalendarKind.of(identifier: params.calendarIdentifier, madeFor: nil, session: caller.session)
    }

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        try context.session.eventStore().removeCalendar(identifier: params.calendarIdentifier)
        return EmptyResult()
    }
}
