import Foundation
import ICalendar
import RemindersModel

/// Event → VEVENT (RFC 5545 §3.6.1): one calendar object per series, its detached occurrences as
/// overrides (RECURRENCE-ID), removed ones as EXDATEs, written afresh each time.
public enum EventWriter {
    public static func object(for event: Event, detached: [Event], now: Timestamp, definingZones: Bool = true) -> CalendarObject {
        var calendar = CalendarObject.emptyCalendar()
        calendar.components.append(component(event, now: now, series: event))
        for occurrence in detached { calendar.components.append(component(occurrence, now: now, series: event)) }
        var object = CalendarObject(calendar: calendar)
        if definingZones {
            let used = Set(calendar.components.flatMap(CalendarObject.tzids))
            object.calendar.components = CalendarObject.definitions(of: used, years: years(of: event, now: now)) + object.calendar.components
        }
        return object
    }

    private static func component(_ event: Event, now: Timestamp, series: Event) -> Component {
        var vevent = Component("VEVENT")
        vevent.set(Property("UID", TextValue.escape(series.calendarItemExternalIdentifier)))
        vevent.set(DateMapping.utc(now).property("DTSTAMP"))
        vevent.set(DateMapping.utc(event.creationDate).property("CREATED"))
        vevent.set(DateMapping.utc(event.lastModifiedDate).property("LAST-MODIFIED"))
        if let key = event.originalOccurrence {
            vevent.set(DateMapping.value(series.occurrenceStart(forKey: key)).property("RECURRENCE-ID"))
        }
        vevent.set(Property("SUMMARY", TextValue.escape(event.title)))
        if let notes = event.notes, !notes.isEmpty { vevent.set(Property("DESCRIPTION", TextValue.escape(notes))) }
        if let place = event.structuredLocation {
            vevent.set(Property("LOCATION", TextValue.escape(place.title)))
            if let geo = place.geoLocation { vevent.set(Property("GEO", "\(AlarmMapping.number(geo.latitude));\(AlarmMapping.number(geo.longitude))")) }
        }
        if let url = event.url { vevent.set(Property("URL", url)) }
        vevent.set(DateMapping.value(event.start).property("DTSTART"))
        vevent.set(DateMapping.value(end(of: event)).property("DTEND"))
        if let rule = event.recurrenceRules.first, !event.isDetached { vevent.properties.append(Property("RRULE", rule.rrule)) }
        for key in event.exceptionDates.sorted() {
            vevent.properties.append(DateMapping.value(event.occurrenceStart(forKey: key)).property("EXDATE"))
        }
        switch event.status {
        case .none: break
        case .confirmed: vevent.set(Property("STATUS", "CONFIRMED"))
        case .tentative: vevent.set(Property("STATUS", "TENTATIVE"))
        case .canceled: vevent.set(Property("STATUS", "CANCELLED"))
        }
        vevent.set(Property("TRANSP", event.availability == .free ? "TRANSPARENT" : "OPAQUE"))
        for alarm in event.alarms { vevent.components.append(AlarmMapping.component(alarm, title: event.title, related: "START")) }
        return vevent
    }

    /// DTEND: the day after the last for an all-day event (exclusive, as RFC 5545 has it); the
    /// start plus the length, on the start's clock, for a timed one.
    static func end(of event: Event) -> ReminderDateComponents {
        if event.isAllDay { return event.start.shifted(byWallClockSeconds: event.duration / 1000) }
        guard let zone = event.start.timeZone.flatMap(TimeZoneCache.zone) else {
            var end = event.start.shifted(byWallClockSeconds: event.duration / 1000)
            end.second = end.second ?? 0
            return end
        }
        var end = ReminderDateComponents.wallClock(of: event.start.instant(in: zone).advanced(by: event.duration), in: zone)
        end.timeZone = event.start.timeZone
        return end
    }

    public static func years(of event: Event, now: Timestamp) -> ClosedRange<Int> {
        let thisYear = ReminderDateComponents.wallClock(of: now, in: DateMapping.utcZone).year
        return (min(event.start.year, thisYear) - 1)...(max(event.start.year, thisYear) + 2)
    }
}
