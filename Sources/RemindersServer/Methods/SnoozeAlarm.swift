import JSONRPC
import RemindersJSON
import RemindersModel

/// `snoozeAlarm {identifier, alarmIdentifier, occurrenceDate?, until? | minutes?}` → `{}`: the
/// alarm's current occurrence — a reminder's or an event's, a time alarm or a location alarm —
/// fires at `until` (or `minutes` from now; default the agent's usual 10), whether it has fired
/// already or not yet.
enum SnoozeAlarm: TypedMethod, MethodDeclaration {
    static let name = "snoozeAlarm"
    static let summary = "Makes an alarm fire again (or first) later: at `until`, or `minutes` from now (default 10)."
    static let access = Access.fullAccess
    static let effect = Effect.writes
    static let errors: [MethodError] = [.notFound]

    struct Params: MethodParams {
        static let properties = AlarmTarget.Params.properties + [
            .init("until", CommonSchemas.instant, description: "When it fires again; not with minutes."),
            .init("minutes", .integer(IntegerRule(minimum: 1, maximum: 525_600)), description: "From now; not with until."),
        ]
        var alarm: AlarmTarget.Params
        var until: Timestamp?
        var minutes: Int?

        init(_ params: Fields) throws(ResponseError) {
            alarm = try AlarmTarget.Params(params)
            until = try params.optionalTimestamp("until")
            minutes = try params.optionalInt("minutes")
            if until != nil, minutes != nil { throw ResponseError.invalidParams("give until or minutes, not both", field: "minutes") }
        }
    }

    typealias Result = EmptyResult

    static func entityType(of params: Params, session: Session) throws -> EntityType { try AlarmTarget.entityType(of: params.alarm, session: session) }

    static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        let target = try AlarmTarget.find(params.alarm, context)
        let now = Timestamp.now()
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
