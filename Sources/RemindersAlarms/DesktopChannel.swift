import RemindersCivilTime
import RemindersDatePhrases
import RemindersDesktopNotifications
import Foundation
import Synchronization
import RemindersJSON
import RemindersModel

/// A notification from the desktop's notification server, over the agent's one session-bus
/// connection (`NotificationServer`), so any server that follows the specification shows it and
/// its buttons reach the agent. Without a session bus: one log line, then quiet. The alarm is handed
/// over once the server answered (or could not be reached), which never holds up another alarm.
final class DesktopChannel: AlarmChannel, Sendable {
    private let warned = Atomic<Bool>(false)
    let server: NotificationServer

    init(server: NotificationServer) { self.server = server }

    func deliver(_ fired: FiredAlarm, log: @escaping @Sendable (String) -> Void, shown: @escaping @Sendable (UInt32) -> Void) -> Handover {
        let completion = Handover.Completion()
        server.notify(notification(fired)) { [self] answer in
            defer { completion.finish() }
            switch answer {
            case .success(let id): shown(id)  // what its ActionInvoked and NotificationClosed will carry
            case .failure(let failure): warnOnce("no desktop notification (\(failure)); the other channels go on", log)
            }
        }
        return .pending(completion)
    }

    func notification(_ fired: FiredAlarm) -> DesktopNotification {
        DesktopNotification(
            appName: "remindersd", summary: fired.title, body: body(fired),
            actions: (fired.canComplete ? [("complete", "Complete")] : []) + [("snooze", "Snooze")], urgency: .critical)
    }

    /// The due time (a reminder's) or start (an event's), the list or calendar and the first line of the notes.
    func body(_ fired: FiredAlarm) -> String {
        var parts: [String] = []
        let late = fired.late ? " (late)" : ""
        switch fired.item {
        case .reminder(let reminder):
            if let due = reminder.dueDateComponents { parts.append("Due " + Self.text(due) + late) }
            if let rule = reminder.recurrenceRules.first { parts.append("Repeats " + RepeatText.words(rule, start: reminder.dueDateComponents)) }
        case .event(let occurrence):
            let start =
                occurrence.event.isAllDay
                ? occurrence.start
                : ItemDateComponents.wallClock(of: occurrence.startDate(in: fired.zone), in: fired.zone)
            parts.append((occurrence.event.isAllDay ? "All day " : "Starts ") + Self.text(start) + late)
            if let place = occurrence.event.location { parts.append(place) }
        }
        if let list = fired.listTitle { parts.append(list) }
        if let first = fired.notes?.split(separator: "\n").first { parts.append(String(first)) }
        return parts.joined(separator: "\n")
    }

    /// `Mon 2026-12-07 07:00`: with its weekday, as every date a person reads.
    static func text(_ date: ItemDateComponents) -> String {
        let weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][
            CivilDate.weekday(days: CivilDate.toDays(year: date.year, month: date.month, day: date.day))]
        var text = weekday + String(format: " %04d-%02d-%02d", date.year, date.month, date.day)
        if let hour = date.hour { text += String(format: " %02d:%02d", hour, date.minute ?? 0) }
        return text
    }

    private func warnOnce(_ text: String, _ log: (String) -> Void) {
        if !warned.exchange(true, ordering: .acquiringAndReleasing) { log(text) }
    }
}
