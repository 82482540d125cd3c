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
        let matched = try store { store throws(StoreError) -> [FaceItem] in
            var meeting: [String: Set<String>] = [:]
            var failure: StoreError?
            var matched: [FaceItem] = []
            for item in try FaceItems.list(calendar, in: store) {
                guard let text = try FaceItems.text(of: item, in: calendar, store: store, now: now),
                    let object = try? Component.parse(text).first(where: { $0.name == "VCALENDAR" })
                else { continue }
                let resolver = TimeZoneResolver(timeZones: object.components.filter { $0.name == "VTIMEZONE" })
                let meets = filter.matches(object, resolver: resolver) { range in
                    let key = "\(range.start?.milliseconds ?? .min) \(range.end?.milliseconds ?? .max)"
                    if meeting[key] == nil {
                        do throws(StoreError) { meeting[key] = try series(in: calendar, meeting: range) } catch {
                            failure = error
                            meeting[key] = []
                        }
                    }
                    return meeting[key]?.contains(item.identifier) ?? false
                }
                if let failure { throw failure }
                if meets { matched.append(item) }
            }
            return matched
        }
        var status = Multistatus()
        for item in matched { try describe(item, in: calendar, asked: asked, into: &status) }
        return status.answer()
    }

    /// The series of `calendar` with an occurrence in `range`.
    private func series(in calendar: ItemCalendar, meeting range: TimeRange) throws(StoreError) -> Set<String> {
        let from = range.start ?? Timestamp(milliseconds: 0)
        let to = range.end ?? from.advanced(by: 4 * 366 * 86_400_000)
        let occurrences = try eventStore.fetchEvents(from: from, to: to, calendars: [calendar.calendarIdentifier]).occurrences
        return Set(occurrences.map { $0.event.seriesIdentifier ?? $0.event.eventIdentifier })
    }
}
