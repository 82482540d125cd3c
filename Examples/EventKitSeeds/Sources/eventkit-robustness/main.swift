// A program on EventKit whose server goes away (issue 35, 6): started by a remindersd that exits at
// once, or killed while the program saves. Every call must end in an EKError — never SIGPIPE
// killing the program, never a hang. scripts/eventkit-seeds runs it against both.
import EventKit
import Foundation

let store = EKEventStore()
var outcome = "no error"
for index in 0..<400 {
    let reminder = EKReminder(eventStore: store)
    reminder.title = "Large \(index)"
    reminder.notes = String(repeating: "n", count: 200_000)  // big saves: a write is under way when it goes
    reminder.calendar = store.defaultCalendarForNewReminders() ?? EKCalendar(for: .reminder, eventStore: store)
    do {
        try store.save(reminder, commit: true)
    } catch {
        let bridged = error as NSError
        outcome = "EKError \(error is EKError ? "yes" : "no"), domain \(bridged.domain)"
        break
    }
}
print("outcome: \(outcome)")
print("alive")
