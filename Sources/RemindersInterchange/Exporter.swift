import Foundation
import ICalendar
import RemindersICalendar
import RemindersModel
import RemindersStore

/// Every reminder of some lists (or of all) as one VCALENDAR: each a VTODO written over the
/// calendar object it was imported or synced from, each time zone defined once.
public enum Exporter {
    public static func export(_ events: EventStore, calendars: [String]?, now: Timestamp) throws(StoreError) -> String {
        let reminders = try events.store.reminders(matching: ReminderPredicate(kind: .all, calendarIdentifiers: calendars),
                                                   in: TimeZone(identifier: "UTC")!)
        let kept = try events.store.calendarObjects(calendars: calendars)
        var externalIdentifiers: [String: String] = [:]
        for reminder in reminders where reminder.parentIdentifier == nil {
            externalIdentifiers[reminder.calendarItemIdentifier] = reminder.calendarItemExternalIdentifier
        }
        var joiner = ICalendarDocument.Joiner()
        var years: ClosedRange<Int>?
        for reminder in reminders {
            let original = kept[reminder.calendarItemIdentifier].flatMap { try? CalendarObject(parsing: $0) }
            let parentUID = reminder.parentIdentifier.flatMap { externalIdentifiers[$0] }
            joiner.add(TodoWriter.object(for: reminder, parentUID: parentUID, original: original, now: now, definingZones: false))
            let span = TodoWriter.years(of: reminder, now: now)
            years = years.map { min($0.lowerBound, span.lowerBound)...max($0.upperBound, span.upperBound) } ?? span
        }
        return joiner.text(years: years)
    }
}
