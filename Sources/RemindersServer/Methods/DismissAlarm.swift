import JSONRPC
import RemindersModel
import RemindersStore

/// `dismissAlarm {identifier, alarmIdentifier}` → `{}`: the alarm's current occurrence does not fire
/// (again); the next occurrence of a recurring reminder fires as usual.
enum DismissAlarm: MethodDeclaration {
    static let name = "dismissAlarm"
    static let summary = "Dismisses an alarm's current occurrence: it does not fire (again); a series' next occurrence does."
    static let access = Access.fullAccess
    static let effect = Effect.writes
    static let params: [ObjectRule.Property] = AlarmSchedulingSchemas.reminderAndAlarm
    static let result = CommonSchemas.result([])
    static let errors: [MethodError] = [.notFound]

    static func handle(_ context: MethodContext) throws -> [[UInt8]] {
        let (reminder, alarm, fireDate) = try AlarmTarget.find(context)
        try context.session.eventStore().store.decide(.dismissed, reminder: reminder, alarm: alarm, fireDate: fireDate, snoozedUntil: nil,
                                                  now: Timestamp.now())
        return resultObject { _ in }
    }
}
