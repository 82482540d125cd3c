import Foundation

/// The occurrences of an event in a range, as `events(matching:)` gives them.
extension Event {
    /// The occurrences of this event (a series, or a single event) overlapping `from..<to`, read
    /// in `zone`, in start order: the series' rule applied from its start (its count and end date
    /// included), without the removed occurrences and those `detached` replaces (by occurrence
    /// key), whose own occurrences the caller adds.
    public func occurrences(from: Timestamp, to: Timestamp, in zone: TimeZone, replaced: Set<Int64> = []) -> [EventOccurrence] {
        let lead = isAllDay ? 86_400_000 * 2 : 0  // an all-day day is longest read in the farthest zone
        // [start, end) meets [from, to); an event without length meets it when it starts in it.
        func overlaps(_ start: ReminderDateComponents) -> Bool {
            let occurrence = EventOccurrence(event: self, start: start, occurrenceStart: start)
            let begins = occurrence.startDate(in: zone)
            let ends = isAllDay ? occurrence.endDate(in: zone).advanced(by: 1000) : begins.advanced(by: duration)
            return begins < to && (ends > from || (begins == ends && begins >= from))
        }
        guard let rule = recurrenceRules.first, !isDetached else {
            return overlaps(start) ? [EventOccurrence(event: self, start: start, occurrenceStart: start)] : []
        }
        let skipped = Set(exceptionDates).union(replaced)
        var found: [EventOccurrence] = []
        var current: ReminderDateComponents? = start
        var currentRule = rule
        while let occurrence = current, occurrence.instant(in: zone).milliseconds < to.milliseconds + Int64(lead) {
            if overlaps(occurrence), !skipped.contains(Event.occurrenceKey(occurrence)) {
                found.append(EventOccurrence(event: self, start: occurrence, occurrenceStart: occurrence))
            }
            current = currentRule.occurrence(after: occurrence, in: zone)
            currentRule = currentRule.advanced
        }
        return found
    }

    /// The series' occurrence whose start is `instant` read in `zone`, if it has one.
    public func occurrence(at instant: Timestamp, in zone: TimeZone) -> ReminderDateComponents? {
        occurrences(from: instant, to: instant.advanced(by: 1), in: zone).first { $0.start.instant(in: zone) == instant }?.start
            ?? (start.instant(in: zone) == instant ? start : nil)
    }
}
