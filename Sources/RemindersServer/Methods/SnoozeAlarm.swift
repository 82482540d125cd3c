import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol

extension SnoozeAlarm: MethodHandler {
    public static let access = Access.fullAccess
    public static let effect = Effect.writes
    public static func entityType(of params: Params, _ caller: Caller) throws -> EntityType {
        try AlarmTarget.entityType(of: params.alarm, session: caller.session)
    }

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        let target = try AlarmTarget.find(params.alarm, context)
        let now = context.session.now
        let until: Timestamp
        if let date = params.until {
            guard date > now else { throw ResponseError.invalidParams("until must be in the future", field: "until") }
            until = date
        } else {
            until = Timestamp(milliseconds: now.milliseconds + Int64(params.minutes ?? 10) * 60_000)
        }
        try target.decide(.snoozed, snoozedUntil: until, in: context)
        return EmptyResult()
    }
}
