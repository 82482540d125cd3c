import Foundation
import RemindersICalendarFormat
import RemindersModel

/// Reminder → VTODO, over the calendar object it was read from when there is one.
///
/// A field that is as it was read keeps its properties exactly as they came (parameters,
/// spelling, values remindersd could not use); a changed field is written afresh; properties and
/// alarms remindersd does not map are always kept. So a server's or another client's additions
/// survive every round trip, and an unchanged reminder is written back as it was read.
public enum TodoWriter {
    /// `definingZones: false` leaves out the VTIMEZONEs the object does not already hold, for a
    /// writer that adds each zone once for many objects (`ICalendarDocument.joined`). `zone` is
    /// the writer's, where an instant that ends a floating series is read (RRULE's UNTIL takes the
    /// due date's value type). `alarmStates`: dismissals and snoozes made here, written in for
    /// other devices (see `AlarmState`).
    public static func object(
        for reminder: Reminder, parentUID: String?, original: CalendarObject?, now: Timestamp,
        definingZones: Bool = true, zone: TimeZone = .current, alarmStates: [AlarmState] = []
    ) -> CalendarObject {
        var object = original ?? CalendarObject(calendar: CalendarObject.emptyCalendar())
        var baseline = original.flatMap { try? TodoReader.read($0, now: now, zone: zone) }
        // Occurrences done here in the override form become overrides first; the rest of the
        // reminder is then compared with the series as they leave it (at its next open occurrence).
        if let read = baseline, reminder.series.form == .override, read.reminder.series.form == .override {
            let done = reminder.series.completed.filter { read.reminder.series.completed[$0.key] == nil }
            if !done.isEmpty {
                SeriesWriter.complete(done, in: &object, reading: read, now: now)
                baseline = try? TodoReader.read(object, now: now, zone: zone)
            }
        }
        var todo = object.todo ?? Component("VTODO")
        let was = baseline?.reminder
        let overrideForm = baseline?.reminder.series.form == .override

        todo.set(Property("UID", TextValue.escape(reminder.calendarItemExternalIdentifier)))
        todo.set(DateMapping.utc(now).property("DTSTAMP"))
        if was?.creationDate != reminder.creationDate { todo.set(DateMapping.utc(reminder.creationDate).property("CREATED")) }
        if was?.lastModifiedDate != reminder.lastModifiedDate {
            todo.set(DateMapping.utc(reminder.lastModifiedDate).property("LAST-MODIFIED"))
        }
        if was?.title != reminder.title {
            // A series' title: the master's, and the shown occurrence's where it has its own.
            todo.set(Property("SUMMARY", TextValue.escape(reminder.title)), keeping: ["LANGUAGE"])
            if let index = baseline?.shownOverride, object.calendar.components[index].property("SUMMARY") != nil {
                object.calendar.components[index].set(Property("SUMMARY", TextValue.escape(reminder.title)), keeping: ["LANGUAGE"])
            }
        }
        if baseline == nil || was?.notes != reminder.notes {
            text("DESCRIPTION", reminder.notes, in: &todo)
        }
        if baseline == nil || was?.location != reminder.location { text("LOCATION", reminder.location, in: &todo) }
        if baseline == nil || was?.url != reminder.url {
            todo.removeProperties("URL")
            if let url = reminder.url { todo.set(Property("URL", url)) }
        }
        if baseline == nil || was?.priority != reminder.priority {
            todo.removeProperties("PRIORITY")
            if reminder.priority != 0 { todo.set(Property("PRIORITY", String(reminder.priority))) }
        }
        var alarmShift = baseline?.alarmShift ?? 0
        if baseline == nil || was?.startDateComponents != reminder.startDateComponents || was?.dueDateComponents != reminder.dueDateComponents {
            if let read = baseline, overrideForm {
                moveSeries(to: reminder, from: read, todo: &todo, object: &object)
            } else {
                writeDates(reminder, into: &todo)
                alarmShift = 0  // the master is where the reminder is now
            }
        }
        if baseline == nil || was?.isCompleted != reminder.isCompleted || was?.completionDate != reminder.completionDate {
            writeCompletion(reminder, into: &todo)
        }
        if baseline == nil || was?.recurrenceRules != reminder.recurrenceRules {
            // An RRULE remindersd could not read stays unless rules were set here.
            if baseline == nil || !reminder.recurrenceRules.isEmpty || was?.recurrenceRules.isEmpty == false { todo.removeProperties("RRULE") }
            let series = overrideForm ? (reminder.series.start ?? reminder.series.due) : nil
            let anchor = series ?? reminder.dueDateComponents ?? reminder.startDateComponents
            for rule in reminder.recurrenceRules {
                todo.properties.append(Property("RRULE", anchor.map { rule.rrule(startingAt: $0, zone: zone) } ?? rule.rrule))
            }
        }
        if baseline == nil || was?.tags != reminder.tags {
            let kept = TodoReader.invalidCategories(todo)
            todo.removeProperties("CATEGORIES")
            if !(reminder.tags + kept).isEmpty { todo.set(Property("CATEGORIES", TextValue.list(reminder.tags + kept))) }
        }
        if baseline == nil || was?.isFlagged != reminder.isFlagged {
            todo.removeProperties("X-REMINDERSD-FLAGGED")
            if reminder.isFlagged { todo.set(Property("X-REMINDERSD-FLAGGED", "TRUE")) }
        }
        if baseline == nil || was?.sortOrder != reminder.sortOrder {
            todo.removeProperties("X-APPLE-SORT-ORDER")
            if let order = reminder.sortOrder { todo.set(Property("X-APPLE-SORT-ORDER", String(order))) }
        }
        if baseline == nil || baseline?.parentUID != parentUID {
            writeParent(parentUID, replacing: baseline?.parentUID, into: &todo)
        }
        if baseline == nil || was?.alarms != reminder.alarms {
            writeAlarms(reminder, into: &todo, original: baseline, shift: alarmShift)
        }
        if !alarmStates.isEmpty { AlarmState.write(alarmStates, into: &todo, title: reminder.title) }
        object.replaceTodo(with: todo, zonesFor: definingZones ? years(of: reminder, now: now) : nil)
        return object
    }

    /// A new parent here replaces only the RELATED-TO that named the old one: the others (jtx
    /// Board's further parents, `RELTYPE=CHILD` and `SIBLING`) are not remindersd's to remove.
    private static func writeParent(_ parentUID: String?, replacing old: String?, into todo: inout Component) {
        let isParent = { (property: Property) in
            property.name == "RELATED-TO" && (property.parameter("RELTYPE")?.uppercased() ?? "PARENT") == "PARENT"
        }
        let position = todo.properties.firstIndex { isParent($0) && TextValue.unescape($0.value) == old }
        if let position { todo.properties.remove(at: position) }
        guard let parentUID, !todo.properties.contains(where: { isParent($0) && TextValue.unescape($0.value) == parentUID }) else { return }
        let related = Property("RELATED-TO", TextValue.escape(parentUID), [Parameter("RELTYPE", "PARENT")])
        todo.properties.insert(related, at: min(position ?? todo.properties.count, todo.properties.count))
    }

    /// New dates for a series of the override form, whose master keeps where the series began: an
    /// occurrence shown through its own override moves alone (as Thunderbird's "this occurrence");
    /// else the whole series moves as far as the occurrence shown did, its removed, added and
    /// overridden occurrences along with it.
    private static func moveSeries(to reminder: Reminder, from read: TodoReading, todo: inout Component, object: inout CalendarObject) {
        if let index = read.shownOverride {
            for (name, date) in [("DTSTART", reminder.startDateComponents), ("DUE", reminder.dueDateComponents)] {
                object.calendar.components[index].removeProperties(name)
                if let date { object.calendar.components[index].set(DateMapping.value(date).property(name)) }
            }
            return
        }
        guard let shownAnchor = read.reminder.startDateComponents ?? read.reminder.dueDateComponents, let masterAnchor = read.masterAnchor else {
            return writeDates(reminder, into: &todo)
        }
        let offset = shownAnchor.wallClockSeconds - masterAnchor.wallClockSeconds
        var master = reminder
        master.startDateComponents = reminder.startDateComponents?.shifted(byWallClockSeconds: -offset)
        master.dueDateComponents = reminder.dueDateComponents?.shifted(byWallClockSeconds: -offset)
        writeDates(master, into: &todo)
        if let moved = master.startDateComponents ?? master.dueDateComponents {
            object.replaceTodo(with: todo, zonesFor: nil)
            SeriesWriter.moveOccurrences(of: &object, by: moved.wallClockSeconds - masterAnchor.wallClockSeconds)
            todo = object.todo ?? todo
        }
    }

    private static func text(_ name: String, _ value: String?, in todo: inout Component) {
        guard let value, !value.isEmpty else { return todo.removeProperties(name) }
        todo.set(Property(name, TextValue.escape(value)), keeping: ["LANGUAGE", "ALTREP"])
    }

    /// DTSTART and DUE of one value type, as RFC 5545 asks (a timed due date with an all-day start
    /// starts at midnight of that day); a start after the due date is left out, as tasks.org and
    /// DAVx5 do, since a strict server refuses it.
    private static func writeDates(_ reminder: Reminder, into todo: inout Component) {
        todo.removeProperties("DUE")
        todo.removeProperties("DURATION")
        todo.removeProperties("DTSTART")
        var start = reminder.startDateComponents
        if let due = reminder.dueDateComponents, var adjusted = start {
            if due.isAllDay != adjusted.isAllDay {
                if due.isAllDay {
                    adjusted = ItemDateComponents(year: adjusted.year, month: adjusted.month, day: adjusted.day)
                } else {
                    adjusted.hour = 0; adjusted.minute = 0; adjusted.second = nil; adjusted.timeZone = due.timeZone
                }
            }
            let utc = DateMapping.utcZone
            start = adjusted.instant(in: utc) <= due.instant(in: utc) ? adjusted : nil
        }
        if let start { todo.set(DateMapping.value(start).property("DTSTART")) }
        if let due = reminder.dueDateComponents { todo.set(DateMapping.value(due).property("DUE")) }
    }

    private static func writeCompletion(_ reminder: Reminder, into todo: inout Component) {
        todo.removeProperties("COMPLETED")
        if reminder.isCompleted {
            todo.set(Property("STATUS", "COMPLETED"))
            todo.set(DateMapping.utc(reminder.completionDate ?? reminder.lastModifiedDate).property("COMPLETED"))
            todo.set(Property("PERCENT-COMPLETE", "100"))
        } else {
            todo.set(Property("STATUS", "NEEDS-ACTION"))
            todo.removeProperties("PERCENT-COMPLETE")
        }
    }

    /// The alarms remindersd mapped are written as the reminder has them — one unchanged since the
    /// object was read keeps its VALARM exactly as it came, in its place (an AUDIO alarm stays one,
    /// its DESCRIPTION its own, a START-related trigger START-related); new ones go after. The
    /// others (EMAIL ones, say) stay. `shift`: how far the reminder's occurrence is from the
    /// master's dates, which absolute alarms are written at.
    private static func writeAlarms(_ reminder: Reminder, into todo: inout Component, original: TodoReading?, shift: Int64) {
        var mapped: [Int: Alarm] = [:]
        if let original {
            let resolver = TimeZoneResolver(timeZones: [])
            for (index, alarm) in TodoReader.alarms(todo, uid: original.uid, start: original.masterStart, due: original.masterDue, resolver: resolver)
            {
                mapped[index] = alarm.shifted(by: original.alarmShift)
            }
        }
        var used = Set<String>()
        var kept: [Component] = []
        var keptIdentifiers: [Int: String] = [:]
        for (index, component) in todo.components.enumerated() {
            guard component.name == "VALARM" else { kept.append(component); continue }
            guard original != nil else { continue }
            guard let alarm = mapped[index] else {
                // Not one remindersd maps (or a second that says what another says): stays.
                if AlarmMapping.alarm(
                    component, todoUID: original!.uid, start: original!.masterStart, due: original!.masterDue,
                    resolver: TimeZoneResolver(timeZones: [])) == nil
                {
                    kept.append(component)
                }
                continue
            }
            // One known by what it says is the alarm here that says the same, whatever it is called here.
            let ownIdentity = component.value("UID") != nil || component.value("X-WR-ALARMUID") != nil
            guard
                let match = reminder.alarms.first(where: { $0 == alarm && !used.contains($0.alarmIdentifier) })
                    ?? (ownIdentity ? nil : reminder.alarms.first(where: { $0.trigger == alarm.trigger && !used.contains($0.alarmIdentifier) }))
            else { continue }
            used.insert(match.alarmIdentifier)
            keptIdentifiers[kept.count] = match.alarmIdentifier
            kept.append(component)
        }
        for alarm in reminder.alarms where !used.contains(alarm.alarmIdentifier) {
            kept.append(AlarmMapping.component(alarm.shifted(by: -shift), title: reminder.title))
        }
        todo.components = kept
        AlarmMapping.keepingIdentities(of: &todo, uid: reminder.calendarItemExternalIdentifier, identifiers: keptIdentifiers)
    }

    /// The years the VTIMEZONEs must cover: those of the dates, a year either side.
    public static func years(of reminder: Reminder, now: Timestamp) -> ClosedRange<Int> {
        let years = [reminder.startDateComponents?.year, reminder.dueDateComponents?.year].compactMap { $0 }
        let thisYear = ItemDateComponents.wallClock(of: now, in: DateMapping.utcZone).year
        return ((years.min() ?? thisYear) - 1)...((years.max() ?? thisYear) + 1)
    }
}
