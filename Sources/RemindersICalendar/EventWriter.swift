import RemindersCivilTime
import Foundation
import RemindersICalendarFormat
import RemindersModel

/// Event → VEVENT (RFC 5545 §3.6.1): one calendar object per series, its detached occurrences as
/// overrides (RECURRENCE-ID), removed ones as EXDATEs. What remindersd maps is written afresh each
/// time; over the object the series was read from (`original`), what it does not map — attendees,
/// the organizer, categories, a server's or another client's own properties, alarms of kinds it
/// does not read — is carried over from the VEVENT of the same occurrence, so it survives.
public enum EventWriter {
    /// `zone`: the writer's, where an instant that ends a floating series is read (UNTIL takes
    /// DTSTART's value type).
    public static func object(
        for event: Event, detached: [Event], original: Component? = nil, now: Timestamp,
        definingZones: Bool = true, zone: TimeZone = .current
    ) -> CalendarObject {
        var calendar = CalendarObject.emptyCalendar()
        let before = original?.components.filter { $0.name == "VEVENT" } ?? []
        let resolver = TimeZoneResolver(timeZones: original?.components.filter { $0.name == "VTIMEZONE" } ?? [])
        // Occurrences read by the occurrence they name, however it was written.
        let naming = OccurrenceNaming(series: event.start, resolver: resolver, zone: zone)
        let keyed = before.compactMap { vevent in vevent.property("RECURRENCE-ID").flatMap { try? naming.key($0) }.map { ($0, vevent) } }
        let master = before.first { $0.property("RECURRENCE-ID") == nil }
        // A series moved here since the object was read: its overrides' RECURRENCE-IDs name the old
        // places, which moved with it (`Event.movedOccurrenceKey`).
        var unmoved = event
        if let start = master?.property("DTSTART").flatMap({ try? DateTimeValue($0) }).map({ DateMapping.components($0, resolver: resolver) }) {
            unmoved.start = start
        }
        let movedKeyed = unmoved.start == event.start ? [] : keyed.map { (unmoved.movedOccurrenceKey($0.0, to: event.start), $0.1) }
        for item in [event] + detached {
            let recurrenceID = item.originalOccurrence.map { DateMapping.value(event.occurrenceStart(forKey: $0)).property("RECURRENCE-ID").value }
            // An invitation to occurrences (their series not in the object) was read as an event of
            // its own with the others detached from it: each is written back as the occurrence it was.
            let invitation = item.originalOccurrence == nil && !before.isEmpty && before.allSatisfy { $0.property("RECURRENCE-ID") != nil }
            let kept =
                invitation
                ? before.first
                : before.first(where: { $0.value("RECURRENCE-ID") == recurrenceID }) ?? keyed.first { $0.0 == item.originalOccurrence }?.1
                    ?? movedKeyed.first { $0.0 == item.originalOccurrence }?.1
            var (vevent, reused) = component(item, now: now, series: event, zone: zone, kept: kept, resolver: resolver)
            if let original = kept?.property("RECURRENCE-ID"), invitation || before.allSatisfy({ $0.property("RECURRENCE-ID") != nil }) {
                vevent.set(original)
            }
            if kept == nil, item.isDetached, let master {
                // An override is a whole occurrence (RFC 5545 §3.8.4.4): one made here starts as the
                // series' occurrence, with all it has that remindersd does not map — its organizer and
                // attendees, a conference link, its SEQUENCE, its other alarms — but its rule.
                var occurrence = master
                occurrence.properties.removeAll { Self.seriesOnly.contains($0.name.uppercased()) }
                carryUnmapped(from: occurrence, into: &vevent, start: item.start)
            }
            if let kept {
                carryUnmapped(from: kept, into: &vevent, start: item.start)
                // The VALARMs that came from the object in its order, new ones after: an alarm known
                // by its place keeps it, and an unchanged event is written back as it came.
                let keptAlarms = kept.components.filter { $0.name == "VALARM" }
                var rest = vevent.components
                var ordered: [Component] = []
                for alarm in keptAlarms { if let index = rest.firstIndex(of: alarm) { ordered.append(rest.remove(at: index)) } }
                vevent.components = ordered + rest
            }
            var identifiers: [Int: String] = [:]
            for (index, component) in vevent.components.enumerated() {
                if let found = reused.first(where: { $0.component == component }) { identifiers[index] = found.identifier }
            }
            AlarmMapping.keepingIdentities(of: &vevent, uid: event.calendarItemExternalIdentifier, identifiers: identifiers)
            calendar.components.append(vevent)
        }
        // The object's other parts — a VTODO of the same UID, as some clients keep a task with
        // its event — stay in it as they came: one object, changed together.
        calendar.components += original?.components.filter { !["VEVENT", "VTIMEZONE"].contains($0.name) } ?? []
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

    /// What a series has and an occurrence of it does not.
    static let seriesOnly: Set<String> = ["RRULE", "RDATE", "EXDATE", "EXRULE"]

    /// The properties `component(_:now:series:)` writes (and those it leaves out on purpose).
    static let mapped: Set<String> = [
        "UID", "DTSTAMP", "CREATED", "LAST-MODIFIED", "RECURRENCE-ID", "SUMMARY", "DESCRIPTION", "LOCATION", "GEO", "URL",
        "DTSTART", "DTEND", "DURATION", "RRULE", "EXDATE", "STATUS", "TRANSP", "X-APPLE-STRUCTURED-LOCATION",
    ]

    /// What a writer over `calendar` carries over, VEVENT by VEVENT (by RECURRENCE-ID): the
    /// properties and components remindersd does not map, as text. Two objects with the same parts
    /// and the same content write the same.
    public static func unmappedParts(of calendar: Component) -> [String: [String]] {
        var parts: [String: [String]] = [:]
        for vevent in calendar.components where vevent.name == "VEVENT" {
            let properties =
                vevent.properties.filter { !mapped.contains($0.name.uppercased()) }.map(\.line)
                + vevent.properties("RRULE").dropFirst().map(\.line)
            let components = vevent.components.filter { component in
                component.name != "VALARM"
                    || AlarmMapping.alarm(component, todoUID: "", start: nil, due: nil, resolver: TimeZoneResolver(timeZones: [])) == nil
            }.map(\.text)
            // An occurrence with nothing unmapped says nothing (an override this store wrote for an RDATE).
            if !(properties + components).isEmpty { parts[vevent.value("RECURRENCE-ID") ?? "", default: []] += properties + components }
        }
        // A writer puts the alarms it maps before the ones it carries over: order says nothing.
        return parts.mapValues { $0.sorted() }
    }

    private static func carryUnmapped(from kept: Component, into vevent: inout Component, start: ItemDateComponents) {
        vevent.properties += kept.properties.filter { !mapped.contains($0.name.uppercased()) }
        // A text property as it was, but for its value: its LANGUAGE and ALTREP stay; unchanged, all of it.
        for name in ["SUMMARY", "DESCRIPTION", "LOCATION"] {
            guard let before = kept.property(name), let index = vevent.properties.firstIndex(where: { $0.name == name }) else { continue }
            if before.value == vevent.properties[index].value {
                vevent.properties[index] = before
            } else {
                vevent.properties[index].parameters += before.parameters.filter { ["LANGUAGE", "ALTREP"].contains($0.name) }
            }
        }
        // EventKit holds one rule: the others a file had stay in it.
        if kept.property("RECURRENCE-ID") == nil, vevent.property("RRULE") != nil { vevent.properties += kept.properties("RRULE").dropFirst() }
        vevent.components += kept.components.filter { component in
            // An alarm remindersd reads is written afresh (or was removed here); one it cannot read stays.
            component.name != "VALARM"
                || AlarmMapping.alarm(component, todoUID: "", start: start, due: start, resolver: TimeZoneResolver(timeZones: [])) == nil
        }
    }

    /// `kept`: the VEVENT of the same occurrence in the object last read, whose VALARMs are written
    /// back as they came while their alarm is unchanged (an AUDIO alarm stays one, its DESCRIPTION
    /// its own).
    private static func component(
        _ event: Event, now: Timestamp, series: Event, zone: TimeZone, kept: Component?,
        resolver: TimeZoneResolver
    ) -> (Component, reused: [(component: Component, identifier: String)]) {
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
            if let geo = place.geoLocation {
                vevent.set(Property("GEO", "\(AlarmMapping.number(geo.latitude));\(AlarmMapping.number(geo.longitude))"))
            }
        }
        // Apple's form too, which Calendar on iOS and macOS reads for the map: as it came while it
        // names the same place.
        if let apple = AppleStructuredLocation.property(event.structuredLocation, over: kept?.property("X-APPLE-STRUCTURED-LOCATION")) {
            vevent.set(apple)
        }
        if let url = event.url { vevent.set(Property("URL", url)) }
        vevent.set(DateMapping.value(event.start).property("DTSTART"))
        // The end in the form it came: a DURATION stays one, and none stays none while the length
        // is what RFC 5545 §3.6.1 reads into its absence (a day, or no time at all).
        switch (kept?.property("DTEND"), kept?.property("DURATION")) {
        case (nil, _?): vevent.set(Property("DURATION", DurationValue.text(Int(event.duration / 1000))))
        case (nil, nil) where kept != nil && event.duration == (event.isAllDay ? 86_400_000 : 0): break
        default: vevent.set(DateMapping.value(end(of: event)).property("DTEND"))
        }
        if let rule = event.recurrenceRules.first, !event.isDetached {
            // The rule as it came while it is the same rule: another client's order and spelling stay.
            if let came = kept?.property("RRULE"), (try? RecurrenceRule(rrule: came.value)) == rule {
                vevent.properties.append(came)
            } else {
                vevent.properties.append(Property("RRULE", rule.rrule(startingAt: event.start, zone: zone)))
            }
        }
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
        let keptAlarms: [(component: Component, alarm: Alarm)] =
            kept.map { component in
                let start = component.property("DTSTART").flatMap { try? DateTimeValue($0) }.map { DateMapping.components($0, resolver: resolver) }
                return EventReader.alarms(
                    of: component, uid: series.calendarItemExternalIdentifier, start: start ?? event.start,
                    duration: event.duration, resolver: resolver)
            } ?? []
        var reused: [(component: Component, identifier: String)] = []
        for alarm in event.alarms {
            guard let came = keptAlarms.first(where: { $0.alarm.alarmIdentifier == alarm.alarmIdentifier }) else {
                vevent.components.append(Self.component(alarm, of: event))
                continue
            }
            // The VALARM it came as, its trigger changed if it was: another client's identity
            // (X-EVOLUTION-ALARM-UID), sound and acknowledgement stay.
            let written =
                came.alarm.trigger == alarm.trigger ? came.component : AlarmMapping.retriggered(came.component, as: Self.component(alarm, of: event))
            reused.append((written, alarm.alarmIdentifier))
            vevent.components.append(written)
        }
        return (vevent, reused)
    }

    /// A VALARM written afresh: counting from the start, or — an alarm that came counting from the
    /// end — from the end, as it came.
    static func component(_ alarm: Alarm, of event: Event) -> Component {
        guard alarm.followsEnd, case .relative(let offset) = alarm.trigger else {
            return AlarmMapping.component(alarm, title: event.title, related: "START")
        }
        var fromEnd = alarm
        fromEnd.trigger = .relative(offset: offset - Double(event.duration) / 1000)
        return AlarmMapping.component(fromEnd, title: event.title, related: "END")
    }

    /// DTEND: the day after the last for an all-day event (exclusive, as RFC 5545 has it); the
    /// start plus the length, on the start's clock, for a timed one.
    static func end(of event: Event) -> ItemDateComponents {
        if event.isAllDay { return event.start.shifted(byWallClockSeconds: event.duration / 1000) }
        guard let zone = event.start.timeZone.flatMap(TimeZoneCache.zone) else {
            var end = event.start.shifted(byWallClockSeconds: event.duration / 1000)
            end.second = end.second ?? 0
            return end
        }
        var end = ItemDateComponents.wallClock(of: event.start.instant(in: zone).advanced(by: event.duration), in: zone)
        end.timeZone = event.start.timeZone
        return end
    }

    public static func years(of event: Event, now: Timestamp) -> ClosedRange<Int> {
        let thisYear = ItemDateComponents.wallClock(of: now, in: DateMapping.utcZone).year
        return (min(event.start.year, thisYear) - 1)...(max(event.start.year, thisYear) + 2)
    }
}
