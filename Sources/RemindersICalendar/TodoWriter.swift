import Foundation
import ICalendar
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
    public static func object(for reminder: Reminder, parentUID: String?, original: CalendarObject?, now: Timestamp,
                              definingZones: Bool = true, zone: TimeZone = .current, alarmStates: [AlarmState] = []) -> CalendarObject {
        let baseline = original.flatMap { try? TodoReader.read($0, now: now) }
        var todo = original?.todo ?? Component("VTODO")
        var object = original ?? CalendarObject(calendar: CalendarObject.emptyCalendar())
        let was = baseline?.reminder

        todo.set(Property("UID", TextValue.escape(reminder.calendarItemExternalIdentifier)))
        todo.set(DateMapping.utc(now).property("DTSTAMP"))
        if was?.creationDate != reminder.creationDate { todo.set(DateMapping.utc(reminder.creationDate).property("CREATED")) }
        if was?.lastModifiedDate != reminder.lastModifiedDate {
            todo.set(DateMapping.utc(reminder.lastModifiedDate).property("LAST-MODIFIED"))
        }
        if was?.title != reminder.title { todo.set(Property("SUMMARY", TextValue.escape(reminder.title)), keeping: ["LANGUAGE"]) }
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
        if baseline == nil || was?.startDateComponents != reminder.startDateComponents || was?.dueDateComponents != reminder.dueDateComponents {
            writeDates(reminder, into: &todo)
        }
        if baseline == nil || was?.isCompleted != reminder.isCompleted || was?.completionDate != reminder.completionDate {
            writeCompletion(reminder, into: &todo)
        }
        if baseline == nil || was?.recurrenceRules != reminder.recurrenceRules {
            // An RRULE remindersd could not read stays unless rules were set here.
            if baseline == nil || !reminder.recurrenceRules.isEmpty || was?.recurrenceRules.isEmpty == false { todo.removeProperties("RRULE") }
            let anchor = reminder.dueDateComponents ?? reminder.startDateComponents
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
            todo.properties.removeAll { $0.name == "RELATED-TO" && ($0.parameter("RELTYPE")?.uppercased() ?? "PARENT") == "PARENT" }
            if let parentUID { todo.set(Property("RELATED-TO", TextValue.escape(parentUID), [Parameter("RELTYPE", "PARENT")])) }
        }
        if baseline == nil || was?.alarms != reminder.alarms {
            writeAlarms(reminder, into: &todo, original: baseline)
        }
        if !alarmStates.isEmpty { AlarmState.write(alarmStates, into: &todo, title: reminder.title) }
        object.replaceTodo(with: todo, zonesFor: definingZones ? years(of: reminder, now: now) : nil)
        return object
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
    /// its DESCRIPTION its own); new ones go after. The others (EMAIL ones, say) stay.
    private static func writeAlarms(_ reminder: Reminder, into todo: inout Component, original: TodoReading?) {
        let datesKept = original.map {
            $0.reminder.startDateComponents == reminder.startDateComponents && $0.reminder.dueDateComponents == reminder.dueDateComponents
        } ?? false
        var position = 0
        var used = Set<String>()
        var kept: [Component] = []
        var keptIdentifiers: [Int: String] = [:]
        for component in todo.components {
            guard component.name == "VALARM" else { kept.append(component); continue }
            defer { position += 1 }
            guard let original else { continue }
            guard let alarm = AlarmMapping.alarm(component, position: position, todoUID: original.uid, start: original.reminder.startDateComponents,
                                                 due: original.reminder.dueDateComponents, resolver: TimeZoneResolver(timeZones: [])) else {
                kept.append(component)  // not one remindersd maps: stays
                continue
            }
            guard datesKept, reminder.alarms.contains(alarm), used.insert(alarm.alarmIdentifier).inserted else { continue }
            keptIdentifiers[kept.count] = alarm.alarmIdentifier
            kept.append(component)
        }
        for alarm in reminder.alarms where !used.contains(alarm.alarmIdentifier) {
            kept.append(AlarmMapping.component(alarm, title: reminder.title))
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
