import JSONRPC
import RemindersModel
import RemindersStore

/// The time alarm `identifier` + `alarmIdentifier` names, with when it fires (or fired).
enum AlarmTarget {
    static func find(_ context: MethodContext) throws -> (Reminder, Alarm, Timestamp) {
        let events = try context.session.eventStore()
        let identifier = try context.params.string("identifier")
        let alarmIdentifier = try context.params.string("alarmIdentifier")
        guard let reminder = try events.reminder(identifier: identifier) else {
            throw StoreError.notFound(kind: "reminder", identifier: identifier)
        }
        guard let alarm = reminder.alarms.first(where: { $0.alarmIdentifier == alarmIdentifier }) else {
            throw StoreError.notFound(kind: "alarm", identifier: alarmIdentifier)
        }
        guard let fireDate = alarm.fireDate(of: reminder, in: events.timeZone) else {
            throw ResponseError.invalidParams(reminder.isCompleted ? "the reminder is completed: its alarms do not fire"
                                                                    : "not a time alarm (a location alarm, or relative without a due date)",
                                              field: "alarmIdentifier")
        }
        return (reminder, alarm, fireDate)
    }
}
