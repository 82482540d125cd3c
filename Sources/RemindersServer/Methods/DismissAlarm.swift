import JSONRPC
import RemindersJSON
import RemindersModel
import RemindersStore

/// `dismissAlarm {identifier, alarmIdentifier, occurrenceDate?}` → `{}`: the alarm's current
/// occurrence (a reminder's or an event's) does not fire (again); the next occurrence of a series
/// fires as usual.
enum DismissAlarm: MethodDeclaration {
    static let name = "dismissAlarm"
    static let summary = "Dismisses an alarm's current occurrence: it does not fire (again); a series' next occurrence does."
    static let access = Access.fullAccess
    static let effect = Effect.writes
    static func entityType(of params: JSONValue?, session: Session) throws -> EntityType { try AlarmTarget.entityType(of: params, session: session) }
    static let params: [ObjectRule.Property] = AlarmSchedulingSchemas.reminderAndAlarm + [AlarmTarget.occurrenceDateParam]
    static let result = CommonSchemas.result([])
    static let errors: [MethodError] = [.notFound]

    static func handle(_ context: MethodContext) throws -> [[UInt8]] {
        let target = try AlarmTarget.find(context)
        try target.decide(.dismissed, snoozedUntil: nil, in: context)
        return resultObject { _ in }
    }
}
