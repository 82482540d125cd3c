import XCTest
@testable import RemindersModel

final class RecurrenceRuleTests: XCTestCase {
    func testRRuleRoundTrips() throws {
        for text in ["FREQ=DAILY", "FREQ=WEEKLY;INTERVAL=2;COUNT=10;BYDAY=MO,WE", "FREQ=MONTHLY;BYDAY=-1FR",
                     "FREQ=MONTHLY;BYMONTHDAY=1,15,-1", "FREQ=YEARLY;UNTIL=20301231T235959Z;BYMONTH=2;BYSETPOS=-1;BYDAY=MO,TU,WE,TH,FR",
                     "FREQ=YEARLY;BYYEARDAY=1,-1;BYWEEKNO=20;WKST=SU"] {
            let rule = try RecurrenceRule(rrule: text)
            XCTAssertEqual(try RecurrenceRule(rrule: rule.rrule), rule, text)
        }
        let parsed = try RecurrenceRule(rrule: "RRULE:freq=weekly;interval=2;byday=MO,+2WE;count=10")
        XCTAssertEqual(parsed.frequency, .weekly)
        XCTAssertEqual(parsed.interval, 2)
        XCTAssertEqual(parsed.daysOfTheWeek, [RecurrenceDayOfWeek(dayOfTheWeek: 2), RecurrenceDayOfWeek(dayOfTheWeek: 4, weekNumber: 2)])
        XCTAssertEqual(parsed.recurrenceEnd, .occurrenceCount(10))
        XCTAssertEqual(try RecurrenceRule(rrule: "FREQ=DAILY;UNTIL=20270101").recurrenceEnd, .endDate(Timestamp(rfc3339: "2027-01-01T23:59:59Z")!))
    }

    func testRRuleErrors() {
        for text in ["", "FREQ=HOURLY", "INTERVAL=2", "FREQ=DAILY;FREQ=WEEKLY", "FREQ=DAILY;COUNT=x", "FREQ=DAILY;BYDAY=XX",
                     "FREQ=DAILY;COUNT=1;UNTIL=20270101", "FREQ=DAILY;BYHOUR=9", "FREQ=DAILY;;", "FREQ=DAILY;UNTIL=2027"] {
            XCTAssertThrowsError(try RecurrenceRule(rrule: text), text) { XCTAssertEqual(($0 as? ValidationError)?.field, "rrule") }
        }
    }

    func testEventKitsListRules() {
        func field(_ rule: RecurrenceRule) -> String? {
            do { try rule.validate(); return nil } catch { return error.field }
        }
        XCTAssertNil(field(RecurrenceRule(frequency: .monthly, daysOfTheWeek: [.init(dayOfTheWeek: 6, weekNumber: -1)])))
        XCTAssertNil(field(RecurrenceRule(frequency: .yearly, monthsOfTheYear: [2], setPositions: [-1])))
        XCTAssertEqual(field(RecurrenceRule(frequency: .daily, interval: 0)), "interval")
        XCTAssertEqual(field(RecurrenceRule(frequency: .daily, daysOfTheWeek: [.init(dayOfTheWeek: 1)])), "daysOfTheWeek")
        XCTAssertEqual(field(RecurrenceRule(frequency: .weekly, daysOfTheWeek: [.init(dayOfTheWeek: 1, weekNumber: 2)])), "daysOfTheWeek[0].weekNumber")
        XCTAssertEqual(field(RecurrenceRule(frequency: .weekly, daysOfTheMonth: [1])), "daysOfTheMonth")
        XCTAssertEqual(field(RecurrenceRule(frequency: .monthly, monthsOfTheYear: [1])), "monthsOfTheYear")
        XCTAssertEqual(field(RecurrenceRule(frequency: .yearly, weeksOfTheYear: [0])), "weeksOfTheYear[0]")
        XCTAssertEqual(field(RecurrenceRule(frequency: .yearly, daysOfTheYear: [367])), "daysOfTheYear[0]")
        XCTAssertEqual(field(RecurrenceRule(frequency: .daily, setPositions: [1])), "setPositions")
        XCTAssertEqual(field(RecurrenceRule(frequency: .daily, recurrenceEnd: .occurrenceCount(0))), "recurrenceEnd.occurrenceCount")
    }
}
