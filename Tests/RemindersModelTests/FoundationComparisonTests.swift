import RemindersCivilTime
import Foundation
import XCTest
@testable import RemindersModel

/// remindersd's expansion against Foundation's `Calendar.RecurrenceRule`: the same dates wherever
/// Foundation follows RFC 5545, and the cases where it does not, pinned so a toolchain update that
/// fixes them shows up here.
final class FoundationComparisonTests: XCTestCase {
    private var calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        calendar.firstWeekday = 2
        calendar.minimumDaysInFirstWeek = 4
        return calendar
    }()

    private func ours(_ rule: RecurrenceRule, from start: ItemDateComponents, count: Int) -> [String] {
        var dates: [String] = []
        var current = start
        while dates.count < count, let next = rule.occurrence(after: current, in: TimeZone.utc) {
            dates.append(String(format: "%04d-%02d-%02d", next.year, next.month, next.day))
            current = next
        }
        return dates
    }

    private func foundation(_ rule: Calendar.RecurrenceRule, from start: ItemDateComponents, count: Int) -> [String] {
        let calendar = rule.calendar
        let date = calendar.date(from: DateComponents(year: start.year, month: start.month, day: start.day, hour: 9))!
        var dates: [String] = []
        for occurrence in rule.recurrences(of: date) where occurrence > date {
            let parts = calendar.dateComponents([.year, .month, .day], from: occurrence)
            dates.append(String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!))
            if dates.count == count { break }
        }
        return dates
    }

    func testSameDatesWhereFoundationFollowsRFC5545() throws {
        let shapes: [(String, (inout Calendar.RecurrenceRule) -> Void, Calendar.RecurrenceRule.Frequency, Int)] = [
            ("FREQ=DAILY", { _ in }, .daily, 1),
            ("FREQ=DAILY;INTERVAL=3", { _ in }, .daily, 3),
            ("FREQ=WEEKLY", { _ in }, .weekly, 1),
            ("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH", { $0.weekdays = [.every(.monday), .every(.thursday)] }, .weekly, 2),
            ("FREQ=MONTHLY", { _ in }, .monthly, 1),
            ("FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=1,15", { $0.daysOfTheMonth = [1, 15] }, .monthly, 2),
            ("FREQ=MONTHLY;BYMONTHDAY=-1", { $0.daysOfTheMonth = [-1] }, .monthly, 1),
            ("FREQ=MONTHLY;BYDAY=-1FR", { $0.weekdays = [.nth(-1, .friday)] }, .monthly, 1),
            ("FREQ=MONTHLY;BYDAY=2TU", { $0.weekdays = [.nth(2, .tuesday)] }, .monthly, 1),
            ("FREQ=YEARLY", { _ in }, .yearly, 1),
            (
                "FREQ=YEARLY;BYMONTH=1,7;BYMONTHDAY=15",
                {
                    $0.months = [1, 7]; $0.daysOfTheMonth = [15]
                }, .yearly, 1
            ),
            ("FREQ=YEARLY;BYYEARDAY=1,100,-1", { $0.daysOfTheYear = [1, 100, -1] }, .yearly, 1),
        ]
        var starts: [ItemDateComponents] = []
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<25 {
            let year = Int.random(in: 2020...2032, using: &generator), month = Int.random(in: 1...12, using: &generator)
            starts.append(
                ItemDateComponents(year: year, month: month, day: Int.random(in: 1...CivilDate.daysIn(month: month, year: year), using: &generator)))
        }
        starts += [ItemDateComponents(year: 2024, month: 2, day: 29), ItemDateComponents(year: 2026, month: 1, day: 31)]
        for (text, configure, frequency, interval) in shapes {
            let rule = try RecurrenceRule(rrule: text)
            // Foundation's Nth weekday is only right with the default week rules (Sunday first, one day in week one),
            // and WKST=MO needs Monday first: each shape gets the calendar Foundation is right with.
            var referenceCalendar = calendar
            if text.contains("BYDAY=-1") || text.contains("BYDAY=2") {
                referenceCalendar.firstWeekday = 1
                referenceCalendar.minimumDaysInFirstWeek = 1
            }
            var reference = Calendar.RecurrenceRule(calendar: referenceCalendar, frequency: frequency, interval: interval)
            reference.matchingPolicy = .strict
            configure(&reference)
            for start in starts {
                XCTAssertEqual(ours(rule, from: start, count: 8), foundation(reference, from: start, count: 8), "\(text) from \(start.storageText)")
            }
        }
    }

    func testWhereFoundationDiffersFromRFC5545() throws {
        let start = ItemDateComponents(year: 2026, month: 1, day: 31)
        // 1. By default Foundation moves 31 February to 1 March; RFC 5545 skips the month.
        let monthly = Calendar.RecurrenceRule(calendar: calendar, frequency: .monthly)
        XCTAssertEqual(foundation(monthly, from: start, count: 1), ["2026-03-01"])
        XCTAssertEqual(ours(try RecurrenceRule(rrule: "FREQ=MONTHLY"), from: start, count: 1), ["2026-03-31"])

        // 2. MONTHLY;BYDAY=FR means every Friday of the month; Foundation gives only the first.
        var fridays = Calendar.RecurrenceRule(calendar: calendar, frequency: .monthly)
        fridays.weekdays = [.every(.friday)]
        fridays.matchingPolicy = .strict
        let january = ItemDateComponents(year: 2026, month: 1, day: 1)
        XCTAssertEqual(foundation(fridays, from: january, count: 3), ["2026-01-02", "2026-02-06", "2026-03-06"])
        XCTAssertEqual(ours(try RecurrenceRule(rrule: "FREQ=MONTHLY;BYDAY=FR"), from: january, count: 3), ["2026-01-02", "2026-01-09", "2026-01-16"])

        // 3. BYSETPOS=-1 over weekdays is the last weekday of each month; Foundation picks a day in the first week.
        var lastWeekday = Calendar.RecurrenceRule(calendar: calendar, frequency: .monthly)
        lastWeekday.weekdays = [.every(.monday), .every(.tuesday), .every(.wednesday), .every(.thursday), .every(.friday)]
        lastWeekday.setPositions = [-1]
        XCTAssertEqual(foundation(lastWeekday, from: start, count: 1), ["2026-02-06"])
        XCTAssertEqual(
            ours(try RecurrenceRule(rrule: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"), from: start, count: 2),
            ["2026-02-27", "2026-03-31"])

        // 4. BYWEEKNO=20 with BYDAY=SA: the Saturday of ISO week 20 every year; Foundation jumps years.
        var week20 = Calendar.RecurrenceRule(calendar: calendar, frequency: .yearly)
        week20.weeks = [20]
        week20.weekdays = [.every(.saturday)]
        let may = ItemDateComponents(year: 2026, month: 5, day: 16)
        XCTAssertEqual(foundation(week20, from: may, count: 1), ["2032-05-15"])
        XCTAssertEqual(ours(try RecurrenceRule(rrule: "FREQ=YEARLY;BYWEEKNO=20;BYDAY=SA"), from: may, count: 2), ["2027-05-22", "2028-05-20"])

        // 5. With ISO week rules (Monday first, four days in week one), which RFC 5545 needs for WKST and
        //    BYWEEKNO, Foundation's "last Friday" of May 2026 is the 22nd; it is the 29th.
        var lastFriday = Calendar.RecurrenceRule(calendar: calendar, frequency: .monthly)
        lastFriday.weekdays = [.nth(-1, .friday)]
        let mid = ItemDateComponents(year: 2026, month: 5, day: 18)
        XCTAssertEqual(foundation(lastFriday, from: mid, count: 1), ["2026-05-22"])
        XCTAssertEqual(ours(try RecurrenceRule(rrule: "FREQ=MONTHLY;BYDAY=-1FR"), from: mid, count: 1), ["2026-05-29"])
    }

    func testRulesThatNeverMatchEndQuickly() throws {
        let started = Date()
        XCTAssertNil(
            try RecurrenceRule(rrule: "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30").occurrence(
                after: ItemDateComponents(year: 2026, month: 1, day: 1), in: TimeZone.utc))
        XCTAssertNil(
            try RecurrenceRule(rrule: "FREQ=DAILY;BYMONTH=4;BYMONTHDAY=31").occurrence(
                after: ItemDateComponents(year: 2026, month: 1, day: 1), in: TimeZone.utc))
        XCTAssertEqual(
            try RecurrenceRule(rrule: "FREQ=YEARLY;BYMONTHDAY=13;BYDAY=FR").occurrence(
                after: ItemDateComponents(year: 2026, month: 1, day: 1), in: TimeZone.utc),
            ItemDateComponents(year: 2026, month: 2, day: 13))
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
    }
}
