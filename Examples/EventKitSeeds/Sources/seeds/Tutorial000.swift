// The code of ../shared/seeds/000 ("EventKit reminders manager"), written in Swift 2's names there,
// here with today's Swift names for the same calls (`requestAccessToEntityType` is
// `requestAccess(to:)`, `predicateForRemindersInCalendars` is `predicateForReminders(in:)`,
// `fetchRemindersMatchingPredicate` is `fetchReminders(matching:)`, `saveReminder` and
// `removeReminder` are `save(_:commit:)` and `remove(_:commit:)`, `dispatch_async` is
// `DispatchQueue.main.async`). The table view it fills is a list printed instead.
import EventKit
import Foundation

final class RemindersManager {
    var eventStore: EKEventStore!
    var reminders: [EKReminder]!
    var table: [String] = []
    var loaded = DispatchSemaphore(value: 0)

    // ViewController.viewWillAppear
    func viewWillAppear() {
        // 1
        self.eventStore = EKEventStore()
        self.reminders = [EKReminder]()
        self.eventStore.requestAccess(to: EKEntityType.reminder) { (granted: Bool, error: Error?) -> Void in

            if granted {
                // 2
                let predicate = self.eventStore.predicateForReminders(in: nil)
                self.eventStore.fetchReminders(
                    matching: predicate,
                    completion: { (reminders: [EKReminder]?) -> Void in

                        self.reminders = reminders
                        DispatchQueue.main.async {
                            self.reloadData()
                        }
                    })
            } else {
                print("The app is not permitted to access reminders, make sure to grant permission in the settings and try again")
                self.loaded.signal()
            }
        }
    }

    // tableView(_:cellForRowAt:)
    func reloadData() {
        table = reminders.map { reminder in
            let formatter: DateFormatter = DateFormatter()
            formatter.dateFormat = "yyyy-MM-dd"
            if let dueDate = reminder.dueDateComponents?.date {
                return reminder.title + " " + formatter.string(from: dueDate)
            } else {
                return reminder.title + " N/A"
            }
        }
        loaded.signal()
    }

    // tableView(_:commit:forRowAt:)
    func commitEditingStyle(forRowAt row: Int) {
        let reminder: EKReminder = reminders[row]
        do {
            try eventStore.remove(reminder, commit: true)
            self.reminders.remove(at: row)
        } catch {
            print("An error occurred while removing the reminder from the Calendar database: \(error)")
        }
    }

    // NewReminder.saveNewReminder
    func saveNewReminder(text: String, date: Date) {
        // 1
        let reminder = EKReminder(eventStore: self.eventStore)
        reminder.title = text
        let dueDateComponents = dateComponentFromNSDate(date: date)
        reminder.dueDateComponents = dueDateComponents
        reminder.calendar = self.eventStore.defaultCalendarForNewReminders()
        // 2
        do {
            try self.eventStore.save(reminder, commit: true)
        } catch {
            print("Error creating and saving new reminder : \(error)")
        }
    }

    // ReminderDetails.saveReminder
    func saveReminder(_ reminder: EKReminder, text: String, date: Date) {
        reminder.title = text
        let dueDateComponents = dateComponentFromNSDate(date: date)
        reminder.dueDateComponents = dueDateComponents
        reminder.calendar = self.eventStore.defaultCalendarForNewReminders()
        do {
            try self.eventStore.save(reminder, commit: true)
        } catch {
            print("Error creating and saving new reminder : \(error)")
        }
    }

    // AppDelegate.dateComponentFromNSDate
    func dateComponentFromNSDate(date: Date) -> DateComponents {
        let calendarUnit: Set<Calendar.Component> = [.hour, .day, .month, .year]
        let dateComponents = Calendar.current.dateComponents(calendarUnit, from: date)
        return dateComponents
    }
}
