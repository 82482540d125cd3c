import Foundation
import RemindersICalendarFormat
import RemindersModel

/// A recurring VTODO's series as the person's other clients write it (RFC 5545 §3.8.5.3): the
/// master's rules, EXDATEs and RDATEs, and its overrides (VTODOs with the same UID and a
/// RECURRENCE-ID) — each completing, cancelling, moving or renaming one occurrence, or with
/// `RANGE=THISANDFUTURE` every one from it on. The reminder shown is the first occurrence neither
/// removed nor done anywhere, and completing it here is written in the form the object already
/// uses (`ReminderSeries.CompletionForm`, decided here).
struct SeriesReader {
    let object: CalendarObject
    /// The master VTODO as read: its dates are the series' first occurrence.
    let master: Reminder
    let uid: String
    let resolver: TimeZoneResolver
    let zone: TimeZone

    private var anchor: ItemDateComponents { (master.startDateComponents ?? master.dueDateComponents)! }
    private var naming: OccurrenceNaming { OccurrenceNaming(series: anchor, resolver: resolver, zone: zone) }

    /// The overrides of the object, each with the key of the occurrence it names and where it is.
    var overrides: [(key: Int64, index: Int, todo: Component)] {
        let master = object.masterIndex
        return object.calendar.components.enumerated().compactMap { index, component in
            guard component.name == "VTODO", index != master, let recurrenceID = component.property("RECURRENCE-ID"),
                let key = try? naming.key(recurrenceID)
            else { return nil }
            return (key, index, component)
        }
    }

    /// The reminder at its series' first open occurrence, and what could not be read as written.
    func shown(notes: inout [String]) -> Reminder {
        var reminder = master
        var series = ReminderSeries(form: form)
        guard let todo = object.todo else { return master }
        for exdate in todo.properties("EXDATE") {
            do { series.exceptionDates.formUnion(try naming.keys(exdate)) } catch {
                notes.append("\(uid): an EXDATE that is no date was left out (line \(exdate.lineNumber ?? 0): \(error.message))")
            }
        }
        for rdate in todo.properties("RDATE") {
            guard rdate.parameter("VALUE")?.uppercased() != "PERIOD" else {
                notes.append("\(uid): an RDATE of periods is kept, but its occurrences are not shown")
                continue
            }
            do { series.additionalDates += try naming.keys(rdate).map(anchor.withOccurrenceKey) } catch {
                notes.append("\(uid): an RDATE that is no date was left out (line \(rdate.lineNumber ?? 0): \(error.message))")
            }
        }
        let overrides = self.overrides
        for (key, chosen) in latest(overrides, notes: &notes) {
            read(chosen, at: key, into: &series)
        }
        if series.completed.isEmpty, series.exceptionDates.isEmpty, series.changes.isEmpty, series.additionalDates.isEmpty,
            series.doneFrom == nil, series.form == .completedCopy
        {
            return reminder  // Apple's form: the master is the occurrence to do
        }
        reminder.series = series
        noteStrays(overrides.map(\.key), notes: &notes)
        switch reminder.atFirstOpenOccurrence(in: zone) {
        case .open(let open):
            return open
        case .ended(let ended, let anyDone):
            if !anyDone { notes.append("\(uid): every occurrence of the series was removed; it is shown at its own dates") }
            return ended
        case .unreachable:
            notes.append("\(uid): no occurrence of the series is left to do within its first \(OccurrenceWalk.limit); it is shown at its own dates")
            return reminder
        }
    }

    /// How this object's client records a completed occurrence: an override where it already
    /// carries overrides or was written by a client that makes them; the start moved on where the
    /// series has no due date (RFC 5545 lets a VTODO recur from DTSTART alone) or Evolution wrote
    /// it; else a completed copy, as Apple's clients and EventKit do.
    var form: ReminderSeries.CompletionForm {
        let product = object.calendar.value("PRODID")?.lowercased() ?? ""
        if !overrides.isEmpty || ["mozilla", "jtx", "em client"].contains(where: product.contains) { return .override }
        if master.dueDateComponents == nil || ["evolution", "ximian"].contains(where: product.contains) { return .movedStart }
        return .completedCopy
    }

    /// Of two overrides of one occurrence, the later LAST-MODIFIED (else DTSTAMP, else the later in
    /// the object) is read; the other stays in the object.
    private func latest(_ overrides: [(key: Int64, index: Int, todo: Component)], notes: inout [String]) -> [(Int64, Component)] {
        var chosen: [Int64: (stamp: Timestamp, todo: Component)] = [:]
        var order: [Int64] = []
        for override in overrides {
            let stamp =
                DateMapping.instant(of: override.todo.property("LAST-MODIFIED") ?? override.todo.property("DTSTAMP"), resolver: resolver)
                ?? Timestamp(milliseconds: Int64.min)
            if let earlier = chosen[override.key] {
                notes.append("\(uid): two overrides of the occurrence \(anchor.withOccurrenceKey(override.key).storageText); the later one was read")
                if earlier.stamp > stamp { continue }
            } else {
                order.append(override.key)
            }
            chosen[override.key] = (stamp, override.todo)
        }
        return order.map { ($0, chosen[$0]!.todo) }
    }

    /// One override: done (completed) or removed (cancelled) — from it on, with THISANDFUTURE —
    /// or changed on its own.
    private func read(_ override: Component, at key: Int64, into series: inout ReminderSeries) {
        var occurrence = master
        TodoReader.readCompletion(override, resolver, into: &occurrence)
        let status = override.value("STATUS")?.uppercased()
        let fromHereOn = override.property("RECURRENCE-ID")?.parameter("RANGE")?.uppercased() == "THISANDFUTURE"
        if occurrence.isCompleted || status == "CANCELLED" {
            if fromHereOn {
                series.doneFrom = min(series.doneFrom ?? key, key)
                if occurrence.isCompleted { series.completed[key] = occurrence.completionDate }
            } else if occurrence.isCompleted {
                series.completed[key] = occurrence.completionDate ?? master.lastModifiedDate
            } else {
                series.exceptionDates.insert(key)
            }
            return
        }
        var change = ReminderSeries.Change(thisAndFuture: fromHereOn)
        change.start = try? TodoReader.date(override.property("DTSTART"), resolver)
        change.due = try? TodoReader.date(override.property("DUE"), resolver)
        if let title = override.value("SUMMARY").map(TextValue.unescape), !TextRules.isBlank(title), title != master.title { change.title = title }
        series.changes[key] = change
    }

    /// Overrides that name no occurrence of the series are kept, and said.
    private func noteStrays(_ keys: [Int64], notes: inout [String]) {
        guard let last = keys.max() else { return }
        var remaining = Set(keys)
        var walk = OccurrenceWalk(anchor: anchor, rules: master.recurrenceRules, additionalDates: [], zone: zone)
        remaining.remove(anchor.occurrenceKey)
        for _ in 0..<OccurrenceWalk.limit where !remaining.isEmpty {
            guard let next = walk.next(), next.occurrenceKey <= last else { break }
            remaining.remove(next.occurrenceKey)
        }
        for key in remaining.sorted() {
            notes.append(
                "\(uid): an override names \(anchor.withOccurrenceKey(key).storageText), which is no occurrence of the series; it is kept, not shown")
        }
    }

    /// The override whose occurrence `shown` stands for, by its place among the components.
    func override(shownBy shown: Reminder) -> Int? {
        guard shown.series.form == .override, let key = shown.currentOccurrenceKey else { return nil }
        return overrides.last { $0.key == key }?.index
    }
}
