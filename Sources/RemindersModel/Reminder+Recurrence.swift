import Foundation

/// What completing one occurrence of a recurring reminder does, as Reminders does it.
public struct CompletedOccurrence: Equatable, Sendable {
    /// The live reminder: same identifier, incomplete, moved to the next open occurrence.
    /// When the series has no next occurrence it is the original itself, completed.
    public var advanced: Reminder
    /// A new, completed reminder recording the finished occurrence — in the series' own form
    /// (`ReminderSeries.CompletionForm.completedCopy`) only; nil when the series ended.
    public var record: Reminder?
}

/// Where a series stands: at an occurrence to do, done with, or beyond what a walk can tell.
public enum SeriesPosition: Equatable, Sendable {
    case open(Reminder)
    /// Every occurrence is done or removed: the reminder completed (when any was done) or as it was.
    case ended(Reminder, anyDone: Bool)
    /// No open occurrence within `OccurrenceWalk.limit` steps.
    case unreachable
}

extension Reminder {
    /// The dates the series' occurrences are counted from: the master's in the override form, the
    /// reminder's own in the others (where the series itself moves on).
    var seriesDates: (start: ItemDateComponents?, due: ItemDateComponents?) {
        if series.form == .override, series.start != nil || series.due != nil { return (series.start, series.due) }
        return (startDateComponents, dueDateComponents)
    }

    /// The key of the occurrence this reminder stands for.
    public var currentOccurrenceKey: Int64? {
        series.occurrence ?? (startDateComponents ?? dueDateComponents)?.occurrenceKey
    }

    /// This reminder — read as its series' master, its dates the series' first occurrence — shown
    /// at the series' first occurrence neither removed nor done. In the override form the rules
    /// stay the series' (its master keeps them) and `series` keeps where it began; in the others the
    /// reminder becomes the series from that occurrence on, its counts less what was walked past.
    public func atFirstOpenOccurrence(in zone: TimeZone) -> SeriesPosition {
        let dates = (start: startDateComponents, due: dueDateComponents)
        guard let anchor = dates.start ?? dates.due, hasRecurrenceRules, !isCompleted else { return .open(self) }
        if series.form == .override {
            var master = self; (master.series.start, master.series.due) = dates; return master.position(from: anchor, in: zone)
        }
        return position(from: anchor, in: zone)
    }

    private func position(from anchor: ItemDateComponents, in zone: TimeZone) -> SeriesPosition {
        var walk = OccurrenceWalk(anchor: anchor, rules: recurrenceRules, additionalDates: series.additionalDates, zone: zone)
        var occurrence: ItemDateComponents? = anchor
        for _ in 0..<OccurrenceWalk.limit {
            guard let candidate = occurrence, !series.isEnded(at: candidate.occurrenceKey) else { return ended() }
            if !series.isSkipped(candidate.occurrenceKey) {
                var shown = moved(to: candidate, from: anchor, rules: series.form == .override ? recurrenceRules : walk.rules, in: zone)
                shown.series = shown.series.pruned(before: candidate.occurrenceKey)
                return .open(shown)
            }
            occurrence = walk.next()
        }
        return .unreachable
    }

    private func ended() -> SeriesPosition {
        guard let last = series.completed.values.max() else { return .ended(self, anyDone: false) }
        var done = self
        done.isCompleted = true
        done.completionDate = last
        return .ended(done, anyDone: true)
    }

    /// Splits a recurring reminder that was just completed (`self`, already marked completed) into
    /// the series moved to its next open occurrence and — in the completed-copy form — the record
    /// of the finished one. The next occurrence is the series' (from its start, else its due date;
    /// the due date keeps its distance from the start), never one removed or done elsewhere.
    /// Relative alarms follow the dates by themselves; absolute alarms move by the same distance
    /// (read as instants), so "the evening before" stays the evening before. `zone` is the reader's,
    /// in which floating and all-day occurrences meet the rule's end date.
    public func completingOccurrence(in zone: TimeZone, newIdentifier: () -> String) -> CompletedOccurrence {
        let dates = seriesDates
        guard let anchor = dates.start ?? dates.due, let current = currentOccurrenceKey else {
            return CompletedOccurrence(advanced: self, record: nil)
        }
        var walk = OccurrenceWalk(anchor: anchor, rules: recurrenceRules, additionalDates: series.additionalDates, zone: zone)
        var next: ItemDateComponents?
        for _ in 0..<OccurrenceWalk.limit {
            guard let candidate = walk.next(), !series.isEnded(at: candidate.occurrenceKey) else { break }
            let key = candidate.occurrenceKey
            if key > current, !series.isSkipped(key) { next = candidate; break }
        }
        let doneAt = completionDate ?? lastModifiedDate
        guard let next else {
            var last = self
            if series.form == .override { last.series.completed[current] = doneAt }
            return CompletedOccurrence(advanced: last, record: nil)
        }
        var advanced = moved(to: next, from: anchor, rules: series.form == .override ? recurrenceRules : walk.rules, in: zone)
        advanced.isCompleted = false
        advanced.completionDate = nil
        switch series.form {
        case .override:
            advanced.series.completed[current] = doneAt
            return CompletedOccurrence(advanced: advanced, record: nil)
        case .movedStart:
            return CompletedOccurrence(advanced: advanced, record: nil)
        case .completedCopy:
            var record = self
            record.calendarItemIdentifier = newIdentifier()
            record.calendarItemExternalIdentifier = record.calendarItemIdentifier
            record.recurrenceRules = []
            record.series = ReminderSeries()
            record.alarms = alarms.map { Alarm(alarmIdentifier: newIdentifier(), trigger: $0.trigger) }
            record.creationDate = lastModifiedDate
            return CompletedOccurrence(advanced: advanced, record: record)
        }
    }

    /// This reminder shown at `occurrence` of the series that begins at `anchor`: its dates moved
    /// as far as the occurrence is from the anchor (or to where a change of the occurrence put
    /// them), its title the occurrence's, absolute alarms moved as far as its dates.
    private func moved(to occurrence: ItemDateComponents, from anchor: ItemDateComponents, rules: [RecurrenceRule], in zone: TimeZone) -> Reminder {
        let dates = seriesDates
        let key = occurrence.occurrenceKey
        var shown = self
        let shift = occurrence.wallClockSeconds - anchor.wallClockSeconds
        shown.startDateComponents = dates.start?.shifted(byWallClockSeconds: shift)
        shown.dueDateComponents = dates.due?.shifted(byWallClockSeconds: shift)
        shown.recurrenceRules = rules
        let seriesTitle = series.title ?? title
        shown.title = seriesTitle
        shown.series.title = nil
        shown.series.occurrence = nil
        if let (changedAt, change) = series.change(at: key) {
            if changedAt == key {
                shown.startDateComponents = change.start ?? shown.startDateComponents
                shown.dueDateComponents = change.due ?? shown.dueDateComponents
            } else if let original = shown.startDateComponents ?? shown.dueDateComponents,
                let moved = shown.startDateComponents != nil ? change.start : change.due
            {
                // A change of this and every later occurrence moves each as far as it moved its first.
                let distance = moved.wallClockSeconds - original.withOccurrenceKey(changedAt).wallClockSeconds
                shown.startDateComponents = shown.startDateComponents?.shifted(byWallClockSeconds: distance)
                shown.dueDateComponents = shown.dueDateComponents?.shifted(byWallClockSeconds: distance)
            }
            if let title = change.title, title != seriesTitle { shown.title = title; shown.series.title = seriesTitle }
            if (shown.startDateComponents ?? shown.dueDateComponents)?.occurrenceKey != key { shown.series.occurrence = key }
        }
        if series.form != .override {
            shown.series.changes = series.changes.filter { $0.key > key }
            shown.series.exceptionDates = series.exceptionDates.filter { $0 > key }
            shown.series.additionalDates = series.additionalDates.filter { $0.occurrenceKey > key }
        }
        let from = (startDateComponents ?? dueDateComponents)?.instant(in: zone)
        let to = (shown.startDateComponents ?? shown.dueDateComponents)?.instant(in: zone)
        if let from, let to, from != to {
            let distance = to.milliseconds - from.milliseconds
            shown.alarms = alarms.map { alarm in
                guard case .absolute(let date) = alarm.trigger else { return alarm }
                return Alarm(alarmIdentifier: alarm.alarmIdentifier, trigger: .absolute(date.advanced(by: distance)))
            }
        }
        return shown
    }
}

extension Reminder {
    /// This reminder, whose dates were just changed from `before`'s, with its series following
    /// (the override form, where the series keeps where it began; the others begin where the
    /// reminder is): an occurrence shown through its own change moves alone, else the series moves
    /// as far as the occurrence shown did, what it removed, added, did and changed along with it.
    public func followingDates(of before: Reminder) -> Reminder {
        guard series.form == .override, before.hasRecurrenceRules,
            startDateComponents != before.startDateComponents || dueDateComponents != before.dueDateComponents,
            let key = before.currentOccurrenceKey, let shownBefore = before.startDateComponents ?? before.dueDateComponents,
            let seriesAnchor = before.series.start ?? before.series.due
        else { return self }
        var moved = self
        if before.series.occurrence != nil || before.series.changes[key] != nil {
            var change = series.changes[key] ?? ReminderSeries.Change()
            (change.start, change.due) = (startDateComponents, dueDateComponents)
            moved.series.changes[key] = change
            moved.series.occurrence = key
            return moved
        }
        let offset = shownBefore.wallClockSeconds - seriesAnchor.wallClockSeconds
        moved.series.start = startDateComponents?.shifted(byWallClockSeconds: -offset)
        moved.series.due = dueDateComponents?.shifted(byWallClockSeconds: -offset)
        guard let newAnchor = moved.series.start ?? moved.series.due else { return moved }
        let distance = newAnchor.wallClockSeconds - seriesAnchor.wallClockSeconds
        func move(_ key: Int64) -> Int64 { seriesAnchor.withOccurrenceKey(key).shifted(byWallClockSeconds: distance).occurrenceKey }
        moved.series.exceptionDates = Set(series.exceptionDates.map(move))
        moved.series.additionalDates = series.additionalDates.map { $0.shifted(byWallClockSeconds: distance) }
        moved.series.completed = Dictionary(series.completed.map { (move($0.key), $0.value) }, uniquingKeysWith: max)
        moved.series.changes = Dictionary(series.changes.map { (move($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
        moved.series.doneFrom = series.doneFrom.map(move)
        return moved
    }
}
