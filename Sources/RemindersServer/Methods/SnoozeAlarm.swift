import JSONRPC
import RemindersJSON
import RemindersModel
import RemindersStore

/// `snoozeAlarm {identifier, alarmIdentifier, occurrenceDate?, until? | minutes?}` → `{}`: the
/// alarm's current occurrence — a reminder's or an event's, a time alarm or a location alarm —
/// fires at `until` (or `minutes` from now; default the agent's usual 10), whether it has fired
/// already or not yet.
enum SnoozeAlarm: MethodDeclaration {
    static let name = "snoozeAlarm"
    static let summary = "Makes an alarm fire again (or first) later: at `until`, or `minutes` from now (default 10)."
    static let access = Access.fullAccess
    static let effect = Effect.writes
    static func entityType(of params: JSONValue?, session: Session) throws -> EntityType { try AlarmTarget.entityType(of: params, session: session) }
    static let params: [ObjectRule.Property] = AlarmSchedulingSchemas.reminderAndAlarm + [AlarmTarget.occurrenceDateParam] + [
        .init("until", CommonSchemas.instant, description: "When it fires again; not with minutes."),
        .init("minutes", .integer(IntegerRule(minimum: 1, maximum: 525_600)), description: "From now; not with until."),
    ]
    static let result = CommonSchemas.result([])
    static let errors: [MethodError] = [.notFound]

    static func handle(_ context: MethodContext) throws -> [[UInt8]] {
        let target = try AlarmTarget.find(context)
        let now = Timestamp.now()
        let until: Timestamp
        switch (try context.params.optionalTimestamp("until"), try context.params.optionalInt("minutes")) {
        case (_?, _?): throw ResponseError.invalidParams("give until or minutes, not both", field: "minutes")
        case (let date?, nil):
            guard date > now else { throw ResponseError.invalidParams("until must be in the future", field: "until") }
            until = date
        case (nil, let minutes): until = Timestamp(milliseconds: now.milliseconds + Int64(minutes ?? 10) * 60_000)
        }
        try target.decide(.snoozed, snoozedUntil: until, in: context)
        return resultObject { _ in }
    }
}
