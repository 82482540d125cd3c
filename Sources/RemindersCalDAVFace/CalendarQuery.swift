import Foundation
import RemindersHTTPServer
import RemindersICalendar
import RemindersICalendarFormat
import RemindersModel
import RemindersStore
import RemindersWebDAV

/// RFC 4791 §7.8's calendar-query: the members whose calendar object — as a GET gives it — meets
/// the filter, each with what `prop` asks. An event meets a time range when one of its
/// occurrences does, as the store expands the series (recurrences, overrides and removed
/// occurrences included; a range is read at most four years from its start, as `fetchEvents`
/// reads one). `calendar-data` is given whole: `expand` and `limit-recurrence-set` are not applied.
extension AppView {
    func calendarQuery(_ document: XMLNode, in calendar: ItemCalendar) throws(FaceError) -> HTTPResponse {
        let asked = try PropertyRequest(document)
        let filter = try CalendarFilter(document.child(DAVNamespace.calDAV, "filter"))
        let matched = try store { store throws(StoreError) -> [(item: FaceItem, text: String)] in
            var meeting: [String: Set<String>] = [:]
            var failure: StoreError?
            var matched: [(item: FaceItem, text: String)] = []
            for item in try FaceItems.list(calendar, in: store) {
                guard let text = try FaceItems.text(of: item, in: calendar, store: store, now: now),
                    let object = try? Component.parse(text).first(where: { $0.name == "VCALENDAR" })
                else { continue }
                let resolver = TimeZoneResolver(timeZones: object.components.filter { $0.name == "VTIMEZONE" })
                let recurring =
                    calendar.entityType == .reminder
                    ? try store.reminder(identifier: item.identifier).flatMap { $0.recurrenceRules.isEmpty ? nil : $0 } : nil
                let meets = filter.matches(object) { range, component in
                    switch component.name {
                    case "VEVENT":
                        let key = "\(range.start?.milliseconds ?? .min) \(range.end?.milliseconds ?? .max)"
                        if meeting[key] == nil {
                            do throws(StoreError) { meeting[key] = try series(in: calendar, meeting: range) } catch {
                                failure = error
                                meeting[key] = []
                            }
                        }
                        return meeting[key]?.contains(item.identifier) ?? false
                    default:
                        // A recurring to-do's master by its occurrences; an override, or a to-do once, by its own dates.
                        if let recurring, component.property("RECURRENCE-ID") == nil {
                            return Self.occurrence(of: recurring, meets: range, zone: eventStore.timeZone)
                        }
                        return range.meets(todo: component, resolver: resolver)
                    }
                }
                if let failure { throw failure }
                if meets { matched.append((item, text)) }
            }
            return matched
        }
        var status = Multistatus()
        let segment = try segment(of: calendar)
        for (item, text) in matched { try describe(item, in: calendar, at: segment, asked: asked, text: text, into: &status) }
        return status.answer()
    }

    /// Whether an occurrence of a recurring reminder meets the range by §9.9's table: its start and
    /// due date walked through its rule together (at most 10,000 occurrences, and none past the
    /// range's end).
    static func occurrence(of reminder: Reminder, meets range: TimeRange, zone: TimeZone) -> Bool {
        guard var rule = reminder.recurrenceRules.first, let anchor = reminder.startDateComponents ?? reminder.dueDateComponents else {
            return true
        }
        let anchored = anchor.instant(in: zone)
        let length = reminder.startDateComponents.flatMap { _ in
            reminder.dueDateComponents.map { $0.instant(in: zone).milliseconds - anchored.milliseconds }
        }
        var current: ItemDateComponents? = anchor
        for _ in 0..<10_000 {
            guard let occurrence = current else { return false }
            let begins = occurrence.instant(in: zone)
            if let end = range.end, begins > end { return false }
            let meets =
                reminder.startDateComponents == nil
                ? range.meets(start: nil, due: begins) : range.meets(start: begins, due: length.map { begins.advanced(by: $0) })
            if meets { return true }
            current = rule.occurrence(after: occurrence, in: zone)
            rule = rule.advanced
        }
        return false
    }

    /// The series of `calendar` with an occurrence in `range`.
    private func series(in calendar: ItemCalendar, meeting range: TimeRange) throws(StoreError) -> Set<String> {
        let from = range.start ?? Timestamp(milliseconds: 0)
        let to = range.end ?? from.advanced(by: 4 * 366 * 86_400_000)
        let occurrences = try eventStore.fetchEvents(from: from, to: to, calendars: [calendar.calendarIdentifier]).occurrences
        return Set(occurrences.map { $0.event.seriesIdentifier ?? $0.event.eventIdentifier })
    }
}
