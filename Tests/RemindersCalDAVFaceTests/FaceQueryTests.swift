import Foundation
import RemindersModel
import RemindersStore
import RemindersTestSupport
import RemindersWebDAV
import XCTest
@testable import RemindersCalDAVFace

/// calendar-query as clients ask it (RFC 4791 §7.8): a month of events, recurring ones found by
/// a later occurrence; to-dos due in a range; not-completed to-dos; one by its UID — and the
/// filters this server cannot test refused by name, not answered wrongly.
final class FaceQueryTests: FaceTestCase {
    private func query(_ path: String, _ filter: String, as app: String = "khal") throws -> [String] {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
            <D:prop><D:getetag/><C:calendar-data/></D:prop><C:filter>\(filter)</C:filter></C:calendar-query>
            """
        let answer = try ask("REPORT", path, as: app, depth: "1", body: body)
        return try responses(answer).compactMap { property($0, DAVNamespace.calDAV, "calendar-data")?.text }
            .compactMap { text in text.split(separator: "\r\n").first { $0.hasPrefix("SUMMARY:") }.map { String($0.dropFirst(8)) } }.sorted()
    }

    private func put(_ path: String, _ lines: [String]) throws {
        let text = (["BEGIN:VCALENDAR", "VERSION:2.0"] + lines + ["END:VCALENDAR", ""]).joined(separator: "\r\n")
        XCTAssertEqual(try ask("PUT", path, body: text).status, 201)
    }

    func testEventsByTimeRangeWithRecurrencesExpanded() throws {
        let calendar = "/dav/khal/\(work.calendarIdentifier)/"
        // The stand-up of the fixture is 2027-01-15 08:00 UTC (1_800_000_000 s).
        try put(
            calendar + "weekly.ics",
            ["BEGIN:VEVENT", "UID:weekly", "SUMMARY:Weekly", "DTSTART:20261201T090000Z", "DTEND:20261201T100000Z", "RRULE:FREQ=WEEKLY", "END:VEVENT"])
        try put(calendar + "once.ics", ["BEGIN:VEVENT", "UID:once", "SUMMARY:Once", "DTSTART:20261105T090000Z", "DURATION:PT1H", "END:VEVENT"])
        let january =
            #"<C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT"><C:time-range start="20270101T000000Z" end="20270201T000000Z"/></C:comp-filter></C:comp-filter>"#
        XCTAssertEqual(try query(calendar, january), ["Stand-up", "Weekly"], "a series met by a later occurrence")
        let november =
            #"<C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT"><C:time-range start="20261101T000000Z" end="20261110T000000Z"/></C:comp-filter></C:comp-filter>"#
        XCTAssertEqual(try query(calendar, november), ["Once"])
        let all = #"<C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT"/></C:comp-filter>"#
        XCTAssertEqual(try query(calendar, all), ["Once", "Stand-up", "Weekly"])
        let byUID =
            #"<C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT"><C:prop-filter name="UID"><C:text-match collation="i;octet">once</C:text-match></C:prop-filter></C:comp-filter></C:comp-filter>"#
        XCTAssertEqual(try query(calendar, byUID), ["Once"])
        let todos = #"<C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO"/></C:comp-filter>"#
        XCTAssertEqual(try query(calendar, todos), [], "an event calendar holds no to-dos")
    }

    func testToDosByDueDateAndCompletion() throws {
        let list = "/dav/khal/\(groceries.calendarIdentifier)/"
        try put(list + "due.ics", ["BEGIN:VTODO", "UID:due", "SUMMARY:Due in December", "DUE:20261210T120000Z", "END:VTODO"])
        try put(
            list + "done.ics",
            ["BEGIN:VTODO", "UID:done", "SUMMARY:Done", "STATUS:COMPLETED", "COMPLETED:20261101T080000Z", "DUE:20261101T090000Z", "END:VTODO"])
        let december =
            #"<C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO"><C:time-range start="20261201T000000Z" end="20270101T000000Z"/></C:comp-filter></C:comp-filter>"#
        XCTAssertEqual(try query(list, december), ["Due in December", "Milk & honey"], "one without dates meets every range")
        let pending =
            #"<C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO"><C:prop-filter name="COMPLETED"><C:is-not-defined/></C:prop-filter><C:prop-filter name="STATUS"><C:text-match negate-condition="yes">CANCELLED</C:text-match></C:prop-filter></C:comp-filter></C:comp-filter>"#
        // Not completed and a STATUS that is not CANCELLED: a text-match needs the property
        // (RFC 4791 §9.7.2), so the to-do PUT without a STATUS does not match, the one the store
        // made (NEEDS-ACTION) does.
        XCTAssertEqual(try query(list, pending), ["Milk & honey"])
        // A recurring to-do meets a range by any of its occurrences (RFC 4791 §9.9), not its first only.
        try put(
            list + "monthly.ics", ["BEGIN:VTODO", "UID:monthly", "SUMMARY:Pay the rent", "DUE:20260105T090000Z", "RRULE:FREQ=MONTHLY", "END:VTODO"])
        try put(
            list + "ended.ics",
            ["BEGIN:VTODO", "UID:ended", "SUMMARY:Three times", "DUE:20260105T090000Z", "RRULE:FREQ=MONTHLY;COUNT=3", "END:VTODO"])
        try put(
            list + "span.ics",
            [
                "BEGIN:VTODO", "UID:span", "SUMMARY:Weekly, started and due", "DTSTART:20261110T090000Z", "DUE:20261112T090000Z", "RRULE:FREQ=WEEKLY",
                "END:VTODO",
            ])
        XCTAssertEqual(try query(list, december), ["Due in December", "Milk & honey", "Pay the rent", "Weekly, started and due"])
        let notCompleted =
            #"<C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO"><C:prop-filter name="COMPLETED"><C:is-not-defined/></C:prop-filter></C:comp-filter></C:comp-filter>"#
        XCTAssertEqual(
            try query(list, notCompleted), ["Due in December", "Milk & honey", "Pay the rent", "Three times", "Weekly, started and due"])
        // Outside the grant: todoman sees its list only, and the event calendar is not there for it.
        XCTAssertEqual(
            try ask(
                "REPORT", "/dav/todoman/\(work.calendarIdentifier)/", as: "todoman",
                body: "<C:calendar-query xmlns:C=\"urn:ietf:params:xml:ns:caldav\"/>"
            ).status, 404)
    }

    func testWhatCannotBeTestedIsRefusedByName() throws {
        let list = "/dav/khal/\(groceries.calendarIdentifier)/"
        let body = { (filter: String) in
            "<C:calendar-query xmlns:D=\"DAV:\" xmlns:C=\"urn:ietf:params:xml:ns:caldav\"><D:prop><D:getetag/></D:prop><C:filter>\(filter)</C:filter></C:calendar-query>"
        }
        let alarm =
            #"<C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO"><C:comp-filter name="VALARM"><C:time-range start="20261201T000000Z"/></C:comp-filter></C:comp-filter></C:comp-filter>"#
        let refused = try ask("REPORT", list, depth: "1", body: body(alarm))
        XCTAssertEqual(refused.status, 403)
        XCTAssertTrue(refused.body.contains("supported-filter"), refused.body)
        let local =
            #"<C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO"><C:time-range start="20261201T000000"/></C:comp-filter></C:comp-filter>"#
        XCTAssertEqual(try ask("REPORT", list, depth: "1", body: body(local)).status, 400, "a time range in UTC only")
        XCTAssertEqual(try ask("REPORT", list, depth: "1", body: body("")).status, 403, "no comp-filter")
        let deep = String(repeating: #"<C:comp-filter name="X">"#, count: 50) + String(repeating: "</C:comp-filter>", count: 50)
        XCTAssertEqual(try ask("REPORT", list, depth: "1", body: body(#"<C:comp-filter name="VCALENDAR">"# + deep + "</C:comp-filter>")).status, 403)
    }
}

/// free-busy-query (RFC 4791 §7.10): the busy times of a calendar's occurrences in the range.
final class FaceFreeBusyTests: FaceTestCase {
    func testBusyTimesOfOccurrencesInTheRange() throws {
        let calendar = "/dav/khal/\(work.calendarIdentifier)/"
        let weekly = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:w", "SUMMARY:Weekly", "DTSTART:20261201T090000Z", "DURATION:PT1H",
            "RRULE:FREQ=WEEKLY;COUNT=3", "END:VEVENT", "END:VCALENDAR", "",
        ]
        XCTAssertEqual(try ask("PUT", calendar + "w.ics", body: weekly.joined(separator: "\r\n")).status, 201)
        let query =
            #"<C:free-busy-query xmlns:C="urn:ietf:params:xml:ns:caldav"><C:time-range start="20261205T000000Z" end="20261231T000000Z"/></C:free-busy-query>"#
        let answer = try ask("REPORT", calendar, depth: "1", body: query)
        XCTAssertEqual(answer.status, 200, answer.body)
        let periods = answer.body.split(separator: "\r\n").filter { $0.hasPrefix("FREEBUSY") }
        XCTAssertEqual(periods, ["FREEBUSY:20261208T090000Z/20261208T100000Z", "FREEBUSY:20261215T090000Z/20261215T100000Z"])
        let list = try ask("REPORT", "/dav/khal/\(groceries.calendarIdentifier)/", depth: "1", body: query)
        XCTAssertFalse(list.body.contains("FREEBUSY:"), "a list keeps nobody busy")
        XCTAssertEqual(try ask("REPORT", calendar, body: #"<C:free-busy-query xmlns:C="urn:ietf:params:xml:ns:caldav"/>"#).status, 400)
    }
}
