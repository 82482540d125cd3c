import RemindersICalendar
import RemindersICalendarFormat
import RemindersModel
import XCTest

/// RFC 4791 §9.9's table for to-dos, a row at a time, against the range 2026-12-01 to 2026-12-08 (UTC).
final class TimeRangeTests: XCTestCase {
    private let week = try! TimeRange(start: "20261201T000000Z", end: "20261208T000000Z")

    private func todo(_ lines: String...) -> Component {
        Component(
            "VTODO",
            properties: lines.map { line in
                let parts = line.split(separator: ":", maxSplits: 1)
                return Property(String(parts[0]), String(parts[1]))
            })
    }

    private func meets(_ todo: Component) -> Bool { week.meets(todo: todo, resolver: TimeZoneResolver(timeZones: [])) }

    func testEachRowOfTheTable() {
        XCTAssertTrue(meets(todo("DTSTART:20261130T000000Z", "DURATION:P2D")), "start and duration reaching into the range")
        XCTAssertFalse(meets(todo("DTSTART:20261120T000000Z", "DURATION:P2D")))
        XCTAssertTrue(meets(todo("DTSTART:20261120T000000Z", "DUE:20261203T000000Z")), "start and due around its start")
        XCTAssertFalse(meets(todo("DTSTART:20261120T000000Z", "DUE:20261125T000000Z")))
        XCTAssertTrue(meets(todo("DTSTART:20261207T230000Z")), "start only, inside")
        XCTAssertFalse(meets(todo("DTSTART:20261208T000000Z")), "start only, at the end: outside")
        XCTAssertTrue(meets(todo("DUE:20261208T000000Z")), "due only, at the end: inside")
        XCTAssertFalse(meets(todo("DUE:20261201T000000Z")), "due only, at the start: outside")
        XCTAssertTrue(meets(todo("COMPLETED:20261202T000000Z", "CREATED:20261101T000000Z")))
        XCTAssertFalse(meets(todo("COMPLETED:20261110T000000Z", "CREATED:20261101T000000Z")))
        XCTAssertTrue(meets(todo("COMPLETED:20261201T000000Z")))
        XCTAssertTrue(meets(todo("CREATED:20261101T000000Z")), "created only: every later range")
        XCTAssertFalse(meets(todo("CREATED:20261210T000000Z")))
        XCTAssertTrue(meets(todo("SUMMARY:no dates")), "none: every range")
        XCTAssertTrue(meets(todo("DUE;VALUE=DATE:20261205")), "a date read in UTC")
    }

    func testOpenEndsAndWhatIsNoUTCDateTime() throws {
        let from = try TimeRange(start: "20261201T000000Z", end: nil)
        XCTAssertTrue(from.meets(todo: todo("DUE:20300101T000000Z"), resolver: TimeZoneResolver(timeZones: [])))
        XCTAssertThrowsError(try TimeRange(start: "20261201T000000", end: nil), "floating")
        XCTAssertThrowsError(try TimeRange(start: "20261201", end: nil), "a date")
        XCTAssertThrowsError(try TimeRange(start: "tomorrow", end: nil))
    }
}
