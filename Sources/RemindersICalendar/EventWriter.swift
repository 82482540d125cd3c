import Foundation
import ICalendar
import RemindersModel

/// Event → VEVENT (RFC 5545 §3.6.1): one calendar object per series, its detached occurrences as
/// overrides (RECURRENCE-ID), removed ones as EXDATEs. What remindersd maps is written afresh each
/// time; over the object the series was read from (`original`), what it does not map — attendees,
/// the organizer, categories, a server's or another client's own properties, alarms of kinds it
/// does not read — is carried over from the VEVENT of the same occurrence, so it survives.
public enum EventWriter {
    public static func object(for event: Event, detached: [Event], original: Component? = nil, now: Timestamp,
                              definingZones: Bool = true) -> CalendarObject {
        var calendar = CalendarObject.emptyCalendar()
        let before = original?.components.filter { $0.name == "VEVENT" } ?? []
        for item in [event] + detached {
            var vevent = component(item, now: now, series: event)
            let recurrenceID = vevent.value("RECURRENCE-ID")
            if let kept = before.first(where: { $0.value("RECURRENCE-ID") == recurrenceID }) { carryUnmapped(from: kept, into: &vevent, start: item.start) }
            calendar.components.append(vevent)
        }
        var object = CalendarObject(calendar: calendar)
        if definingZones {
            let used = Set(calendar.components.flatMap(CalendarObject.tzids))
            var zones = CalendarObject.definitions(of: used, years: years(of: event, now: now))
            // A zone the system does not know (one a server defined): its definition as it came.
            let defined = Set(zones.compactMap { $0.value("TZID") })
            zones += original?.components.filter { $0.name == "VTIMEZONE" && used.subtracting(defined).contains($0.value("TZID") ?? "") } ?? []
            object.calendar.components = zones + object.calendar.components
        }
        return object
    }

    /// The properties `component(_:now:series:)` writes (and those it leaves out on purpose).
    static let mapped: Set<String> = [
        "UID", "DTSTAMP", "CREATED", "LAST-MODIFIED", "RECURRENCE-ID", "SUMMARY", "DESCRIPTION", "LOCATION", "GEO", "URL",
        "DTSTART", "DTEND", "DURATION", "RRULE", "EXDATE", "STATUS", "TRANSP",
    ]

    private static func carryUnmapped(from kept: Component, into vevent: inout Component, start: ReminderDateComponents) {
        vevent.properties += kept.properties.filter { !mapped.contains($0.name.uppercased()) }
        vevent.components += kept.components.filter { component in
            // An alarm remindersd reads is written afresh (or was removed here); one it cannot read stays.
            component.name != "VALARM"
                || AlarmMapping.alarm(component, position: 0, todoUID: "", start: start, due: start, resolver: TimeZoneResolver(timeZones: [])) == nil
        }
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
