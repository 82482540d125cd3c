import Foundation
import ICalendar
import RemindersModel

/// VEVENT → Event: a calendar object's series (the VEVENT without RECURRENCE-ID) and its
/// overrides (detached occurrences), EXDATEs as removed occurrences, VALARMs, GEO and LOCATION
/// as the structured location, STATUS and TRANSP. Identifiers are left for the store to give.
public enum EventReader {
    public struct Reading: Sendable {
        public var uid: String
        public var series: Event
        public var detached: [Event]
    }

    public static func read(_ calendar: Component, now: Timestamp) throws(ICalendarError) -> Reading {
        let resolver = TimeZoneResolver(timeZones: calendar.components.filter { $0.name == "VTIMEZONE" })
        let vevents = calendar.components.filter { $0.name == "VEVENT" }
        guard let master = vevents.first(where: { $0.property("RECURRENCE-ID") == nil }) ?? vevents.first else {
            throw ICalendarError(line: calendar.lineNumber, "the calendar object holds no VEVENT")
        }
        guard let uid = master.value("UID").map(TextValue.unescape), !uid.isEmpty else {
            throw ICalendarError(line: master.lineNumber, "a VEVENT without a UID")
        }
        var series = try event(master, uid: uid, resolver: resolver, now: now)
        var detached: [Event] = []
        for override in vevents where override.property("RECURRENCE-ID") != nil && override != master {
            var occurrence = try event(override, uid: uid, resolver: resolver, now: now)
            let original = try DateTimeValue(override.property("RECURRENCE-ID")!)
            occurrence.originalOccurrence = Event.occurrenceKey(DateMapping.components(original, resolver: resolver))
            occurrence.recurrenceRules = []
            detached.append(occurrence)
        }
        series.exceptionDates = master.properties.filter { $0.name == "EXDATE" }.flatMap { property in
            property.value.split(separator: ",").map(String.init).compactMap { value in
                (try? DateTimeValue(Property("EXDATE", value, property.parameters))).map { Event.occurrenceKey(DateMapping.components($0, resolver: resolver)) }
            }
        }
        return Reading(uid: uid, series: series, detached: detached)
    }

    private static func event(_ vevent: Component, uid: String, resolver: TimeZoneResolver, now: Timestamp) throws(ICalendarError) -> Event {
        guard let startProperty = vevent.property("DTSTART") else { throw ICalendarError(line: vevent.lineNumber, "\(uid): a VEVENT without DTSTART") }
        let start = DateMapping.components(try DateTimeValue(startProperty), resolver: resolver)
        let created = DateMapping.instant(of: vevent.property("CREATED"), resolver: resolver) ?? now
        var event = Event(eventIdentifier: "", calendarIdentifier: "", title: TextValue.unescape(vevent.value("SUMMARY") ?? ""),
                          start: start, duration: 0, creationDate: created)
        event.calendarItemExternalIdentifier = uid
        event.lastModifiedDate = DateMapping.instant(of: vevent.property("LAST-MODIFIED"), resolver: resolver) ?? created
        if let end = vevent.property("DTEND") {
            let endComponents = DateMapping.components(try DateTimeValue(end), resolver: resolver)
            event.duration = start.isAllDay
                ? max(1, (endComponents.wallClockSeconds - start.wallClockSeconds) / 86_400) * 86_400_000
                : endComponents.instant(in: DateMapping.utcZone).milliseconds - start.instant(in: DateMapping.utcZone).milliseconds
        } else if let duration = vevent.value("DURATION").flatMap(DurationValue.seconds) {
            event.duration = Int64(duration) * 1000
        } else if start.isAllDay {
            event.duration = 86_400_000  // RFC 5545: a DATE start alone lasts the day
        }
        event.notes = vevent.value("DESCRIPTION").map(TextValue.unescape)
        event.url = vevent.value("URL")
        if let title = vevent.value("LOCATION").map(TextValue.unescape) {
            var place = StructuredLocation(title: title)
            if let geo = vevent.value("GEO")?.split(separator: ";"), geo.count == 2, let latitude = Double(geo[0]), let longitude = Double(geo[1]) {
                place.geoLocation = GeoLocation(latitude: latitude, longitude: longitude)
            }
            event.structuredLocation = place
        }
        switch vevent.value("STATUS")?.uppercased() {
        case "CONFIRMED"?: event.status = .confirmed
        case "TENTATIVE"?: event.status = .tentative
        case "CANCELLED"?: event.status = .canceled
        default: break
        }
        if vevent.value("TRANSP")?.uppercased() == "TRANSPARENT" { event.availability = .free }
        if let rrule = vevent.value("RRULE") {
            do { event.recurrenceRules = [try RecurrenceRule(rrule: rrule)] } catch { throw ICalendarError(line: vevent.lineNumber, "\(uid): \(error.message)") }
        }
        // AlarmMapping counts relative triggers from the end (a VTODO's DUE); an event's count from its start.
        let end = EventWriter.end(of: event)
        let length = Double(event.duration) / 1000
        event.alarms = vevent.components.filter { $0.name == "VALARM" }.enumerated().compactMap { position, component in
            guard let alarm = AlarmMapping.alarm(component, position: position, todoUID: uid, start: start, due: end, resolver: resolver) else { return nil }
            guard case .relative(let offset) = alarm.trigger else { return alarm }
            return Alarm(alarmIdentifier: alarm.alarmIdentifier, trigger: .relative(offset: offset + length))
        }
        return event
    }
}
