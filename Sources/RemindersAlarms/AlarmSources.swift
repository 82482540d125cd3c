import Foundation
import RemindersModel
import RemindersStore

/// One alarm of one occurrence that has not been decided yet, as a source found it: what the
/// agent's loop fires, records as missed, or waits for.
struct PendingFiring {
    var key: AlarmDelivery.Key
    var fireDate: Timestamp
    var item: FiredAlarm.Item
    var alarm: Alarm
}

/// Where the agent's loop finds one kind's undecided alarms: reminders' and events' are stored and
/// expanded differently, and fired the same way.
protocol AlarmSource {
    /// The undecided alarms firing from `from` through `horizon`, and how many items were looked
    /// at (for the debug line). `catchUpFrom`: how far back a source that does not record missed
    /// alarms looks.
    func pendingFirings(from: Timestamp, through horizon: Timestamp, catchUpFrom: Timestamp) throws -> (firings: [PendingFiring], candidates: Int)
}

/// Reminders' time alarms, from the store's fire-time index: past ones too, from `from` (every one,
/// at the agent's first pass), so that what was missed is recorded as missed once.
struct ReminderAlarmSource: AlarmSource {
    let eventStore: EventStore
    let zone: TimeZone

    func pendingFirings(from: Timestamp, through horizon: Timestamp, catchUpFrom: Timestamp) throws -> (firings: [PendingFiring], candidates: Int) {
        let reminders = try eventStore.read({ store throws(StoreError) in
            try store.remindersWithUndecidedAlarms(firingFrom: from, through: horizon, in: zone)
        })
        var found: [PendingFiring] = []
        for reminder in reminders {
            let occurrence = AlarmDelivery.occurrence(of: reminder)
            for alarm in reminder.alarms {
                guard let fireDate = alarm.fireDate(of: reminder, in: zone), fireDate <= horizon else { continue }
                let key = AlarmDelivery.Key(
                    itemIdentifier: reminder.calendarItemIdentifier, alarmIdentifier: alarm.alarmIdentifier, occurrence: occurrence)
                found.append(PendingFiring(key: key, fireDate: fireDate, item: .reminder(reminder), alarm: alarm))
            }
        }
        return (found, reminders.count)
    }
}

/// Events' alarms, each occurrence's: single events through their fire-time index, series
/// expanded over the window. A past one only from `catchUpFrom` (an event's missed alarms are not
/// recorded), and one already decided for its fire date is left out.
struct EventAlarmSource: AlarmSource {
    let eventStore: EventStore
    let zone: TimeZone

    func pendingFirings(from: Timestamp, through horizon: Timestamp, catchUpFrom: Timestamp) throws -> (firings: [PendingFiring], candidates: Int) {
        let from = max(from, catchUpFrom)
        // One snapshot: the series, their replaced occurrences and what was decided, as of one moment.
        return try eventStore.read { store throws(StoreError) in
            let events = try store.eventsWithAlarms(firingFrom: from, through: horizon, in: zone)
            let replaced = try store.replacedOccurrences(ofSeries: events.filter { !$0.recurrenceRules.isEmpty }.map(\.eventIdentifier))
            var found: [PendingFiring] = []
            for event in events {
                let firings = event.alarmFirings(from: from, to: horizon, in: zone, replaced: replaced[event.eventIdentifier] ?? [])
                guard !firings.isEmpty else { continue }
                let decided = try store.decidedOccurrences(of: event.eventIdentifier)
                for firing in firings {
                    let key = AlarmDelivery.Key(
                        itemIdentifier: event.eventIdentifier, alarmIdentifier: firing.alarm.alarmIdentifier,
                        occurrence: Event.occurrenceKey(firing.occurrence.start))
                    guard !decided.contains(AlarmDelivery.Decision(key: key, fireDate: firing.fireDate)) else { continue }
                    found.append(PendingFiring(key: key, fireDate: firing.fireDate, item: .event(firing.occurrence), alarm: firing.alarm))
                }
            }
            return (found, events.count)
        }
    }
}
