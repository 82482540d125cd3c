import RemindersCivilTime
import Foundation

/// The next occurrence of a series and what its rule becomes once that occurrence is current.
extension RecurrenceRule {
    /// The first occurrence strictly after `current`, the series' present instance (RFC 5545's
    /// DTSTART, which counts as an instance even when the rule would not produce it);
    /// nil when the series has ended. A floating or all-day occurrence is placed in `zone` (the
    /// reader's) before it is compared with an end that is an instant; a wall-clock end is
    /// compared with the occurrence's wall clock, in its own zone.
    public func occurrence(after current: ItemDateComponents, in zone: TimeZone) -> ItemDateComponents? {
        if case .occurrenceCount(let count) = recurrenceEnd, count <= 1 { return nil }
        guard let day = RecurrenceExpansion(rule: self, start: current).nextDay() else { return nil }
        let (year, month, dayOfMonth) = CivilDate.fromDays(day)
        // Date components go up to the year 9999 (and are stored as four digits): the series ends there.
        guard year <= 9999 else { return nil }
        var next = current
        (next.year, next.month, next.day) = (year, month, dayOfMonth)
        if let recurrenceEnd, recurrenceEnd.excludes(next, in: zone) { return nil }
        return next
    }

    /// This rule for the rest of the series once `occurrence(after:)` became the current instance:
    /// a count goes down by one, since the new current instance is the first of what remains.
    public var advanced: RecurrenceRule {
        var rule = self
        if case .occurrenceCount(let count) = recurrenceEnd { rule.recurrenceEnd = .occurrenceCount(count - 1) }
        return rule
    }
}

extension ItemDateComponents {
    /// This date moved by `seconds` of wall-clock time (a whole number of days for all-day dates),
    /// keeping which components it has.
    public func shifted(byWallClockSeconds seconds: Int64) -> ItemDateComponents {
        let moved = wallClockSeconds + seconds
        let days = moved.floorDivided(by: 86_400)
        let secondOfDay = Int(moved - days * 86_400)
        var copy = self
        (copy.year, copy.month, copy.day) = CivilDate.fromDays(days)
        if hour != nil { copy.hour = secondOfDay / 3600 }
        if minute != nil { copy.minute = secondOfDay / 60 % 60 }
        if second != nil { copy.second = secondOfDay % 60 }
        return copy
    }
}
