import XCTest
@testable import RemindersICalendarFormat

final class ValueTests: XCTestCase {
    func testTextEscapesRoundTrip() {
        let text = "a, b; c\\d\nnext"
        XCTAssertEqual(TextValue.escape(text), #"a\, b\; c\\d\nnext"#)
        XCTAssertEqual(TextValue.unescape(TextValue.escape(text)), text)
        XCTAssertEqual(TextValue.unescape(#"a\:b\N"#), "a:b\n")
        XCTAssertEqual(TextValue.list(#"home,errands\,misc,"#), ["home", "errands,misc", ""])
        XCTAssertEqual(TextValue.list(["a,b", "c"]), #"a\,b,c"#)
    }

    func testDatesAndDateTimes() throws {
        XCTAssertEqual(
            try DateTimeValue(Property("DUE", "20261201", [Parameter("VALUE", "DATE")])),
            DateTimeValue(year: 2026, month: 12, day: 1))
        XCTAssertEqual(try DateTimeValue(Property("DUE", "20261201")).isDate, true)
        XCTAssertEqual(
            try DateTimeValue(Property("DUE", "20261201T090000Z")),
            DateTimeValue(year: 2026, month: 12, day: 1, time: .init(hour: 9, minute: 0, second: 0), zone: .utc))
        XCTAssertEqual(
            try DateTimeValue(Property("DUE", "20261201T090000", [Parameter("TZID", "Europe/Berlin")])).zone,
            .named("Europe/Berlin"))
        XCTAssertEqual(try DateTimeValue(Property("DUE", "20261201T090000")).zone, .floating)
        // A date-time marked as a date keeps its day.
        XCTAssertEqual(try DateTimeValue(Property("DUE", "20261201T090000", [Parameter("VALUE", "DATE")])).isDate, true)
        for bad in ["2026-12-01", "20261301", "20261201T25", "20261201T090000+01", "x"] {
            XCTAssertThrowsError(try DateTimeValue(Property("DUE", bad)), bad)
        }
        let zoned = DateTimeValue(year: 2026, month: 3, day: 29, time: .init(hour: 2, minute: 30, second: 0), zone: .named("Europe/Berlin"))
        XCTAssertEqual(zoned.property("DTSTART").line, "DTSTART;TZID=Europe/Berlin:20260329T023000")
        XCTAssertEqual(DateTimeValue(year: 2026, month: 3, day: 9).property("DUE").line, "DUE;VALUE=DATE:20260309")
    }

    func testDurations() {
        XCTAssertEqual(DurationValue.seconds("-PT15M"), -900)
        XCTAssertEqual(DurationValue.seconds("P1D"), 86_400)
        XCTAssertEqual(DurationValue.seconds("P2W"), 14 * 86_400)
        XCTAssertEqual(DurationValue.seconds("+P1DT2H30M5S"), 86_400 + 9005)
        XCTAssertEqual(DurationValue.seconds("PT0S"), 0)
        for bad in ["", "P", "PT", "15M", "P1H", "PT1D", "P1DT", "PTM"] { XCTAssertNil(DurationValue.seconds(bad), bad) }
        for seconds in [-900, 0, 86_400, 86_400 + 9005, -3 * 86_400 - 1] {
            XCTAssertEqual(DurationValue.seconds(DurationValue.text(seconds)), seconds)
        }
        XCTAssertEqual(DurationValue.text(-900), "-PT15M")
    }

    func testUTCOffsets() {
        XCTAssertEqual(UTCOffsetValue.seconds("+0100"), 3600)
        XCTAssertEqual(UTCOffsetValue.seconds("-0530"), -19800)
        XCTAssertEqual(UTCOffsetValue.seconds("+013045"), 5445)
        XCTAssertNil(UTCOffsetValue.seconds("0100"))
        XCTAssertEqual(UTCOffsetValue.text(-19800), "-0530")
        XCTAssertEqual(UTCOffsetValue.text(5445), "+013045")
    }
}
