import Foundation
import RemindersICalendarFormat
import RemindersModel

/// VEVENT → Event: a calendar object's series (the VEVENT without RECURRENCE-ID) and its
/// overrides (detached occurrences), EXDATEs as removed occurrences, RDATEs as occurrences of
/// their own, VALARMs, GEO and LOCATION as the structured location, STATUS and TRANSP, ATTENDEE
/// and ORGANIZER as read-only participants.
/// Identifiers are left for the store to give.
///
/// Dates that name an occurrence (RECURRENCE-ID, EXDATE, RDATE) are read as the series' start is:
/// a day for an all-day series, whatever zone they were written in (Outlook writes
/// `RECURRENCE-ID;TZID=…` on all-day series); a wall-clock time for a floating one; an instant for
/// a zoned one. What EventKit cannot hold is kept in the object, written back, and named in
/// `notes`: a second RRULE, a zone neither known nor defined.
public enum EventReader {
    public struct Reading: Sendable {
        public var uid: String
        public var series: Event
        public var detached: [Event]
        /// Whether the file says when the series was made and last changed (CREATED, LAST-MODIFIED);
        /// when not, the reading holds the time of reading, and an event already known keeps its own.
        public var statesCreationDate: Bool
        public var statesLastModified: Bool
        /// What was read but cannot be held as the file has it, for the person's report.
        public var notes: [String]
        /// Overrides of an occurrence and every later one (`RECURRENCE-ID;RANGE=THISANDFUTURE`), by
        /// the key of the occurrence each begins at, with the VEVENT that says it. Each is also one
        /// of `detached`; `splitAtFutureRanges` makes them what they mean.
        public var futureRanges: [FutureRange] = []
    }

    public struct FutureRange: Sendable {
        public var key: Int64
        public var vevent: Component
    }

    /// `zone`: the reader's, where a UTC date naming an occurrence of a floating series is read.
    public static func read(_ calendar: Component, now: Timestamp, zone: TimeZone = .current) throws(ICalendarError) -> Reading {
        let resolver = TimeZoneResolver(timeZones: calendar.components.filter { $0.name == "VTIMEZONE" })
        let vevents = calendar.components.filter { $0.name == "VEVENT" }
        guard let first = vevents.first else { throw ICalendarError(line: calendar.lineNumber, "the calendar object holds no VEVENT") }
        guard let uid = first.value("UID").map(TextValue.unescape), !uid.isEmpty else {
            throw ICalendarError(line: first.lineNumber, "a VEVENT without a UID")
        }
        var notes: [String] = []
        let masters = vevents.filter { $0.property("RECURRENCE-ID") == nil }
        if masters.count > 1 {
            notes.append(
                "\(uid): \(masters.count) VEVENTs without RECURRENCE-ID share the UID; the first (line \(masters[0].lineNumber ?? 0)) was read, the others are not"
            )
        }
        // An invitation to occurrences of someone else's series holds no master: the first is kept as
        // an event of its own, the others as its detached occurrences — each shown, and each written
        // back as the occurrence it was.
        let master = masters.first ?? first
        var series = try event(master, uid: uid, resolver: resolver, now: now)
        if masters.isEmpty { series.recurrenceRules = [] }
        let naming = OccurrenceNaming(series: series.start, resolver: resolver, zone: zone)
        var detached: [Event] = []
        var futureRanges: [FutureRange] = []
        var overridden = Set<Int64>()
        for override in vevents where override.property("RECURRENCE-ID") != nil && (masters.first != nil || override != master) {
            var occurrence = try event(override, uid: uid, resolver: resolver, now: now)
            let recurrenceID = override.property("RECURRENCE-ID")!
            let key = try naming.key(recurrenceID)
            occurrence.originalOccurrence = key
            occurrence.recurrenceRules = []
            overridden.insert(key)
            if recurrenceID.parameter("RANGE")?.uppercased() == "THISANDFUTURE" { futureRanges.append(FutureRange(key: key, vevent: override)) }
            detached.append(occurrence)
        }
        for exdate in master.properties("EXDATE") {
            do { series.exceptionDates += try naming.keys(exdate) } catch {
                notes.append("\(uid): an EXDATE that is no date was left out (line \(exdate.lineNumber ?? 0): \(error.message))")
            }
        }
        // RDATEs are occurrences the rule does not make: each one an occurrence of its own (the
        // RDATE stays in the kept object, so a writer over it says them again).
        for rdate in master.properties("RDATE") where masters.first != nil {
            let periods: [(key: Int64, duration: Int64?)]
            do { periods = try naming.occurrences(rdate) } catch {
                notes.append("\(uid): an RDATE that is no date was left out (line \(rdate.lineNumber ?? 0): \(error.message))")
                continue
            }
            for (key, duration) in periods where !overridden.contains(key) && !series.exceptionDates.contains(key) {
                var occurrence = series
                occurrence.recurrenceRules = []
                occurrence.exceptionDates = []
                occurrence.start = series.occurrenceStart(forKey: key)
                occurrence.originalOccurrence = key
                // A PERIOD's occurrence lasts the period.
                if let duration { occurrence.duration = series.isAllDay ? max(86_400_000, duration / 86_400_000 * 86_400_000) : duration }
                // Identifiers of their own, the same at every reading (importing twice changes nothing).
                occurrence.alarms = occurrence.alarms.map { Alarm(alarmIdentifier: "\($0.alarmIdentifier)-\(key)", trigger: $0.trigger) }
                overridden.insert(key)
                detached.append(occurrence)
            }
        }
        let rules = master.properties("RRULE")
        if rules.count > 1 {
            notes.append(
                "\(uid): \(rules.count) RRULEs; EventKit holds one: the first is the event's, the others are kept in it but their occurrences are not shown"
            )
        }
        for tzid in Set(calendar.components.filter { $0.name == "VEVENT" }.flatMap(CalendarObject.tzids)).sorted() where resolver.isUnknown(tzid) {
            notes.append("\(uid): TZID \(tzid) is no zone known here and the file does not define it: its times were read as floating")
        }
        return Reading(
            uid: uid, series: series, detached: detached, statesCreationDate: master.property("CREATED") != nil,
            statesLastModified: master.property("LAST-MODIFIED") != nil, notes: notes, futureRanges: futureRanges)
    }

    private static func event(_ vevent: Component, uid: String, resolver: TimeZoneResolver, now: Timestamp) throws(ICalendarError) -> Event {
        guard let startProperty = vevent.property("DTSTART") else {
            throw ICalendarError(line: vevent.lineNumber, "\(uid): a VEVENT without DTSTART")
        }
        let start = DateMapping.components(try DateTimeValue(startProperty), resolver: resolver)
        let created = DateMapping.instant(of: vevent.property("CREATED"), resolver: resolver) ?? now
        var event = Event(
            eventIdentifier: "", calendarIdentifier: "", title: TextValue.unescape(vevent.value("SUMMARY") ?? ""),
            start: start, duration: 0, creationDate: created)
        event.calendarItemExternalIdentifier = uid
        event.lastModifiedDate = DateMapping.instant(of: vevent.property("LAST-MODIFIED"), resolver: resolver) ?? created
        if let end = vevent.property("DTEND") {
            let endComponents = DateMapping.components(try DateTimeValue(end), resolver: resolver)
            event.duration =
                start.isAllDay
                ? max(1, (endComponents.wallClockSeconds - start.wallClockSeconds) / 86_400) * 86_400_000
                : endComponents.instant(in: DateMapping.utcZone).milliseconds - start.instant(in: DateMapping.utcZone).milliseconds
        } else if let text = vevent.value("DURATION") {
            guard let seconds = DurationValue.seconds(text) else {
                throw ICalendarError(line: vevent.property("DURATION")?.lineNumber, "\(uid): DURATION \"\(text.prefix(40))\" is not a duration")
            }
            event.duration = Int64(seconds) * 1000
        } else if start.isAllDay {
            event.duration = 86_400_000  // RFC 5545: a DATE start alone lasts the day
        }
        // What iCalendar can write back (a four-digit year) bounds what is read.
        let ends = start.shifted(byWallClockSeconds: event.duration.floorDivided(by: 1000))
        guard event.duration >= 0, ends.year <= 9999 else {
            let property = vevent.property("DURATION") != nil ? "DURATION" : "DTEND"
            throw ICalendarError(
                line: vevent.property(property)?.lineNumber,
                "\(uid): \(property) \(vevent.value(property)?.prefix(40) ?? "") "
                    + (event.duration < 0 ? "ends before DTSTART" : "ends after the year 9999, which iCalendar cannot write"))
        }
        event.notes = vevent.value("DESCRIPTION").map(TextValue.unescape)
        event.url = vevent.value("URL")
        event.structuredLocation = place(of: vevent)
        switch vevent.value("STATUS")?.uppercased() {
        case "CONFIRMED"?: event.status = .confirmed
        case "TENTATIVE"?: event.status = .tentative
        case "CANCELLED"?: event.status = .canceled
        default: break
        }
        if vevent.value("TRANSP")?.uppercased() == "TRANSPARENT" { event.availability = .free }
        if let rrule = vevent.value("RRULE") {
            do { event.recurrenceRules = [try RecurrenceRule(rrule: rrule)] } catch {
                throw ICalendarError(line: vevent.lineNumber, "\(uid): \(error.message)")
            }
        }
        event.alarms = alarms(of: vevent, uid: uid, start: start, duration: event.duration, resolver: resolver).map(\.alarm)
        event.attendees = ParticipantMapping.attendees(of: vevent)
        event.organizer = ParticipantMapping.organizer(of: vevent, attendees: event.attendees)
        return event
    }

    /// The VALARMs of `vevent` that are alarms here, each with the component it was read from
    /// (what a writer keeps as it came while the alarm is unchanged).
    static func alarms(
        of vevent: Component, uid: String, start: ItemDateComponents, duration: Int64,
        resolver: TimeZoneResolver
    ) -> [(component: Component, alarm: Alarm)] {
        // An event's alarms all count from its start: an END-related trigger is moved by its length.
        let probe = Event(
            eventIdentifier: "", calendarIdentifier: "", title: "", start: start, duration: duration, creationDate: Timestamp(milliseconds: 0))
        let end = EventWriter.end(of: probe)
        let length = Double(duration) / 1000
        var identifiers = Set<String>()
        return vevent.components.filter { $0.name == "VALARM" }.compactMap { component in
            guard var alarm = AlarmMapping.alarm(component, todoUID: uid, start: start, due: end, resolver: resolver),
                identifiers.insert(alarm.alarmIdentifier).inserted
            else { return nil }
            switch alarm.trigger {
            case .relative(let offset):
                alarm.trigger = .relative(offset: offset + length)
                alarm.followsEnd = true
            case .relativeToStart(let offset): alarm.trigger = .relative(offset: offset)
            case .absolute, .location: break
            }
            return (component, alarm)
        }
    }
}

/// What a date that names an occurrence (RECURRENCE-ID, EXDATE, RDATE) means in one series: the
/// occurrence's key, read as the series' start is read whatever form the date was written in.
struct OccurrenceNaming {
    let series: ItemDateComponents
    let resolver: TimeZoneResolver
    /// The reader's zone, for a UTC or zoned date naming an occurrence of a floating series.
    let zone: TimeZone

    func key(_ property: Property) throws(ICalendarError) -> Int64 {
        do { return key(try DateTimeValue(property)) } catch { throw ICalendarError(line: property.lineNumber, error.message) }
    }

    /// A property's comma-separated dates (EXDATE and RDATE may hold several).
    func keys(_ property: Property) throws(ICalendarError) -> [Int64] {
        var keys: [Int64] = []
        for text in property.value.split(separator: ",") {
            keys.append(try key(Property(property.name, String(text), property.parameters)))
        }
        return keys
    }

    /// An RDATE's occurrences: a date or date-time each, or (`VALUE=PERIOD`) a start with an end or
    /// a duration — the length of that occurrence.
    func occurrences(_ property: Property) throws(ICalendarError) -> [(key: Int64, duration: Int64?)] {
        guard property.parameter("VALUE")?.uppercased() == "PERIOD" else { return try keys(property).map { ($0, nil) } }
        let parameters = property.parameters.filter { $0.name != "VALUE" }
        var found: [(key: Int64, duration: Int64?)] = []
        for text in property.value.split(separator: ",") {
            let parts = text.split(separator: "/", maxSplits: 1).map(String.init)
            guard parts.count == 2 else {
                throw ICalendarError(line: property.lineNumber, "RDATE period \"\(text.prefix(40))\" is not START/END or START/DURATION")
            }
            let startValue: DateTimeValue
            do { startValue = try DateTimeValue(Property("RDATE", parts[0], parameters)) } catch {
                throw ICalendarError(line: property.lineNumber, error.message)
            }
            let begins = DateMapping.components(startValue, resolver: resolver).instant(in: zone)
            var duration: Int64?
            if let seconds = DurationValue.seconds(parts[1]) {
                duration = Int64(seconds) * 1000
            } else if let endValue = try? DateTimeValue(Property("RDATE", parts[1], parameters)) {
                duration = DateMapping.components(endValue, resolver: resolver).instant(in: zone).milliseconds - begins.milliseconds
            }
            guard let length = duration, length >= 0 else {
                throw ICalendarError(line: property.lineNumber, "RDATE period \"\(text.prefix(40))\" ends before it starts")
            }
            found.append((key(startValue), length))
        }
        return found
    }

    func key(_ value: DateTimeValue) -> Int64 {
        // The day it names, as written (in the zone it was written in), never moved through UTC.
        if series.isAllDay { return Event.occurrenceKey(ItemDateComponents(year: value.year, month: value.month, day: value.day)) }
        var named = DateMapping.components(value, resolver: resolver)
        if series.isFloating, !named.isFloating {
            // An instant: the wall-clock time it is for the reader.
            named = ItemDateComponents.wallClock(of: named.instant(in: zone), in: zone)
        } else if !series.isFloating, named.isFloating {
            // A wall-clock time in a zoned series: read in the series' zone (a day: at the series' time).
            if named.isAllDay { (named.hour, named.minute, named.second) = (series.hour, series.minute, series.second) }
            named.timeZone = series.timeZone
        }
        return Event.occurrenceKey(named)
    }
}

extension EventReader {
    /// LOCATION as the place's title, with coordinates from GEO or else from Apple's
    /// X-APPLE-STRUCTURED-LOCATION (its radius too; its X-TITLE the title where there is no LOCATION).
    static func place(of vevent: Component) -> StructuredLocation? {
        let apple = vevent.property("X-APPLE-STRUCTURED-LOCATION").flatMap(AppleStructuredLocation.read)
        guard let title = vevent.value("LOCATION").map(TextValue.unescape) ?? apple?.title else { return nil }
        var place = StructuredLocation(title: title)
        if let geo = vevent.value("GEO")?.split(separator: ";"), geo.count == 2, let latitude = Double(geo[0]), let longitude = Double(geo[1]) {
            place.geoLocation = GeoLocation(latitude: latitude, longitude: longitude)
        } else {
            place.geoLocation = apple?.geoLocation
        }
        place.radius = apple?.radius
        return place
    }
}
