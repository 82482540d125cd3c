import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersSyncHelper

/// What a fired alarm says to every channel (the `--on-alarm` program's stdin, and `alarmFired`):
/// `{reminder, alarm, fireDate, occurrenceDate, reason, late}` for a reminder's alarm, `{event, …}`
/// for an event's (the occurrence it belongs to).
struct FiredAlarm: Sendable {
    enum Item {
        case reminder(Reminder)
        case event(EventOccurrence)
    }

    var item: Item
    var alarm: Alarm
    var fireDate: Timestamp
    /// The due date (a reminder's) or the start (an event occurrence's) the alarm belongs to.
    var occurrenceDate: Timestamp?
    var reason = "time"
    var late: Bool
    /// The list's or calendar's title, for the notification's body.
    var listTitle: String?
    /// The agent's zone, in which an event's dates are written.
    var zone: TimeZone

    var title: String {
        switch item {
        case .reminder(let reminder): reminder.title
        case .event(let occurrence): occurrence.event.title
        }
    }

    var notes: String? {
        switch item {
        case .reminder(let reminder): reminder.notes
        case .event(let occurrence): occurrence.event.notes
        }
    }

    /// Only a reminder can be completed from its notification.
    var canComplete: Bool { if case .reminder = item { return true } else { return false } }

    var json: [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        switch item {
        case .reminder(let reminder):
            writer.key(static: "reminder")
            reminder.write(to: &writer)
        case .event(let occurrence):
            writer.key(static: "event")
            occurrence.write(to: &writer, zone: zone)
        }
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
