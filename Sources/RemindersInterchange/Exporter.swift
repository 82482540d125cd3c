import Foundation
import RemindersICalendarFormat
import RemindersICalendar
import RemindersModel
import RemindersStore

/// Every reminder of some lists (or of all) as one VCALENDAR: each a VTODO written over the
/// calendar object it was imported or synced from, each time zone defined once; and the events of
/// the event calendars named, as VEVENTs (a series with its overrides).
public enum Exporter {
    /// Reads in one transaction: the file is one moment of the store, even while others write.
    public static func export(_ eventStore: EventStore, calendars: [String]?, now: Timestamp) throws(StoreError) -> String {
        try eventStore.read { store throws(StoreError) in
            try export(store, zone: eventStore.timeZone, calendars: calendars, now: now)
        }
    }

    private static func export(_ store: CalendarStore, zone: TimeZone, calendars: [String]?, now: Timestamp) throws(StoreError) -> String {
        let eventCalendars = Set(try store.calendars(for: .event).map(\.calendarIdentifier))
        let named = calendars ?? []
        let lists = calendars.map { $0.filter { !eventCalendars.contains($0) } }
        var joiner = ICalendarDocument.Joiner()
        var years: ClosedRange<Int>?
        // Named calendars all event calendars: no reminders.
        if calendars == nil || lists?.isEmpty == false { try addReminders(store, zone: zone, calendars: lists, now: now, to: &joiner, years: &years) }
        let wantedEvents = named.filter(eventCalendars.contains)
        if !wantedEvents.isEmpty {
            for event in try store.series(inCalendars: wantedEvents) {
                let detached = try store.detachedOccurrences(of: event.eventIdentifier)
                // Over the object it was imported or synced from: what remindersd does not map goes out again.
                let original = try store.calendarObject(event: event.eventIdentifier)
                    .flatMap { try? Component.parse($0).first { $0.name == "VCALENDAR" } }
                joiner.add(
                    EventWriter.object(
                        for: event, detached: detached, original: original, now: now, definingZones: false,
                        zone: zone))
                let span = EventWriter.years(of: event, now: now)
                years = years.map { min($0.lowerBound, span.lowerBound)...max($0.upperBound, span.upperBound) } ?? span
            }
        }
        return joiner.text(years: years)
    }

    private static func addReminders(
        _ store: CalendarStore, zone: TimeZone, calendars: [String]?, now: Timestamp, to joiner: inout ICalendarDocument.Joiner,
        years: inout ClosedRange<Int>?
    ) throws(StoreError) {
        let reminders = try store.reminders(
            matching: ReminderPredicate(kind: .all, calendarIdentifiers: calendars),
            in: TimeZone(identifier: "UTC")!)
        let kept = try store.calendarObjects(calendars: calendars)
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
                    zone: zone))
            let span = TodoWriter.years(of: reminder, now: now)
            years = years.map { min($0.lowerBound, span.lowerBound)...max($0.upperBound, span.upperBound) } ?? span
        }
    }
}
