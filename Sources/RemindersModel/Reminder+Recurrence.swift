import Foundation

/// What completing one occurrence of a recurring reminder does, as Reminders does it.
public struct CompletedOccurrence: Equatable, Sendable {
    /// The live reminder: same identifier, incomplete, moved to the next occurrence.
    /// When the series has no next occurrence it is the original itself, completed.
    public var advanced: Reminder
    /// A new, completed reminder recording the finished occurrence; nil when the series ended.
    public var record: Reminder?
}

extension Reminder {
    /// Splits a recurring reminder that was just completed (`self`, already marked completed)
    /// into the record of the finished occurrence and the series moved to its next occurrence.
    /// Relative alarms follow the due date by themselves; absolute alarms move by the same
    /// distance as the due date (read as instants), so "the evening before" stays the evening before.
    /// `zone` is the reader's, in which floating and all-day occurrences meet the rule's end date.
    public func completingOccurrence(in zone: TimeZone, newIdentifier: () -> String) -> CompletedOccurrence {
        guard let due = dueDateComponents else { return CompletedOccurrence(advanced: self, record: nil) }
        let nexts = recurrenceRules.compactMap { $0.occurrence(after: due, in: zone) }
        guard let next = nexts.min(by: { $0.wallClockSeconds < $1.wallClockSeconds }) else {
            return CompletedOccurrence(advanced: self, record: nil)
        }
        var record = self
        record.calendarItemIdentifier = newIdentifier()
        record.calendarItemExternalIdentifier = record.calendarItemIdentifier
        record.recurrenceRules = []
        record.alarms = alarms.map { Alarm(alarmIdentifier: newIdentifier(), trigger: $0.trigger) }
        record.creationDate = lastModifiedDate

        var advanced = self
        advanced.isCompleted = false
        advanced.completionDate = nil
        let shift = next.wallClockSeconds - due.wallClockSeconds
        advanced.dueDateComponents = next
        advanced.startDateComponents = startDateComponents?.shifted(byWallClockSeconds: shift)
        advanced.recurrenceRules = recurrenceRules.map(\.advanced)
        let distance = next.instant(in: zone).milliseconds - due.instant(in: zone).milliseconds
        advanced.alarms = alarms.map { alarm in
            guard case .absolute(let date) = alarm.trigger else { return alarm }
            return Alarm(alarmIdentifier: alarm.alarmIdentifier, trigger: .absolute(date.advanced(by: distance)))
        }
        return CompletedOccurrence(advanced: advanced, record: record)
    }
}
