import RemindersDatePhrases
import RemindersModel
import XCTest

/// How often, as people say it, as one RRULE.
final class RepeatPhraseTests: XCTestCase {
    private func rrule(_ text: String) throws -> String { try RepeatPhrase.read(text).rrule }

    func testPhrases() throws {
        XCTAssertEqual(try rrule("daily"), "FREQ=DAILY")
        XCTAssertEqual(try rrule("weekdays"), "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")
        XCTAssertEqual(try rrule("every day"), "FREQ=DAILY")
        XCTAssertEqual(try rrule("every monday"), "FREQ=WEEKLY;BYDAY=MO")
        XCTAssertEqual(try rrule("Every Mon and Thu"), "FREQ=WEEKLY;BYDAY=MO,TH")
        XCTAssertEqual(try rrule("every tuesday, thursday"), "FREQ=WEEKLY;BYDAY=TU,TH")
        XCTAssertEqual(try rrule("every 2 weeks"), "FREQ=WEEKLY;INTERVAL=2")
        XCTAssertEqual(try rrule("every other week"), "FREQ=WEEKLY;INTERVAL=2")
        XCTAssertEqual(try rrule("every 2 weeks on monday"), "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO")
        XCTAssertEqual(try rrule("every month on the 1st"), "FREQ=MONTHLY;BYMONTHDAY=1")
        XCTAssertEqual(try rrule("every month on the 1st and 15th"), "FREQ=MONTHLY;BYMONTHDAY=1,15")
        XCTAssertEqual(try rrule("every 3 months"), "FREQ=MONTHLY;INTERVAL=3")
        XCTAssertEqual(try rrule("every weekday"), "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")
        XCTAssertEqual(try rrule("every weekend"), "FREQ=WEEKLY;BYDAY=SA,SU")
        XCTAssertEqual(try rrule("every year"), "FREQ=YEARLY")
        XCTAssertEqual(try rrule("every mondays"), "FREQ=WEEKLY;BYDAY=MO")
        XCTAssertEqual(try rrule("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO"), "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO", "an RRULE as it is")
    }

    /// What `--repeat "every monday 7am"` reads: the rule, its time, and the first occurrence
    /// from now (Friday 2026-12-04 10:15 in Berlin).
    func testARepetitionWithATimeSaysWhenItFirstComes() throws {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let friday = Timestamp(rfc3339: "2026-12-04T09:15:00Z")!
        func first(_ text: String) throws -> ItemDateComponents? {
            try RepeatPhrase.reading(text).firstOccurrence(now: friday, zone: berlin)
        }
        let monday = try RepeatPhrase.reading("every monday 7am")
        XCTAssertEqual(monday.rule.rrule, "FREQ=WEEKLY;BYDAY=MO")
        XCTAssertEqual(monday.time?.hour, 7)
        XCTAssertEqual(try first("every monday 7am"), ItemDateComponents(year: 2026, month: 12, day: 7, hour: 7, minute: 0))
        XCTAssertEqual(try first("every friday at 9"), ItemDateComponents(year: 2026, month: 12, day: 11, hour: 9, minute: 0), "today's has passed")
        XCTAssertEqual(try first("every friday at 18:30"), ItemDateComponents(year: 2026, month: 12, day: 4, hour: 18, minute: 30), "today's has not")
        XCTAssertEqual(try first("daily at 8:00"), ItemDateComponents(year: 2026, month: 12, day: 5, hour: 8, minute: 0))
        XCTAssertEqual(try first("every month on the 1st"), ItemDateComponents(year: 2027, month: 1, day: 1), "a day without a time: all day")
        XCTAssertNil(try first("every 2 weeks"), "how often, not when")
        XCTAssertNil(try first("FREQ=YEARLY"))
    }

    /// A rule said back as a person reads it, with what the due date gives it.
    func testARuleInWords() throws {
        func words(_ rrule: String, _ start: ItemDateComponents? = nil) throws -> String {
            RepeatText.words(try RecurrenceRule(rrule: rrule), start: start)
        }
        let mondaySeven = ItemDateComponents(year: 2026, month: 12, day: 7, hour: 7, minute: 0)
        XCTAssertEqual(try words("FREQ=WEEKLY;BYDAY=MO", mondaySeven), "every Monday at 07:00")
        XCTAssertEqual(try words("FREQ=WEEKLY", mondaySeven), "every week on Monday at 07:00")
        XCTAssertEqual(try words("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH"), "every 2 weeks on Monday and Thursday")
        XCTAssertEqual(try words("FREQ=WEEKLY;BYDAY=MO,WE,FR"), "every Monday, Wednesday and Friday")
        XCTAssertEqual(try words("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"), "every weekday")
        XCTAssertEqual(try words("FREQ=WEEKLY;BYDAY=SA,SU"), "every weekend")
        XCTAssertEqual(try words("FREQ=DAILY;INTERVAL=3;COUNT=6"), "every 3 days, 6 times")
        XCTAssertEqual(try words("FREQ=MONTHLY;BYMONTHDAY=1,15"), "every month on the 1st and 15th")
        XCTAssertEqual(try words("FREQ=MONTHLY;BYMONTHDAY=-1"), "every month on the last day")
        XCTAssertEqual(try words("FREQ=MONTHLY;BYDAY=1MO"), "every month on the first Monday")
        XCTAssertEqual(try words("FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1"), "every month on the last Friday")
        XCTAssertEqual(try words("FREQ=MONTHLY", ItemDateComponents(year: 2026, month: 12, day: 22)), "every month on the 22nd")
        XCTAssertEqual(try words("FREQ=YEARLY", ItemDateComponents(year: 2027, month: 3, day: 15)), "every year on 15 March")
        XCTAssertEqual(try words("FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=15"), "every year on 15 March", "Outlook's birthdays")
        XCTAssertEqual(try words("FREQ=YEARLY;BYMONTH=11;BYDAY=4TH"), "every year on the fourth Thursday of November")
        XCTAssertEqual(try words("FREQ=DAILY;UNTIL=20270101"), "every day until Fri 2027-01-01")
        XCTAssertEqual(try words("FREQ=YEARLY;BYWEEKNO=20"), "every year (FREQ=YEARLY;BYWEEKNO=20)", "what words cannot say, the rule says")
    }

    func testWhatItCannotReadItRefuses() {
        for (text, words) in [
            ("sometimes", "\"sometimes\""), ("every", "every what"), ("every fortnight", "\"every fortnight\""),
            ("every month on the 32nd", "1st to 31st"), ("every day at noon", "gives a time"), ("every day at", "a time after \"at\""),
            ("every 0 days", "1 to 1000"),
            ("every weekday on friday", "\"on\""), ("FREQ=SOMETIMES", "FREQ"),
        ] {
            XCTAssertThrowsError(try rrule(text), text) { error in
                XCTAssertTrue((error as? PhraseError)?.message.contains(words) == true, "\(text): \(error)")
            }
        }
    }

    /// An RRULE that parses is not yet valid: one RFC 5545 refuses is refused here (found by the fuzzer).
    func testAnRRuleRFC5545RefusesIsRefused() {
        XCTAssertThrowsError(try RepeatPhrase.reading("FREQ=MONTHLY;BYMONTHDAY=00"))
        XCTAssertNoThrow(try RepeatPhrase.reading("FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=15"), "what RFC 5545 allows and EventKit cannot hold stays")
    }
}
