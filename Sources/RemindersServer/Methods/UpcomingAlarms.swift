import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersStore

extension UpcomingAlarms: MethodHandler {
    public static let access = Access.fullAccess
    public static let effect = Effect.reads

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        let window = try params.window(now: context.session.now)
        let includingEvents = try context.session.authorizationStatus(.event) == .fullAccess
        return Result(alarms: try context.session.eventStore().upcomingAlarms(from: window.from, to: window.to, includingEvents: includingEvents))
    }
}
