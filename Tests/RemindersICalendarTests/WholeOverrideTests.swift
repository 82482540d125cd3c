import RemindersICalendarFormat
import RemindersModel
import XCTest

@testable import RemindersICalendar

/// An override is a whole occurrence, and a moved series takes its exceptions along (issue 50, 1
/// and 2): a series as Google Calendar writes one — an organizer, attendees, a conference link,
/// a SEQUENCE, an email alarm — keeps all of it on an occurrence changed here, and its removed and
/// changed occurrences name their places in the series after it moved.
final class WholeOverrideTests: XCTestCase {
    let now = Timestamp(milliseconds: 1_796_000_000_000)

    private let google = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Google Inc//Google Calendar 70.9054//EN\r
        BEGIN:VEVENT\r
        DTSTART:20270104T090000Z\r
        DTEND:20270104T093000Z\r
        RRULE:FREQ=WEEKLY;COUNT=6\r
        EXDATE:20270111T090000Z\r
        DTSTAMP:20261201T100000Z\r
        ORGANIZER;CN=Ana:mailto:ana@example.com\r
        UID:7kukuqrfedlm2f9t7lofsnnq1h@google.com\r
        ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;CN=Ana:mailto:ana@example.com\r
        ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;CN=Ben:mailto:ben@example.com\r
        X-GOOGLE-CONFERENCE:https://meet.google.com/abc-defg-hij\r
        SEQUENCE:3\r
        SUMMARY:Weekly sync\r
        TRANSP:OPAQUE\r
        BEGIN:VALARM\r
        ACTION:EMAIL\r
        DESCRIPTION:This is an event reminder\r
        SUMMARY:Alarm notification\r
        ATTENDEE:mailto:ana@example.com\r
        TRIGGER:-P0DT0H10M0S\r
        END:VALARM\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        DTSTART:20270118T100000Z\r
        DTEND:20270118T103000Z\r
        UID:7kukuqrfedlm2f9t7lofsnnq1h@google.com\r
        RECURRENCE-ID:20270118T090000Z\r
        ORGANIZER;CN=Ana:mailto:ana@example.com\r
        ATTENDEE;CN=Cleo:mailto:cleo@example.com\r
        SEQUENCE:4\r
        SUMMARY:Weekly sync (later)\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    private func read() throws -> (Component, EventReader.Reading) {
        let calendar = try XCTUnwrap(try Component.parse(google).first)
        return (calendar, try EventReader.read(calendar, now: now, zone: .gmt))
    }

    private func vevents(_ text: String) throws -> [Component] {
        try XCTUnwrap(try Component.parse(text).first).components.filter { $0.name == "VEVENT" }
    }

    func testAnOccurrenceRenamedHereKeepsWhatItsSeriesHas() throws {
        let (original, reading) = try read()
        var renamed = reading.series
        renamed.eventIdentifier = "detached"
        renamed.seriesIdentifier = reading.series.eventIdentifier
        renamed.recurrenceRules = []
        renamed.exceptionDates = []
        renamed.start = ItemDateComponents(year: 2027, month: 1, day: 25, hour: 9, minute: 0, second: 0, timeZone: "UTC")
        renamed.originalOccurrence = renamed.start.occurrenceKey
        renamed.title = "Weekly sync (agenda: budget)"
        let text = EventWriter.object(for: reading.series, detached: reading.detached + [renamed], original: original, now: now, zone: .gmt).text
        let made = try XCTUnwrap(try vevents(text).first { $0.value("RECURRENCE-ID") == "20270125T090000Z" })
        XCTAssertEqual(made.value("SUMMARY"), "Weekly sync (agenda: budget)")
        XCTAssertEqual(made.value("ORGANIZER"), "mailto:ana@example.com")
        XCTAssertEqual(made.properties("ATTENDEE").count, 2, "its attendees")
        XCTAssertEqual(made.value("X-GOOGLE-CONFERENCE"), "https://meet.google.com/abc-defg-hij", "its meeting link")
        XCTAssertEqual(made.value("SEQUENCE"), "3")
        XCTAssertEqual(made.components.filter { $0.value("ACTION") == "EMAIL" }.count, 1, "its email alarm")
        XCTAssertNil(made.property("RRULE"), "but no rule: it is one occurrence")
        XCTAssertNil(made.property("EXDATE"))
        // The override that came keeps its own attendees, not the series'.
        let came = try XCTUnwrap(try vevents(text).first { $0.value("RECURRENCE-ID") == "20270118T090000Z" })
        XCTAssertEqual(came.properties("ATTENDEE").map(\.value), ["mailto:cleo@example.com"])
    }

    func testAMovedSeriesTakesItsExceptionsAlong() throws {
        let (original, reading) = try read()
        var series = reading.series
        let later = ItemDateComponents(year: 2027, month: 1, day: 4, hour: 10, minute: 0, second: 0, timeZone: "UTC")
        var detached = reading.detached
        for index in detached.indices {
            detached[index].originalOccurrence = detached[index].originalOccurrence.map { series.movedOccurrenceKey($0, to: later) }
        }
        series.exceptionDates = series.movedExceptionDates(to: later)
        series.start = later
        let text = EventWriter.object(for: series, detached: detached, original: original, now: now, zone: .gmt).text
        let all = try vevents(text)
        let master = try XCTUnwrap(all.first { $0.property("RECURRENCE-ID") == nil })
        XCTAssertEqual(master.value("EXDATE"), "20270111T100000Z", "the removed occurrence, at its new time")
        let override = try XCTUnwrap(all.first { $0.property("RECURRENCE-ID") != nil })
        XCTAssertEqual(override.value("RECURRENCE-ID"), "20270118T100000Z", "the changed one names its new place")
        XCTAssertEqual(override.properties("ATTENDEE").map(\.value), ["mailto:cleo@example.com"], "and keeps what it had")
        XCTAssertEqual(override.value("SEQUENCE"), "4")
        // Read back: five occurrences, the changed one once.
        let back = try EventReader.read(try XCTUnwrap(try Component.parse(text).first), now: now, zone: .gmt)
        let starts = back.series.occurrences(
            from: Timestamp(rfc3339: "2027-01-01T00:00:00Z")!, to: Timestamp(rfc3339: "2027-03-01T00:00:00Z")!, in: .gmt,
            replaced: Set(back.detached.compactMap(\.originalOccurrence))
        ).map { $0.start.hour }
        XCTAssertEqual(starts, [10, 10, 10, 10], "six less the removed one and the one changed on its own")
    }
}
