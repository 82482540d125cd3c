import Foundation
import XCTest
@testable import RemindersModel

/// Next occurrences, including every case where Foundation's Calendar.RecurrenceRule means
/// something other than RFC 5545 and remindersd corrects it.
final class OccurrenceTests: XCTestCase {
    private func next(_ rrule: String, _ due: ItemDateComponents) throws -> ItemDateComponents? {
        try RecurrenceRule(rrule: rrule).occurrence(after: due, in: TimeZone.utc)
    }

    private func day(_ y: Int, _ m: Int, _ d: Int, hour: Int? = nil, minute: Int? = nil, zone: String? = nil) -> ItemDateComponents {
        ItemDateComponents(year: y, month: m, day: d, hour: hour, minute: minute, timeZone: zone)
    }

    func testInvalidDatesAreSkippedNotMoved() throws {
        // Foundation's default would give 1 March; RFC 5545 skips February.
        XCTAssertEqual(try next("FREQ=MONTHLY", day(2026, 1, 31)), day(2026, 3, 31))
        XCTAssertEqual(try next("FREQ=MONTHLY;BYMONTHDAY=31", day(2026, 3, 31)), day(2026, 5, 31))
        XCTAssertEqual(try next("FREQ=YEARLY", day(2024, 2, 29)), day(2028, 2, 29))
        XCTAssertEqual(try next("FREQ=MONTHLY;BYMONTHDAY=-1", day(2026, 1, 31)), day(2026, 2, 28))
    }

    func testSetPositionsPickTheNthOfEachPeriod() throws {
        let weekdays = "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"
        XCTAssertEqual(try next(weekdays, day(2026, 1, 30)), day(2026, 2, 27))
        XCTAssertEqual(try next(weekdays, day(2026, 2, 27)), day(2026, 3, 31))
        XCTAssertEqual(try next("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1", day(2026, 1, 15)), day(2026, 2, 2))
        XCTAssertEqual(try next("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1", day(2026, 1, 1)), day(2026, 2, 2))
        XCTAssertEqual(try next("FREQ=YEARLY;BYMONTH=2;BYDAY=MO,TU;BYSETPOS=-1", day(2026, 1, 31)), day(2026, 2, 24))
        XCTAssertEqual(try next("FREQ=MONTHLY;BYMONTHDAY=1,15,-1;BYSETPOS=2", day(2026, 1, 15)), day(2026, 2, 15))
    }

    func testWeeksFollowISO8601AndWKST() throws {
        // Week 20 of 2027 is 17–23 May in ISO numbering (Foundation's US rules would say 9–15 May).
        XCTAssertEqual(try next("FREQ=YEARLY;BYWEEKNO=20;BYDAY=SA", day(2026, 5, 16)), day(2027, 5, 22))
        XCTAssertEqual(try next("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE", day(2026, 1, 31)), day(2026, 2, 9))
        XCTAssertEqual(try next("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE", day(2026, 2, 9)), day(2026, 2, 11))
        XCTAssertEqual(try next("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE", day(2026, 2, 11)), day(2026, 2, 23))
        // RFC 5545's WKST example: with WKST=SU the same rule lands on other days.
        XCTAssertEqual(try next("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SU;WKST=MO", day(1997, 8, 5)), day(1997, 8, 10))
        XCTAssertEqual(try next("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SU;WKST=MO", day(1997, 8, 10)), day(1997, 8, 19))
        XCTAssertEqual(try next("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SU;WKST=SU", day(1997, 8, 5)), day(1997, 8, 17))
    }

    func testAStartOffTheRuleIsStillTheFirstInstance() throws {
        // 31 January 2026 is a Saturday, not the last Friday; the next instance is the rule's next date.
        XCTAssertEqual(try next("FREQ=MONTHLY;BYDAY=-1FR", day(2026, 1, 31)), day(2026, 2, 27))
    }

    func testEnds() throws {
        XCTAssertNil(try next("FREQ=DAILY;COUNT=1", day(2026, 1, 1)))
        let counted = try RecurrenceRule(rrule: "FREQ=DAILY;COUNT=3")
        XCTAssertEqual(counted.occurrence(after: day(2026, 1, 1), in: TimeZone.utc), day(2026, 1, 2))
        XCTAssertEqual(counted.advanced.recurrenceEnd, .occurrenceCount(2))
        XCTAssertEqual(try next("FREQ=DAILY;UNTIL=20260102T000000Z", day(2026, 1, 1, hour: 9)), nil)
        XCTAssertEqual(try next("FREQ=DAILY;UNTIL=20260102T090000Z", day(2026, 1, 1, hour: 9)), day(2026, 1, 2, hour: 9))
    }

    func testKindsOfDateAreKept() throws {
        XCTAssertEqual(try next("FREQ=DAILY", day(2026, 12, 31)), day(2027, 1, 1))
        XCTAssertEqual(try next("FREQ=WEEKLY", day(2026, 3, 27, hour: 9, minute: 30)), day(2026, 4, 3, hour: 9, minute: 30))
        // A zoned 09:00 stays 09:00 local across Berlin's DST change on 29 March.
        XCTAssertEqual(try next("FREQ=DAILY", day(2026, 3, 28, hour: 9, zone: "Europe/Berlin")), day(2026, 3, 29, hour: 9, zone: "Europe/Berlin"))
        XCTAssertEqual(
            try next("FREQ=DAILY", day(2026, 3, 7, hour: 23, minute: 30, zone: "America/New_York")),
            day(2026, 3, 8, hour: 23, minute: 30, zone: "America/New_York"))
    }

    func testCompletingAnOccurrence() {
        var reminder = Reminder(calendarItemIdentifier: "R", calendarIdentifier: "L", title: "Water plants", creationDate: Timestamp(milliseconds: 0))
        reminder.dueDateComponents = day(2026, 1, 31, hour: 9)
        reminder.startDateComponents = day(2026, 1, 30, hour: 9)
        reminder.recurrenceRules = [try! RecurrenceRule(rrule: "FREQ=MONTHLY;COUNT=3")]
        reminder.alarms = [
            Alarm(alarmIdentifier: "a", trigger: .relative(offset: -600)),
            Alarm(alarmIdentifier: "b", trigger: .absolute(Timestamp(milliseconds: 5))),
        ]
        reminder.isCompleted = true
        reminder.completionDate = Timestamp(milliseconds: 1000)
        var counter = 0
        let split = reminder.completingOccurrence(
            in: TimeZone.utc,
            newIdentifier: {
                counter += 1; return "new\(counter)"
            })
        XCTAssertEqual(split.advanced.calendarItemIdentifier, "R")
        XCTAssertFalse(split.advanced.isCompleted)
        XCTAssertNil(split.advanced.completionDate)
        XCTAssertEqual(split.advanced.dueDateComponents, day(2026, 3, 31, hour: 9))
        XCTAssertEqual(split.advanced.startDateComponents, day(2026, 3, 30, hour: 9))
        XCTAssertEqual(split.advanced.recurrenceRules.first?.recurrenceEnd, .occurrenceCount(2))
        // The relative alarm follows the due date by itself; the absolute one moves as far as it did.
        XCTAssertEqual(
            split.advanced.alarms,
            [reminder.alarms[0], Alarm(alarmIdentifier: "b", trigger: .absolute(Timestamp(milliseconds: 5 + 59 * 86_400_000)))])
        let record = split.record!
        XCTAssertEqual(record.calendarItemIdentifier, "new1")
        XCTAssertTrue(record.isCompleted)
        XCTAssertEqual(record.completionDate, Timestamp(milliseconds: 1000))
        XCTAssertEqual(record.recurrenceRules, [])
        XCTAssertEqual(record.dueDateComponents, day(2026, 1, 31, hour: 9))
        XCTAssertEqual(record.alarms.map(\.trigger), reminder.alarms.map(\.trigger))
        XCTAssertEqual(record.alarms.map(\.alarmIdentifier), ["new2", "new3"])

        var last = split.advanced
        last.recurrenceRules = [try! RecurrenceRule(rrule: "FREQ=MONTHLY;COUNT=1")]
        last.isCompleted = true
        let ended = last.completingOccurrence(in: TimeZone.utc, newIdentifier: { "x" })
        XCTAssertNil(ended.record)
        XCTAssertTrue(ended.advanced.isCompleted)
    }

    func testAnAbsoluteAlarmMovesByTheInstantsBetweenOccurrences() {
        // 09:00 Berlin on 28 March, then 29 March after the clocks went forward: 23 hours later.
        var reminder = Reminder(calendarItemIdentifier: "R", calendarIdentifier: "L", title: "Pills", creationDate: Timestamp(milliseconds: 0))
        reminder.dueDateComponents = day(2026, 3, 28, hour: 9, zone: "Europe/Berlin")
        reminder.recurrenceRules = [try! RecurrenceRule(rrule: "FREQ=DAILY")]
        let evening = reminder.dueDateComponents!.instant(in: TimeZone.utc).advanced(by: -12 * 3_600_000)
        reminder.alarms = [Alarm(alarmIdentifier: "b", trigger: .absolute(evening))]
        reminder.isCompleted = true
        let split = reminder.completingOccurrence(in: TimeZone.utc, newIdentifier: { "x" })
        XCTAssertEqual(split.advanced.alarms.first?.absoluteDate, evening.advanced(by: 23 * 3_600_000))
        XCTAssertEqual(split.record?.alarms.first?.absoluteDate, evening)
    }
}

/// Rules a calendar object holds that EventKit cannot (issue 50, 3): kept, checked as RFC 5545
/// has them, and expanded by the whole rule.
final class CalendarOnlyRuleTests: XCTestCase {
    func testABirthdayByMonthAndDayOfMonthIsKeptAndExpanded() throws {
        let birthday = try RecurrenceRule(rrule: "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=15")
        XCTAssertThrowsError(try birthday.validate(), "EventKit holds daysOfTheMonth on monthly rules only")
        XCTAssertNoThrow(try birthday.validate(.rfc5545))
        XCTAssertEqual(birthday.rrule, "FREQ=YEARLY;BYMONTHDAY=15;BYMONTH=3")
        let start = ItemDateComponents(year: 2027, month: 3, day: 15)
        XCTAssertEqual(birthday.occurrence(after: start, in: .utc), ItemDateComponents(year: 2028, month: 3, day: 15))
        // Two days a year, as Thunderbird writes one repeating on the 1st and 15th of March.
        let twice = try RecurrenceRule(rrule: "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=1,15")
        XCTAssertEqual(twice.occurrence(after: ItemDateComponents(year: 2027, month: 3, day: 1), in: .utc), start)
        // What RFC 5545 itself refuses is still refused.
        XCTAssertThrowsError(try RecurrenceRule(rrule: "FREQ=WEEKLY;BYMONTHDAY=15").validate(.rfc5545))
    }
}
