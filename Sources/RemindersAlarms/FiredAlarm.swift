import JSONRPC
import RemindersModel
import RemindersServer

/// What a fired alarm says to every channel (the `--on-alarm` program's stdin, and the
/// `alarmFired` notification to come): `{reminder, alarm, fireDate, occurrenceDate, reason, late}`.
struct FiredAlarm {
    var reminder: Reminder
    var alarm: Alarm
    var fireDate: Timestamp
    /// The due date of the occurrence the alarm belongs to; nil for a reminder without one.
    var occurrenceDate: Timestamp?
    var reason = "time"
    var late: Bool
    /// The list's title, for the notification's body.
    var listTitle: String?

    var json: [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key(static: "reminder")
        reminder.write(to: &writer)
        writer.key(static: "alarm")
        alarm.write(to: &writer)
        writer.field("fireDate", fireDate.rfc3339)
        writer.field("occurrenceDate", occurrenceDate?.rfc3339)
        writer.field("reason", reason)
        writer.field("late", late)
        writer.endObject()
        return writer.bytes
    }
}
