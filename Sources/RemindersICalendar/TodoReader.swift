import Foundation
import RemindersICalendarFormat
import RemindersModel

/// What a VTODO says as a reminder: every mapped field, and the UID of the reminder it is a
/// subtask of (the caller finds that reminder). Identifiers and the list are the caller's to set.
public struct TodoReading: Equatable, Sendable {
    public var reminder: Reminder
    public var uid: String
    /// The first parent it names (`RELATED-TO`, RELTYPE PARENT or none): the one remindersd shows.
    public var parentUID: String?
    /// Whether the VTODO gives its creation (CREATED or DTSTAMP) and completion (COMPLETED) dates;
    /// when not, the reading holds the time of reading, and a reminder already known keeps its own.
    public var statesCreationDate: Bool
    public var statesCompletionDate: Bool
    /// What was read but cannot be shown as the object has it, for the person's report.
    public var notes: [String] = []
    /// How far the series' absolute alarms were moved to the occurrence shown (milliseconds).
    var alarmShift: Int64 = 0
    /// The override the reminder shows (its place among the VCALENDAR's components), if any.
    var shownOverride: Int?
}

/// VTODO → reminder (the mapping table is in protocol.md, "iCalendar").
///
/// Tolerant in what it reads: a value it cannot use (a URL of a refused scheme, a PRIORITY out of
/// range, an RRULE that EventKit cannot hold, a tag with a space in it) leaves the field unset and
/// stays in the kept calendar object, so it is written back as it came. Only what makes the item
/// no reminder at all is an error: no UID, no title, or a date that is not one. A recurring one is
/// shown at its series' first open occurrence (`SeriesReader`).
public enum TodoReader {
    /// `zone`: the reader's, where floating occurrences meet a rule's end that is an instant.
    public static func read(_ object: CalendarObject, now: Timestamp, zone: TimeZone = .current) throws(ICalendarError) -> TodoReading {
        guard let todo = object.todo else { throw ICalendarError("the calendar object holds no VTODO") }
        guard let uid = todo.value("UID").map(TextValue.unescape), !uid.isEmpty else {
            throw ICalendarError(line: todo.lineNumber, "a VTODO without a UID")
        }
        let resolver = TimeZoneResolver(timeZones: object.timeZones)
        var reminder = try master(todo, uid: uid, resolver: resolver, now: now)
        var reading = TodoReading(
            reminder: reminder, uid: uid, parentUID: parentUIDs(todo).first,
            statesCreationDate: todo.property("CREATED") != nil || todo.property("DTSTAMP") != nil,
            statesCompletionDate: todo.property("COMPLETED") != nil)
        if reminder.hasRecurrenceRules {
            let series = SeriesReader(object: object, master: reminder, uid: uid, resolver: resolver, zone: zone)
            reminder = series.shown(notes: &reading.notes)
            reading.shownOverride = series.override(shownBy: reminder)
            reading.alarmShift = alarmShift(from: reading.reminder, to: reminder, in: zone)
        }
        reminder.timeZone = (reminder.dueDateComponents ?? reminder.startDateComponents).flatMap { $0.isFloating ? nil : $0.timeZone }
        reading.reminder = reminder
        return reading
    }

    /// The master VTODO as a reminder: its own dates (a series' first occurrence).
    static func master(_ todo: Component, uid: String, resolver: TimeZoneResolver, now: Timestamp) throws(ICalendarError) -> Reminder {
        let title = todo.value("SUMMARY").map(TextValue.unescape) ?? ""
        guard !TextRules.isBlank(title) else {
            throw ICalendarError(line: todo.lineNumber, "the VTODO \(uid) has no SUMMARY, and a reminder needs a title")
        }
        let created = DateMapping.instant(of: todo.property("CREATED") ?? todo.property("DTSTAMP"), resolver: resolver) ?? now
        var reminder = Reminder(calendarItemIdentifier: "", calendarIdentifier: "", title: title, creationDate: created)
        reminder.calendarItemExternalIdentifier = uid
        reminder.lastModifiedDate = DateMapping.instant(of: todo.property("LAST-MODIFIED") ?? todo.property("DTSTAMP"), resolver: resolver) ?? created
        reminder.notes = todo.value("DESCRIPTION").map(TextValue.unescape).flatMap { $0.isEmpty ? nil : $0 }
        reminder.location = todo.value("LOCATION").map(TextValue.unescape).flatMap { $0.isEmpty ? nil : $0 }
        if let url = todo.value("URL")?.trimmingCharacters(in: .whitespaces), !url.isEmpty, CalendarItemRules.urlProblem(url) == nil {
            reminder.url = url
        }
        if let priority = todo.value("PRIORITY").flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }), (0...9).contains(priority) {
            reminder.priority = priority
        }
        reminder.startDateComponents = try date(todo.property("DTSTART"), resolver)
        reminder.dueDateComponents = try date(todo.property("DUE"), resolver)
        if reminder.dueDateComponents == nil, let start = reminder.startDateComponents,
            let duration = todo.value("DURATION").flatMap(DurationValue.seconds)
        {
            reminder.dueDateComponents = start.adding(seconds: duration)
        }
        readCompletion(todo, resolver, into: &reminder)
        reminder.alarms = alarms(todo, uid: uid, start: reminder.startDateComponents, due: reminder.dueDateComponents, resolver: resolver).map(
            \.alarm)
        // RFC 5545 expands a series from DTSTART, else (a VTODO) from DUE.
        if reminder.dueDateComponents != nil || reminder.startDateComponents != nil {
            let rules = todo.properties("RRULE").map { try? RecurrenceRule(rrule: $0.value) }
            if !rules.isEmpty, rules.allSatisfy({ $0 != nil }) { reminder.recurrenceRules = rules.compactMap { $0 } }
        }
        reminder.tags = validTags(todo)
        reminder.isFlagged = todo.value("X-REMINDERSD-FLAGGED")?.uppercased() == "TRUE"
        // Apple's manual order; what is no integer (or beyond JSON's exact integers) is not one.
        reminder.sortOrder = todo.value("X-APPLE-SORT-ORDER").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            .flatMap { $0.magnitude <= 1 << 53 ? $0 : nil }
        return reminder
    }

    /// The parents a VTODO names, in order: RELATED-TO with RELTYPE=PARENT or none (jtx Board
    /// names several; `RELTYPE=CHILD` and `SIBLING` name no parent).
    static func parentUIDs(_ todo: Component) -> [String] {
        todo.properties("RELATED-TO").filter { ($0.parameter("RELTYPE")?.uppercased() ?? "PARENT") == "PARENT" }
            .map { TextValue.unescape($0.value) }.filter { !$0.isEmpty }
    }

    static func date(_ property: Property?, _ resolver: TimeZoneResolver) throws(ICalendarError) -> ItemDateComponents? {
        guard let property else { return nil }
        do {
            return DateMapping.components(try DateTimeValue(property), resolver: resolver).normalized
        } catch {
            throw ICalendarError(line: property.lineNumber, error.message)
        }
    }

    /// STATUS:COMPLETED (or, without a STATUS, a COMPLETED date) completes; IN-PROCESS and
    /// CANCELLED are not completed, and are kept as they are.
    static func readCompletion(_ todo: Component, _ resolver: TimeZoneResolver, into reminder: inout Reminder) {
        let status = todo.value("STATUS")?.uppercased()
        let completedAt = DateMapping.instant(of: todo.property("COMPLETED"), resolver: resolver)
        let isCompleted = status.map { $0 == "COMPLETED" } ?? (completedAt != nil || todo.value("PERCENT-COMPLETE") == "100")
        reminder.isCompleted = isCompleted
        reminder.completionDate = isCompleted ? (completedAt ?? reminder.lastModifiedDate) : nil
    }

    /// The VALARMs of `todo` that are alarms here, with their place among its components (two
    /// that say the same are one alarm: the second stays as it came).
    static func alarms(
        _ todo: Component, uid: String, start: ItemDateComponents?, due: ItemDateComponents?,
        resolver: TimeZoneResolver
    ) -> [(index: Int, alarm: Alarm)] {
        var found: [(index: Int, alarm: Alarm)] = []
        var identifiers = Set<String>()
        for (index, component) in todo.components.enumerated() where component.name == "VALARM" {
            guard let alarm = AlarmMapping.alarm(component, todoUID: uid, start: start, due: due, resolver: resolver),
                identifiers.insert(alarm.alarmIdentifier).inserted
            else { continue }
            found.append((index, alarm))
        }
        return found
    }

    /// How far the occurrence shown is from the series' first: what its absolute alarms moved.
    private static func alarmShift(from master: Reminder, to shown: Reminder, in zone: TimeZone) -> Int64 {
        guard let from = (master.startDateComponents ?? master.dueDateComponents)?.instant(in: zone),
            let to = (shown.startDateComponents ?? shown.dueDateComponents)?.instant(in: zone)
        else { return 0 }
        return to.milliseconds - from.milliseconds
    }

    /// The CATEGORIES that are tags as remindersd has them (one word each); the others stay in the
    /// kept object, and are written back beside the tags (see `TodoWriter`).
    static func validTags(_ todo: Component) -> [String] {
        let categories = todo.properties("CATEGORIES").flatMap { TextValue.list($0.value) }
        return (try? Tags.normalized(categories.filter { (try? Tags.normalized([$0])) != nil })) ?? []
    }

    static func invalidCategories(_ todo: Component) -> [String] {
        todo.properties("CATEGORIES").flatMap { TextValue.list($0.value) }.filter { (try? Tags.normalized([$0])) == nil }
    }
}

extension ItemDateComponents {
    /// This date `seconds` later, on the wall clock (a VTODO's DUE from DTSTART and DURATION).
    func adding(seconds: Int) -> ItemDateComponents {
        var later = ItemDateComponents.wallClock(of: Timestamp(seconds: wallClockSeconds + Int64(seconds)), in: DateMapping.utcZone)
        later.timeZone = timeZone
        if isAllDay, seconds % 86_400 == 0 { later.hour = nil; later.minute = nil; later.second = nil }
        if later.second == 0 { later.second = nil }
        return later
    }
}
