import Foundation

/// When a time alarm fires, as EventKit and Apple's Reminders compute it (issue 11's agent and its
/// `upcomingAlarms` build on this).
extension Alarm {
    /// The instant this alarm of `reminder` fires, read in `zone` (the zone of whoever fires it):
    /// an absolute alarm at its date; a relative one at the due date (or, relative to the start,
    /// the start date) plus its offset, a floating or all-day date being read in `zone`, an all-day
    /// date from 00:00 of its day (so -54000 is 09:00 the day before). Nil for a location alarm, a
    /// relative one without its date, and every alarm of a completed reminder (only open reminders remind).
    public func fireDate(of reminder: Reminder, in zone: TimeZone) -> Timestamp? {
        guard !reminder.isCompleted else { return nil }
        switch trigger {
        case .absolute(let date):
            return date
        case .relative(let offset):
            guard let due = reminder.dueDateComponents else { return nil }
            return Timestamp(milliseconds: due.instant(in: zone).milliseconds + Int64((offset * 1000).rounded()))
        case .relativeToStart(let offset):
            guard let start = reminder.startDateComponents else { return nil }
            return Timestamp(milliseconds: start.instant(in: zone).milliseconds + Int64((offset * 1000).rounded()))
        case .location:
            return nil
        }
    }
}

/// One time alarm due to fire, for a schedule or a listing: a reminder's, or an event occurrence's.
public struct ScheduledAlarm: Equatable, Sendable {
    /// The reminder's identifier, or the event's (a series', or a detached occurrence's).
    public var itemIdentifier: String
    public var entityType: EntityType = .reminder
    public var alarmIdentifier: String
    public var title: String
    public var fireDate: Timestamp
    /// The due date (a reminder's) or the start (an event occurrence's) the alarm belongs to (nil without one).
    public var occurrenceDate: Timestamp?
    /// It fires at `fireDate` because it was snoozed.
    public var snoozed = false

    public init(
        itemIdentifier: String, alarmIdentifier: String, title: String, fireDate: Timestamp, occurrenceDate: Timestamp? = nil,
        snoozed: Bool = false
    ) {
        self.itemIdentifier = itemIdentifier
        self.alarmIdentifier = alarmIdentifier
        self.title = title
        self.fireDate = fireDate
        self.occurrenceDate = occurrenceDate
        self.snoozed = snoozed
    }

    /// The time alarms of `reminders` that fire in `from..<to`, soonest first (ties by reminder and
    /// alarm identifier, so the order is the same every time). `held` says what became of an alarm
    /// at its fire date: nil when it was dismissed, a later time when it was snoozed.
    public static func upcoming(
        _ reminders: [Reminder], from: Timestamp, to: Timestamp, in zone: TimeZone,
        held: (Reminder, Alarm) -> (fireDate: Timestamp?, snoozed: Bool)? = { _, _ in nil }
    ) -> [ScheduledAlarm] {
        var found: [ScheduledAlarm] = []
        for reminder in reminders {
            for alarm in reminder.alarms {
                guard var date = alarm.fireDate(of: reminder, in: zone) else { continue }
                var snoozed = false
                if let decision = held(reminder, alarm) {
                    guard let until = decision.fireDate else { continue }
                    date = until
                    snoozed = decision.snoozed
                }
                guard date >= from, date < to else { continue }
                found.append(
                    ScheduledAlarm(
                        itemIdentifier: reminder.calendarItemIdentifier, alarmIdentifier: alarm.alarmIdentifier,
                        title: reminder.title, fireDate: date,
                        occurrenceDate: reminder.occurrenceDate?.instant(in: zone), snoozed: snoozed))
            }
        }
        return found.sorted {
            ($0.fireDate, $0.itemIdentifier, $0.alarmIdentifier) < ($1.fireDate, $1.itemIdentifier, $1.alarmIdentifier)
        }
    }
}
