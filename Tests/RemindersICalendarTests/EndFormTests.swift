import RemindersICalendar
import RemindersICalendarFormat
import RemindersModel
import XCTest

/// An event's end written back in the form it came: DURATION as DURATION, no end as none while
/// the length is the one RFC 5545 reads into its absence — and DTEND once the length changed.
final class EndFormTests: XCTestCase {
    private let now = Timestamp(milliseconds: 1_800_000_000_000)

    private func written(_ vevent: [String], changing change: (inout Event) -> Void = { _ in }) throws -> [String] {
        let text =
            (["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:e", "DTSTAMP:20261201T000000Z", "SUMMARY:x"] + vevent
            + ["END:VEVENT", "END:VCALENDAR", ""]).joined(separator: "\r\n")
        let original = try XCTUnwrap(try Component.parse(text).first)
        var series = try EventReader.read(original, now: now).series
        change(&series)
        let out = EventWriter.object(for: series, detached: [], original: original, now: now).text
        return ContentLines.unfold(out).map(\.text).filter { $0.hasPrefix("DTEND") || $0.hasPrefix("DURATION") }
    }

    func testTheEndKeepsItsForm() throws {
        XCTAssertEqual(try written(["DTSTART:20261201T090000Z", "DURATION:PT1H30M"]), ["DURATION:PT1H30M"])
        XCTAssertEqual(try written(["DTSTART;VALUE=DATE:20261201"]), [], "an all-day event of one day needs no end")
        XCTAssertEqual(try written(["DTSTART:20261201T090000Z"]), [], "a timed event without length needs none")
        XCTAssertEqual(try written(["DTSTART:20261201T090000Z", "DTEND:20261201T100000Z"]), ["DTEND:20261201T100000Z"])
        XCTAssertEqual(
            try written(["DTSTART;VALUE=DATE:20261201"]) { $0.duration = 2 * 86_400_000 }, ["DTEND;VALUE=DATE:20261203"],
            "longer than a day: its end is said")
        XCTAssertEqual(try written(["DTSTART:20261201T090000Z", "DURATION:PT1H"]) { $0.duration = 7_200_000 }, ["DURATION:PT2H"])
    }
}
