import DatePhrases
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

    func testWhatItCannotReadItRefuses() {
        for (text, words) in [
            ("sometimes", "\"sometimes\""), ("every", "every what"), ("every fortnight", "\"every fortnight\""),
            ("every month on the 32nd", "1st to 31st"), ("every day at noon", "\"at\""), ("every 0 days", "1 to 1000"),
            ("every weekday on friday", "\"on\""), ("FREQ=SOMETIMES", "FREQ"),
        ] {
            XCTAssertThrowsError(try rrule(text), text) { error in
                XCTAssertTrue((error as? PhraseError)?.message.contains(words) == true, "\(text): \(error)")
            }
        }
    }
}
