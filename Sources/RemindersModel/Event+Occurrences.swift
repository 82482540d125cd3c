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
        func overlaps(_ start: ItemDateComponents) -> Bool {
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
        var current: ItemDateComponents? = Self.firstCandidate(of: rule, start: start, before: from, duration: duration)
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

    /// Where walking the series may begin for a range from `from`: the start itself, or — for a
    /// rule without BY parts and without a count, whose every step from the start is an occurrence —
    /// the last whole step a few days and the event's length before `from`, so that a series
    /// begun years ago is not walked from its first day at every fetch.
    static func firstCandidate(of rule: RecurrenceRule, start: ItemDateComponents, before from: Timestamp, duration: Int64) -> ItemDateComponents {
        let plain =
            rule.daysOfTheWeek == nil && rule.daysOfTheMonth == nil && rule.monthsOfTheYear == nil && rule.weeksOfTheYear == nil
            && rule.daysOfTheYear == nil && rule.setPositions == nil
        if case .occurrenceCount = rule.recurrenceEnd { return start }
        guard plain, rule.interval >= 1 else { return start }
        let stepDays: Int64
        switch rule.frequency {
        case .daily: stepDays = Int64(rule.interval)
        case .weekly: stepDays = 7 * Int64(rule.interval)
        case .monthly, .yearly:
            // Whole months, while every month has the start's day (the 29th–31st are skipped in some).
            guard start.day <= 28 else { return start }
            let target = ItemDateComponents.wallClock(of: from.advanced(by: -(duration + 3 * 86_400_000)), in: .utc)
            let months = (target.year - start.year) * 12 + (target.month - start.month) - 1
            let step = rule.frequency == .monthly ? rule.interval : 12 * rule.interval
            let steps = months / step
            guard steps > 0 else { return start }
            var moved = start
            let total = (start.month - 1) + steps * step
            moved.year += total / 12
            moved.month = total % 12 + 1
            return moved
        }
        let margin = duration / 1000 + 2 * 86_400
        let behind = (from.milliseconds / 1000 - margin) - (start.instant(in: .utc).milliseconds / 1000)
        guard behind > 0 else { return start }
        let steps = behind / (stepDays * 86_400)
        return steps > 0 ? start.shifted(byWallClockSeconds: steps * stepDays * 86_400) : start
    }

    /// The first occurrence the series has, but for the removed ones and those in `replaced` (keys of
    /// detached occurrences); nil when it has none left (looked for among its first 10,000).
    public func firstOccurrence(skipping replaced: Set<Int64> = [], in zone: TimeZone) -> ItemDateComponents? {
        let skipped = Set(exceptionDates).union(replaced)
        var current: ItemDateComponents? = start
        var rule = recurrenceRules.first
        for _ in 0..<10_000 {
            guard let occurrence = current else { return nil }
            if !skipped.contains(Event.occurrenceKey(occurrence)) { return occurrence }
            guard let walking = rule, !isDetached else { return nil }
            current = walking.occurrence(after: occurrence, in: zone)
            rule = walking.advanced
        }
        return nil
    }

    /// The series' occurrence whose start is `instant` read in `zone`, if it has one.
    public func occurrence(at instant: Timestamp, in zone: TimeZone) -> ItemDateComponents? {
        occurrences(from: instant, to: instant.advanced(by: 1), in: zone).first { $0.start.instant(in: zone) == instant }?.start
            ?? (start.instant(in: zone) == instant ? start : nil)
    }

    /// How many occurrences the series has before the one whose key is `key` (removed ones
    /// included): the count a series ended just before it keeps.
    public func occurrenceCount(before key: Int64, in zone: TimeZone) -> Int {
        var count = 0
        var current: ItemDateComponents? = start
        var rule = recurrenceRules.first
        while let occurrence = current, Event.occurrenceKey(occurrence) < key {
            count += 1
            guard let walking = rule else { break }
            current = walking.occurrence(after: occurrence, in: zone)
            rule = walking.advanced
        }
        return count
    }
}
