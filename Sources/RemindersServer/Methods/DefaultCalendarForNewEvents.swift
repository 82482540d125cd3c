import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol

extension DefaultCalendarForNewEvents: MethodHandler {
    public static let access = Access.fullOrWriteOnly
    public static let entityType = EntityType.event
    public static let effect = Effect.reads

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        CalendarResult(calendar: try context.session.eventStore().defaultCalendarForNewEvents())
    }
}
