import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol

extension DefaultCalendarForNewReminders: MethodHandler {
    public static let access = Access.fullOrWriteOnly
    public static let effect = Effect.reads

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        CalendarResult(calendar: try context.session.eventStore().defaultCalendarForNewReminders())
    }
}
