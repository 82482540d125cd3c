import Foundation

/// When a time alarm fires, as EventKit and Apple's Reminders compute it (issue 11's agent and its
/// `upcomingAlarms` build on this).
extension Alarm {
    /// The instant this alarm of `reminder` fires, read in `zone` (the zone of whoever fires it):
    /// an absolute alarm at its date; a relative one at the due date plus its offset, a floating or
    /// all-day due date being read in `zone`, an all-day date from 00:00 of its day (so -54000 is
    /// 09:00 the day before). Nil for a location alarm, a relative one without a due date, and
    /// every alarm of a completed reminder (only open reminders remind).
    public func fireDate(of reminder: Reminder, in zone: TimeZone) -> Timestamp? {
        guard !reminder.isCompleted else { return nil }
        switch trigger {
        case .absolute(let date):
            return date
        case .relative(let offset):
            guard let due = reminder.dueDateComponents else { return nil }
            return Timestamp(milliseconds: due.instant(in: zone).milliseconds + Int64((offset * 1000).rounded()))
        case .location:
            return nil
        }
    }
}

/// One time alarm due to fire, for a schedule or a listing.
public struct ScheduledAlarm: Equatable, Sendable {
    public var reminderIdentifier: String
    public var alarmIdentifier: String
    public var title: String
    public var fireDate: Timestamp

    public init(reminderIdentifier: String, alarmIdentifier: String, title: String, fireDate: Timestamp) {
        self.reminderIdentifier = reminderIdentifier
        self.alarmIdentifier = alarmIdentifier
        self.title = title
        self.fireDate = fireDate
    }

    /// The time alarms of `reminders` that fire in `from..<to`, soonest first (ties by reminder and
    /// alarm identifier, so the order is the same every time).
    public static func upcoming(_ reminders: [Reminder], from: Timestamp, to: Timestamp, in zone: TimeZone) -> [ScheduledAlarm] {
        var found: [ScheduledAlarm] = []
        for reminder in reminders {
            for alarm in reminder.alarms {
                guard let date = alarm.fireDate(of: reminder, in: zone), date >= from, date < to else { continue }
                found.append(ScheduledAlarm(reminderIdentifier: reminder.calendarItemIdentifier, alarmIdentifier: alarm.alarmIdentifier,
                                            title: reminder.title, fireDate: date))
            }
        }
        return found.sorted {
            ($0.fireDate, $0.reminderIdentifier, $0.alarmIdentifier) < ($1.fireDate, $1.reminderIdentifier, $1.alarmIdentifier)
        }
    }
}
