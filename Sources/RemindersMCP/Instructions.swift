import Foundation
import RemindersModel

/// What `initialize` and `server/discover` tell the model before its first call.
enum Instructions {
    /// Today, its weekday and the person's zone are written out: a model that has to work out
    /// what "next monday" is, or which weekday a date falls on, gets it wrong.
    static func text(now: Timestamp, zone: TimeZone) -> String {
        let wall = ItemDateComponents.wallClock(of: now, in: zone)
        let today = ReminderFields.dateText(ItemDateComponents(year: wall.year, month: wall.month, day: wall.day))
            .replacingOccurrences(of: " (all day)", with: "")
        let clock = String(format: "%02d:%02d", wall.hour ?? 0, wall.minute ?? 0)
        return "The person's reminders (remindersd, an EventKit-compatible store). "
            + "Today is \(today), \(clock) in the person's zone, \(zone.identifier). Dates: \(ReminderFields.dateForms). "
            + "Dates in answers carry their weekday and say whether they are all day, floating (the same wall-clock time in any zone) or in a zone. "
            + "Access is the owner's decision: a call without it says which command grants it."
    }
}
