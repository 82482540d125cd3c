import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol

extension SaveCalendar: MethodHandler {
    public static let access = Access.fullAccess
    public static let effect = Effect.writes
    public static func entityType(of params: Params, _ caller: Caller) throws -> EntityType {
        try CalendarKind.of(identifier: params.calendar.calendarIdentifier, madeFor: params.calendar.entityType, session: caller.session)
    }

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        Result(calendar: try context.session.eventStore().saveCalendar(params.calendar))
    }
}
