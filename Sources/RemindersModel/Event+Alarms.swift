import Foundation

/// When an event's alarms fire, as EventKit computes them: a relative alarm at each occurrence's
/// start plus its offset, an absolute one at its date (for the first occurrence it falls on or
/// before, once).
extension Event {
    public struct AlarmFiring: Equatable, Sendable {
        public var occurrence: EventOccurrence
        public var alarm: Alarm
        public var fireDate: Timestamp
    }

    /// The time alarms firing in `from...to`, read in `zone`, in no particular order; the
    /// occurrences `replaced` (by detached ones, which fire their own) left out.
    public func alarmFirings(from: Timestamp, to: Timestamp, in zone: TimeZone, replaced: Set<Int64> = []) -> [AlarmFiring] {
        var firings: [AlarmFiring] = []
        for alarm in alarms {
            switch alarm.trigger {
            case .relative(let offset), .relativeToStart(let offset):  // an event's alarms count from its start either way
                let shift = Int64((offset * 1000).rounded())
                for occurrence in occurrences(from: from.advanced(by: -shift), to: to.advanced(by: 1 - shift), in: zone, replaced: replaced) {
                    let fires = occurrence.startDate(in: zone).advanced(by: shift)
                    if fires >= from && fires <= to { firings.append(AlarmFiring(occurrence: occurrence, alarm: alarm, fireDate: fires)) }
                }
            case .absolute(let date):
                guard date >= from && date <= to else { continue }
                let first =
                    occurrences(from: date, to: date.advanced(by: 366 * 86_400_000), in: zone).first
                    ?? EventOccurrence(event: self, start: start, occurrenceStart: start)
                firings.append(AlarmFiring(occurrence: first, alarm: alarm, fireDate: date))
            case .location:
                continue
            }
        }
        return firings
    }

    /// For a series that ends, the latest moment one of its time alarms can fire, in any zone (a
    /// floating series' taken 14 hours late); nil for a series without end, one of over 10,000
    /// occurrences (not worked out here), or one without time alarms — any of which may fire at
    /// any time, as far as this says. What lets the agent leave ended series unread.
    public var lastAlarmFire: Timestamp? {
        guard let rule = recurrenceRules.first, let end = rule.recurrenceEnd else { return nil }
        var lastStart: Int64
        switch end {
        case .endDate(let until):
            lastStart = until.milliseconds  // no occurrence starts after it
        case .endDateComponents(let until):
            // Read as UTC, like a floating start below (which is then taken 14 hours late); a zoned
            // series' wall clock is at most 14 hours behind UTC as well.
            lastStart = until.wallClockSeconds * 1000 + (until.hour == nil ? 86_399_000 : 0) + (start.isFloating ? 0 : 14 * 3_600_000)
        case .occurrenceCount(let count):
            guard count <= 10_000 else { return nil }
            var current = start
            for _ in 1..<max(count, 1) {
                guard let next = rule.occurrence(after: current, in: .utc) else { break }
                current = next
            }
            lastStart = current.instant(in: .utc).milliseconds
        }
        if start.isFloating { lastStart += 14 * 3_600_000 }
        let fires: [Int64] = alarms.compactMap { alarm in
            switch alarm.trigger {
            case .relative(let offset), .relativeToStart(let offset): return lastStart + Int64((offset * 1000).rounded())
            case .absolute(let date): return date.milliseconds
            case .location: return nil
            }
        }
        return fires.max().map(Timestamp.init(milliseconds:))
    }
}
