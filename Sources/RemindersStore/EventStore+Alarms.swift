import RemindersModel

extension EventStore {
    /// The time alarms of open reminders firing in `from..<to`, read in this client's zone, soonest
    /// first: a snoozed one at its new time, a dismissed one not at all.
    public func upcomingAlarms(from: Timestamp, to: Timestamp) throws(StoreError) -> [ScheduledAlarm] {
        let reminders = try store.reminders(matching: ReminderPredicate(kind: .incomplete), in: timeZone).filter { !$0.alarms.isEmpty }
        let held = try store.heldAlarms()
        return ScheduledAlarm.upcoming(reminders, from: from, to: to, in: timeZone) { reminder, alarm in
            switch held["\(reminder.calendarItemIdentifier) \(alarm.alarmIdentifier) \(AlarmDelivery.occurrence(of: reminder))"] {
            case (.snoozed, let until?)?: (until, true)
            case (_, _)?: (nil, false)  // dismissed
            case nil: nil
            }
        }
    }
}
