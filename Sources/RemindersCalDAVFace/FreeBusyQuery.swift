import RemindersHTTPServer
import RemindersICalendar
import RemindersICalendarFormat
import RemindersModel
import RemindersStore
import RemindersWebDAV

/// RFC 4791 §7.10's free-busy-query on a calendar: when its events keep the person busy within
/// the range — every occurrence, as the store expands the series, but those shown as free
/// (TRANSP:TRANSPARENT) and those cancelled; tentative ones as BUSY-TENTATIVE. A reminders list
/// keeps nobody busy.
extension AppView {
    func freeBusyQuery(_ document: XMLNode, in calendar: ItemCalendar) throws(FaceError) -> HTTPResponse {
        guard let node = document.child(DAVNamespace.calDAV, "time-range") else {
            throw .badRequest("a free-busy-query names its time-range")
        }
        let range: TimeRange
        do throws(ICalendarError) { range = try TimeRange(start: node.attributes["start"], end: node.attributes["end"]) } catch {
            throw .badRequest(error.message)
        }
        guard let start = range.start, let end = range.end, start < end else {
            throw .badRequest("a free-busy-query's time-range has a start and a later end")
        }
        var busy: [FreeBusyWriter.Busy] = []
        if calendar.entityType == .event {
            let zone = eventStore.timeZone
            let occurrences = try store { _ throws(StoreError) in
                try eventStore.fetchEvents(from: start, to: end, calendars: [calendar.calendarIdentifier]).occurrences
            }
            for occurrence in occurrences where occurrence.event.availability != .free && occurrence.event.status != .canceled {
                busy.append(
                    FreeBusyWriter.Busy(
                        start: occurrence.startDate(in: zone), end: occurrence.endDate(in: zone),
                        isTentative: occurrence.event.status == .tentative || occurrence.event.availability == .tentative))
            }
        }
        var headers = HTTPHeaders()
        headers.add("Content-Type", "text/calendar; charset=utf-8")
        return HTTPResponse(status: 200, headers: headers, body: Array(FreeBusyWriter.object(from: start, to: end, busy: busy, now: now).utf8))
    }
}
