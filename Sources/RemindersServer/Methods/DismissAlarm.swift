import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol

extension DismissAlarm: MethodHandler {
    public static let access = Access.fullAccess
    public static let effect = Effect.writes
    public static func entityType(of params: Params, _ caller: Caller) throws -> EntityType {
        try AlarmTarget.entityType(of: params.alarm, session: caller.session)
    }

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        try AlarmTarget.find(params.alarm, context).decide(.dismissed, snoozedUntil: nil, in: context)
        return EmptyResult()
    }
}
