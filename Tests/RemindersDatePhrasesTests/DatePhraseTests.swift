import RemindersDatePhrases
import Foundation
import RemindersModel
import XCTest

/// The people's date grammar at fixed moments: the same words, moment and zone give the same
/// date, across month ends, leap days and a daylight-saving change; what it cannot read it refuses.
final class DatePhraseTests: XCTestCase {
    private let berlin = TimeZone(identifier: "Europe/Berlin")!
    /// Friday 2026-12-04, 10:15 in Berlin.
    private let friday = Timestamp(rfc3339: "2026-12-04T09:15:00Z")!

    private func read(_ text: String, at now: Timestamp? = nil) throws -> ItemDateComponents {
        try DatePhrase(now: now ?? friday, zone: berlin).read(text).components
    }

    private func day(_ y: Int, _ m: Int, _ d: Int, _ h: Int? = nil, _ mi: Int? = nil) -> ItemDateComponents {
        ItemDateComponents(year: y, month: m, day: d, hour: h, minute: mi)
    }

    private func refused(_ text: String, saying words: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try read(text), file: file, line: line) { error in
            XCTAssertTrue((error as? PhraseError)?.message.contains(words) == true, "\(error)", file: file, line: line)
        }
    }

    func testWhatTheShellTookBefore() throws {
        XCTAssertEqual(try read("2026-12-24"), day(2026, 12, 24))
        XCTAssertEqual(try read("2026-12-24 09:00"), day(2026, 12, 24, 9, 0))
        XCTAssertEqual(try read("2026-12-24T09:00"), day(2026, 12, 24, 9, 0))
        XCTAssertEqual(try read("today"), day(2026, 12, 4))
        XCTAssertEqual(try read("Tomorrow 9am"), day(2026, 12, 5, 9, 0))
        XCTAssertEqual(try read("tomorrow 9:00"), day(2026, 12, 5, 9, 0))
        XCTAssertEqual(try read("fri 5pm"), day(2026, 12, 11, 17, 0), "a weekday is the next one, never today")
        XCTAssertEqual(try read("monday"), day(2026, 12, 7))
        XCTAssertEqual(try read("yesterday"), day(2026, 12, 3))
        var instant = day(2026, 12, 24, 9, 0)
        instant.timeZone = "Europe/Berlin"
        XCTAssertEqual(try read("2026-12-24T08:00:00Z"), instant, "an instant: the wall clock in the zone, with it")
        XCTAssertEqual(try read("2026-12-24T09:00+01:00"), instant)
        XCTAssertEqual(try read("2026-12-24T08:00:00.000Z"), instant)
    }

    func testRelativeOffsets() throws {
        XCTAssertEqual(try read("in 3 days"), day(2026, 12, 7))
        XCTAssertEqual(try read("in 2 weeks"), day(2026, 12, 18))
        XCTAssertEqual(try read("in a month"), day(2027, 1, 4))
        XCTAssertEqual(try read("in 1 year"), day(2027, 12, 4))
        XCTAssertEqual(try read("in 3 days at 9am"), day(2026, 12, 7, 9, 0))
        var ninety = day(2026, 12, 4, 11, 45)
        ninety.timeZone = "Europe/Berlin"
        XCTAssertEqual(try read("in 90 minutes"), ninety, "a moment: exact, in the zone")
        ninety.hour = 12
        ninety.minute = 15
        XCTAssertEqual(try read("in two hours"), ninety)
        let january31 = Timestamp(rfc3339: "2027-01-31T10:00:00Z")!
        XCTAssertEqual(try read("in a month", at: january31), day(2027, 2, 28), "a shorter month: its last day")
        let leap = Timestamp(rfc3339: "2028-01-31T10:00:00Z")!
        XCTAssertEqual(try read("in 1 month", at: leap), day(2028, 2, 29))
    }

    func testNextAndEndOf() throws {
        XCTAssertEqual(try read("next week"), day(2026, 12, 7), "its Monday")
        XCTAssertEqual(try read("next month"), day(2027, 1, 1))
        XCTAssertEqual(try read("next year"), day(2027, 1, 1))
        XCTAssertEqual(try read("next monday"), day(2026, 12, 7), "the Monday of next week")
        XCTAssertEqual(try read("next friday"), day(2026, 12, 11))
        XCTAssertEqual(try read("this friday"), day(2026, 12, 4), "this: today counts")
        XCTAssertEqual(try read("this sunday"), day(2026, 12, 6))
        XCTAssertEqual(try read("end of week"), day(2026, 12, 6))
        XCTAssertEqual(try read("end of month"), day(2026, 12, 31))
        XCTAssertEqual(try read("end of the year"), day(2026, 12, 31))
        let tuesday = Timestamp(rfc3339: "2026-12-08T09:00:00Z")!
        XCTAssertEqual(try read("wednesday", at: tuesday), day(2026, 12, 9))
        XCTAssertEqual(try read("next wednesday", at: tuesday), day(2026, 12, 16), "next week's, not tomorrow")
        let february = Timestamp(rfc3339: "2028-02-10T09:00:00Z")!
        XCTAssertEqual(try read("end of month", at: february), day(2028, 2, 29))
        let december = Timestamp(rfc3339: "2026-12-31T09:00:00Z")!
        XCTAssertEqual(try read("next month", at: december), day(2027, 1, 1))
    }

    func testDaysOfTheMonth() throws {
        XCTAssertEqual(try read("the 1st"), day(2027, 1, 1), "past this month: the next")
        XCTAssertEqual(try read("on the 15th"), day(2026, 12, 15))
        XCTAssertEqual(try read("4th"), day(2026, 12, 4), "today counts")
        XCTAssertEqual(try read("the 31st at 18:00"), day(2026, 12, 31, 18, 0))
        let february = Timestamp(rfc3339: "2027-02-10T09:00:00Z")!
        XCTAssertEqual(try read("the 30th", at: february), day(2027, 3, 30), "February has none: March")
        XCTAssertEqual(try read("24 december"), day(2026, 12, 24))
        XCTAssertEqual(try read("dec 24th 8am"), day(2026, 12, 24, 8, 0))
        XCTAssertEqual(try read("the 3rd of december"), day(2027, 12, 3), "passed this year: next year's")
        XCTAssertEqual(try read("march 1 2028"), day(2028, 3, 1))
        XCTAssertEqual(try read("feb 29"), day(2028, 2, 29), "the next year that has it")
        refused("feb 30 2027", saying: "that month has 28 days")
    }

    func testPartsOfTheDayAreWrittenDown() throws {
        XCTAssertEqual(try read("tomorrow morning"), day(2026, 12, 5, 9, 0))
        XCTAssertEqual(try read("tomorrow afternoon"), day(2026, 12, 5, 15, 0))
        XCTAssertEqual(try read("this evening"), day(2026, 12, 4, 18, 0))
        XCTAssertEqual(try read("tonight"), day(2026, 12, 4, 20, 0))
        XCTAssertEqual(try read("monday night"), day(2026, 12, 7, 20, 0))
        XCTAssertEqual(try read("noon"), day(2026, 12, 4, 12, 0), "a time alone is today's")
        XCTAssertEqual(try read("at 9 tomorrow"), day(2026, 12, 5, 9, 0))
        XCTAssertEqual(try read("5:30 pm on friday"), day(2026, 12, 11, 17, 30))
        XCTAssertEqual(try read("12am tomorrow"), day(2026, 12, 5, 0, 0))
        XCTAssertEqual(try read("12pm"), day(2026, 12, 4, 12, 0))
    }

    func testATimeTheClocksSkipIsReadAsRemindersdReadsItAndSaysSo() throws {
        // Berlin's clocks go from 02:00 to 03:00 on Sunday 2027-03-28.
        let saturday = Timestamp(rfc3339: "2027-03-27T12:00:00Z")!
        let reading = try DatePhrase(now: saturday, zone: berlin).read("tomorrow 2:30am")
        XCTAssertEqual(reading.components, day(2027, 3, 28, 2, 30), "kept as said: floating")
        XCTAssertEqual(reading.note, "02:30 does not exist on 2027-03-28 in Europe/Berlin (the clocks go forward): it rings at 03:30")
        XCTAssertNil(try DatePhrase(now: saturday, zone: berlin).read("tomorrow 3:30am").note)
        // "in 3 hours" across the change: three real hours, the wall clock an hour further.
        let before = Timestamp(rfc3339: "2027-03-28T00:30:00Z")!  // 01:30 in Berlin
        var later = day(2027, 3, 28, 5, 30)
        later.timeZone = "Europe/Berlin"
        XCTAssertEqual(try read("in 3 hours", at: before), later)
        XCTAssertEqual(try read("in 1 day", at: before), day(2027, 3, 29), "days are the calendar's")
    }

    func testWhatItCannotReadItRefusesNamingTheWords() {
        refused("", saying: "no date given")
        refused("someday", saying: "\"someday\"")
        refused("tomorrow friday", saying: "two days")
        refused("9am 10am", saying: "two times")
        refused("next fortnight", saying: "next fortnight")
        refused("in 3 parsecs", saying: "parsecs")
        refused("in many days", saying: "a number after \"in\"")
        refused("midnight", saying: "00:00 or 23:59")
        refused("13pm", saying: "from 1 to 12")
        refused("25:00", saying: "25:00")
        refused("2026-02-30", saying: "not a day of the calendar")
        refused("in 90 minutes tomorrow", saying: "a moment of its own")
        refused("the", saying: "a day of the month")
        refused("this", saying: "\"this\"")
        refused("dec 32", saying: "\"32\" in \"dec 32\": a day of the month goes from 1st to 31st")
        refused("dec 2027", saying: "\"dec\"")
    }

    /// What a client may send to crash or fool the reading (issue 49, 17 and 18): thousands of
    /// "on"s read without recursing and refused for their length; years no date can have refused,
    /// naming the words, not carried into a reminder.
    func testHugeAndOutOfRangeTextIsRefusedNamingIt() {
        let flood = String(repeating: "on ", count: 6_000) + "friday"
        refused(flood, saying: "too long for a date")
        XCTAssertThrowsError(try read(flood)) { XCTAssertLessThan("\($0)".count, 300, "the message does not carry the text") }
        XCTAssertThrowsError(try RepeatPhrase.reading("every " + String(repeating: "on ", count: 6_000) + "friday"))
        refused("on on friday", saying: "a day after \"on\"")
        XCTAssertEqual(try read("on friday"), day(2026, 12, 11))
        refused(String(repeating: "x", count: 201), saying: "too long")
        refused("in 100000 years", saying: "\"in 100000 years\" is in the year 102026")
        refused("in 100000 months", saying: "the year 10360")
        refused("0000-01-01", saying: "\"0000-01-01\" is in the year 0")
        refused("in 100000 hours tomorrow", saying: "a moment of its own")
        XCTAssertEqual(try read("9999-12-31"), day(9999, 12, 31))
    }
}
