import RemindersModel

extension EventStore {
    /// The time alarms of open reminders — and, `includingEvents`, of events' occurrences — firing
    /// in `from..<to`, read in this client's zone, soonest first: a snoozed one at its new time, a
    /// dismissed one not at all. Location alarms have no time: they are not among them.
    public func upcomingAlarms(from: Timestamp, to: Timestamp, includingEvents: Bool = true) throws(StoreError) -> [ScheduledAlarm] {
        try store.read { () throws(StoreError) -> [ScheduledAlarm] in
            let reminders = try store.reminders(matching: ReminderPredicate(kind: .incomplete), in: timeZone)
                .filter { !$0.alarms.isEmpty && sees($0.calendarIdentifier) }
            let held = try store.heldAlarms()
            // A decision holds for the alarm while it fires when it was decided for (one re-timed since is another).
            func decision(_ key: String, firing: Timestamp?) -> (fireDate: Timestamp?, snoozed: Bool)? {
                guard let decided = held[key], decided.fireDate == firing else { return nil }
                switch (decided.state, decided.until) {
                case (.snoozed, let until?): return (until, true)
                default: return (nil, false)  // dismissed
                }
            }
            var upcoming = ScheduledAlarm.upcoming(reminders, from: from, to: to, in: timeZone) { reminder, alarm in
                decision(
                    "\(reminder.calendarItemIdentifier) \(alarm.alarmIdentifier) \(AlarmDelivery.occurrence(of: reminder))",
                    firing: alarm.fireDate(of: reminder, in: timeZone))
            }
            guard includingEvents else { return upcoming }
            // A snoozed one may fire in the window though its own time came before it.
            let earliest = Timestamp(milliseconds: from.milliseconds - 7 * 86_400_000)
            let candidates = try store.eventsWithAlarms(firingFrom: earliest, through: to, in: timeZone).filter {
                sees($0.calendarIdentifier, .event)
            }
            let replaced = try store.replacedOccurrences(ofSeries: candidates.filter { !$0.recurrenceRules.isEmpty }.map(\.eventIdentifier))
            for event in candidates {
                for firing in event.alarmFirings(from: earliest, to: to, in: timeZone, replaced: replaced[event.eventIdentifier] ?? []) {
                    var fireDate = firing.fireDate
                    var snoozed = false
                    if let held = decision(
                        "\(event.eventIdentifier) \(firing.alarm.alarmIdentifier) \(Event.occurrenceKey(firing.occurrence.start))",
                        firing: firing.fireDate)
                    {
                        guard let until = held.fireDate else { continue }
                        (fireDate, snoozed) = (until, held.snoozed)
                    }
                    guard fireDate >= from, fireDate < to else { continue }
                    var entry = ScheduledAlarm(
                        itemIdentifier: event.eventIdentifier, alarmIdentifier: firing.alarm.alarmIdentifier,
                        title: event.title, fireDate: fireDate, occurrenceDate: firing.occurrence.startDate(in: timeZone),
                        snoozed: snoozed)
                    entry.entityType = .event
                    upcoming.append(entry)
                }
            }
            return upcoming.sorted {
                ($0.fireDate, $0.itemIdentifier, $0.alarmIdentifier) < ($1.fireDate, $1.itemIdentifier, $1.alarmIdentifier)
            }
        }
    }
}
