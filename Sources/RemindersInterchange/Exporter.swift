import Foundation
import ICalendar
import RemindersICalendar
import RemindersModel
import RemindersStore

/// Every reminder of some lists (or of all) as one VCALENDAR: each a VTODO written over the
/// calendar object it was imported or synced from, each time zone defined once; and the events of
/// the event calendars named, as VEVENTs (a series with its overrides).
public enum Exporter {
    public static func export(_ eventStore: EventStore, calendars: [String]?, now: Timestamp) throws(StoreError) -> String {
        let eventCalendars = Set(try eventStore.store.calendars(for: .event).map(\.calendarIdentifier))
        let named = calendars ?? []
        let lists = calendars.map { $0.filter { !eventCalendars.contains($0) } }
        var joiner = ICalendarDocument.Joiner()
        var years: ClosedRange<Int>?
        // Named calendars all event calendars: no reminders.
        if calendars == nil || lists?.isEmpty == false { try addReminders(eventStore, calendars: lists, now: now, to: &joiner, years: &years) }
        let wantedEvents = named.filter(eventCalendars.contains)
        if !wantedEvents.isEmpty {
            for event in try eventStore.store.series(inCalendars: wantedEvents) {
                let detached = try eventStore.store.detachedOccurrences(of: event.eventIdentifier)
                // Over the object it was imported or synced from: what remindersd does not map goes out again.
                let original = try eventStore.store.calendarObject(event: event.eventIdentifier)
                    .flatMap { try? Component.parse($0).first { $0.name == "VCALENDAR" } }
                joiner.add(
                    EventWriter.object(
                        for: event, detached: detached, original: original, now: now, definingZones: false,
                        zone: eventStore.timeZone))
                let span = EventWriter.years(of: event, now: now)
                years = years.map { min($0.lowerBound, span.lowerBound)...max($0.upperBound, span.upperBound) } ?? span
            }
        }
        return joiner.text(years: years)
    }

    private static func addReminders(
        _ eventStore: EventStore, calendars: [String]?, now: Timestamp, to joiner: inout ICalendarDocument.Joiner,
        years: inout ClosedRange<Int>?
    ) throws(StoreError) {
        let reminders = try eventStore.store.reminders(
            matching: ReminderPredicate(kind: .all, calendarIdentifiers: calendars),
            in: TimeZone(identifier: "UTC")!)
        let kept = try eventStore.store.calendarObjects(calendars: calendars)
        var externalIdentifiers: [String: String] = [:]
        for reminder in reminders where reminder.parentIdentifier == nil {
            externalIdentifiers[reminder.calendarItemIdentifier] = reminder.calendarItemExternalIdentifier
        }
        for reminder in reminders {
            let original = kept[reminder.calendarItemIdentifier].flatMap { try? CalendarObject(parsing: $0) }
            let parentUID = reminder.parentIdentifier.flatMap { externalIdentifiers[$0] }
            joiner.add(
                TodoWriter.object(
                    for: reminder, parentUID: parentUID, original: original, now: now, definingZones: false,
                    zone: eventStore.timeZone))
            let span = TodoWriter.years(of: reminder, now: now)
            years = years.map { min($0.lowerBound, span.lowerBound)...max($0.upperBound, span.upperBound) } ?? span
        }
    }
}
