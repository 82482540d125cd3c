import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol

extension CalendarItems: MethodHandler {
    public static let access = Access.fullAccess
    public static let effect = Effect.reads

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        Result(reminders: try context.session.eventStore().calendarItems(externalIdentifier: params.externalIdentifier))
    }
}
