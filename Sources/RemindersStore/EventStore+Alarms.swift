import RemindersModel

/// A time alarm to come, as `upcomingAlarms` and `remindersd alarms` list them.
public struct UpcomingAlarm: Equatable, Sendable {
    public var scheduled: ScheduledAlarm
    /// The due date of the occurrence it belongs to, in this store's zone.
    public var occurrenceDate: Timestamp?
    /// It fires at `scheduled.fireDate` because it was snoozed.
    public var snoozed: Bool
}

extension EventStore {
    /// The time alarms of open reminders firing in `from..<to`, read in this client's zone, soonest
    /// first: a snoozed one at its new time, a dismissed one not at all.
    public func upcomingAlarms(from: Timestamp, to: Timestamp) throws(StoreError) -> [UpcomingAlarm] {
        let reminders = try store.reminders(matching: ReminderPredicate(kind: .incomplete), in: timeZone).filter { !$0.alarms.isEmpty }
        let held = try store.heldAlarms()
        var upcoming: [UpcomingAlarm] = []
        for reminder in reminders {
            let occurrence = AlarmDelivery.occurrence(of: reminder)
            for alarm in reminder.alarms {
                guard var fireDate = alarm.fireDate(of: reminder, in: timeZone) else { continue }
                var snoozed = false
                switch held["\(reminder.calendarItemIdentifier) \(alarm.alarmIdentifier) \(occurrence)"] {
                case (.dismissed, _)?: continue
                case (.snoozed, let until?)?: fireDate = until; snoozed = true
                default: break
                }
                guard fireDate >= from, fireDate < to else { continue }
                upcoming.append(UpcomingAlarm(scheduled: ScheduledAlarm(reminderIdentifier: reminder.calendarItemIdentifier,
                                                                        alarmIdentifier: alarm.alarmIdentifier, title: reminder.title,
                                                                        fireDate: fireDate),
                                              occurrenceDate: reminder.dueDateComponents?.instant(in: timeZone), snoozed: snoozed))
            }
        }
        return upcoming.sorted {
            ($0.scheduled.fireDate, $0.scheduled.reminderIdentifier, $0.scheduled.alarmIdentifier)
                < ($1.scheduled.fireDate, $1.scheduled.reminderIdentifier, $1.scheduled.alarmIdentifier)
        }
    }
}
