import XCTest
@testable import RemindersModel

final class RecurrenceRuleTests: XCTestCase {
    func testRRuleRoundTrips() throws {
        for text in [
            "FREQ=DAILY", "FREQ=WEEKLY;INTERVAL=2;COUNT=10;BYDAY=MO,WE", "FREQ=MONTHLY;BYDAY=-1FR",
            "FREQ=MONTHLY;BYMONTHDAY=1,15,-1", "FREQ=YEARLY;UNTIL=20301231T235959Z;BYMONTH=2;BYSETPOS=-1;BYDAY=MO,TU,WE,TH,FR",
            "FREQ=YEARLY;BYYEARDAY=1,-1;BYWEEKNO=20;WKST=SU",
        ] {
            let rule = try RecurrenceRule(rrule: text)
            XCTAssertEqual(try RecurrenceRule(rrule: rule.rrule), rule, text)
        }
        let parsed = try RecurrenceRule(rrule: "RRULE:freq=weekly;interval=2;byday=MO,+2WE;count=10")
        XCTAssertEqual(parsed.frequency, .weekly)
        XCTAssertEqual(parsed.interval, 2)
        XCTAssertEqual(parsed.daysOfTheWeek, [RecurrenceDayOfWeek(dayOfTheWeek: 2), RecurrenceDayOfWeek(dayOfTheWeek: 4, weekNumber: 2)])
        XCTAssertEqual(parsed.recurrenceEnd, .occurrenceCount(10))
        // RFC 5545 §3.3.10: only a UTC UNTIL is an instant; a DATE or a floating DATE-TIME is a wall-clock end.
        XCTAssertEqual(
            try RecurrenceRule(rrule: "FREQ=DAILY;UNTIL=20270101").recurrenceEnd,
            .endDateComponents(ItemDateComponents(year: 2027, month: 1, day: 1)))
        XCTAssertEqual(
            try RecurrenceRule(rrule: "FREQ=DAILY;UNTIL=20270101T090000").recurrenceEnd,
            .endDateComponents(ItemDateComponents(year: 2027, month: 1, day: 1, hour: 9, minute: 0, second: 0)))
        XCTAssertEqual(
            try RecurrenceRule(rrule: "FREQ=DAILY;UNTIL=20270101T090000Z").recurrenceEnd, .endDate(Timestamp(rfc3339: "2027-01-01T09:00:00Z")!))
        for text in ["FREQ=DAILY;UNTIL=20270101", "FREQ=DAILY;UNTIL=20270101T090000"] {
            XCTAssertEqual(try RecurrenceRule(rrule: text).rrule, text, "kept as it came")
        }
    }

    private func occurrences(_ rrule: String, from start: ItemDateComponents, in zone: String) throws -> [ItemDateComponents] {
        var rule: RecurrenceRule? = try RecurrenceRule(rrule: rrule)
        var current: ItemDateComponents? = start
        var found: [ItemDateComponents] = []
        while let occurrence = current, let walking = rule, found.count < 100 {
            found.append(occurrence)
            current = walking.occurrence(after: occurrence, in: TimeZone(identifier: zone)!)
            rule = walking.advanced
        }
        return found
    }

    /// A daily all-day series ending 20240105 has 5 occurrences wherever it is read (it had 6 in
    /// Tokyo when the end was taken for 23:59:59Z); a floating 09:00 one ending 20240105T090000
    /// has 5 in New York (it had 4).
    func testAWallClockEndIsReadInTheReadersZone() throws {
        for zone in ["Asia/Tokyo", "America/New_York", "Pacific/Kiritimati", "Pacific/Pago_Pago", "UTC"] {
            XCTAssertEqual(
                try occurrences("FREQ=DAILY;UNTIL=20240105", from: ItemDateComponents(year: 2024, month: 1, day: 1), in: zone).count, 5, zone)
            XCTAssertEqual(
                try occurrences(
                    "FREQ=DAILY;UNTIL=20240105T090000", from: ItemDateComponents(year: 2024, month: 1, day: 1, hour: 9, minute: 0),
                    in: zone
                ).count, 5, zone)
        }
        // A zoned series with a floating UNTIL (common, if not RFC 5545's): read in the series' own zone.
        let berlin = ItemDateComponents(year: 2024, month: 1, day: 1, hour: 23, minute: 30, timeZone: "Europe/Berlin")
        XCTAssertEqual(try occurrences("FREQ=DAILY;UNTIL=20240105T233000", from: berlin, in: "America/New_York").count, 5)
    }

    /// Written for a series, UNTIL takes DTSTART's value type (RFC 5545 §3.3.10): never `Z` for a DATE start.
    func testUntilIsWrittenWithTheStartsValueType() throws {
        let day = ItemDateComponents(year: 2024, month: 1, day: 1)
        let floating = ItemDateComponents(year: 2024, month: 1, day: 1, hour: 9, minute: 0)
        let zoned = ItemDateComponents(year: 2024, month: 1, day: 1, hour: 9, minute: 0, timeZone: "Europe/Berlin")
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        let wallDay = try RecurrenceRule(rrule: "FREQ=DAILY;UNTIL=20240105")
        XCTAssertEqual(wallDay.rrule(startingAt: day, zone: tokyo), "FREQ=DAILY;UNTIL=20240105")
        XCTAssertEqual(wallDay.rrule(startingAt: floating, zone: tokyo), "FREQ=DAILY;UNTIL=20240105T235959")
        XCTAssertEqual(wallDay.rrule(startingAt: zoned, zone: tokyo), "FREQ=DAILY;UNTIL=20240105T225959Z")
        let instant = try RecurrenceRule(rrule: "FREQ=DAILY;UNTIL=20240105T150000Z")
        XCTAssertEqual(instant.rrule(startingAt: day, zone: tokyo), "FREQ=DAILY;UNTIL=20240106", "the instant's day where it is written")
        XCTAssertEqual(instant.rrule(startingAt: floating, zone: tokyo), "FREQ=DAILY;UNTIL=20240106T000000")
        XCTAssertEqual(instant.rrule(startingAt: zoned, zone: tokyo), "FREQ=DAILY;UNTIL=20240105T150000Z")
    }

    func testRRuleErrors() {
        for text in [
            "", "FREQ=HOURLY", "INTERVAL=2", "FREQ=DAILY;FREQ=WEEKLY", "FREQ=DAILY;COUNT=x", "FREQ=DAILY;BYDAY=XX",
            "FREQ=DAILY;COUNT=1;UNTIL=20270101", "FREQ=DAILY;BYHOUR=9", "FREQ=DAILY;;", "FREQ=DAILY;UNTIL=2027",
        ] {
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
        XCTAssertEqual(
            field(RecurrenceRule(frequency: .weekly, daysOfTheWeek: [.init(dayOfTheWeek: 1, weekNumber: 2)])), "daysOfTheWeek[0].weekNumber")
        XCTAssertEqual(field(RecurrenceRule(frequency: .weekly, daysOfTheMonth: [1])), "daysOfTheMonth")
        XCTAssertEqual(field(RecurrenceRule(frequency: .monthly, monthsOfTheYear: [1])), "monthsOfTheYear")
        XCTAssertEqual(field(RecurrenceRule(frequency: .yearly, weeksOfTheYear: [0])), "weeksOfTheYear[0]")
        XCTAssertEqual(field(RecurrenceRule(frequency: .yearly, daysOfTheYear: [367])), "daysOfTheYear[0]")
        XCTAssertEqual(field(RecurrenceRule(frequency: .daily, setPositions: [1])), "setPositions")
        XCTAssertEqual(field(RecurrenceRule(frequency: .daily, recurrenceEnd: .occurrenceCount(0))), "recurrenceEnd.occurrenceCount")
    }
}

/// RFC 5545 §3.3.5: a wall-clock time that happens twice is the first of the two, east and west of UTC.
final class AmbiguousTimeTests: XCTestCase {
    func testATimeThatHappensTwiceIsTheFirst() {
        let cases: [(String, ItemDateComponents, String)] = [
            ("Europe/Berlin", ItemDateComponents(year: 2026, month: 10, day: 25, hour: 2, minute: 30), "2026-10-25T00:30:00.000Z"),
            ("Australia/Sydney", ItemDateComponents(year: 2026, month: 4, day: 5, hour: 2, minute: 30), "2026-04-04T15:30:00.000Z"),
            ("America/New_York", ItemDateComponents(year: 2026, month: 11, day: 1, hour: 1, minute: 30), "2026-11-01T05:30:00.000Z"),
        ]
        for (zone, wall, expected) in cases {
            XCTAssertEqual(wall.instant(in: TimeZone(identifier: zone)!).rfc3339, expected, zone)
            var zoned = wall
            zoned.timeZone = zone
            XCTAssertEqual(zoned.instant(in: .utc).rfc3339, expected, zone)
        }
    }

    func testASkippedTimeResolvesForwardAndOrdinaryTimesAreUnchanged() {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        XCTAssertEqual(ItemDateComponents(year: 2026, month: 3, day: 29, hour: 2, minute: 30).instant(in: berlin).rfc3339, "2026-03-29T01:30:00.000Z")
        XCTAssertEqual(
            ItemDateComponents(year: 2026, month: 10, day: 25, hour: 3, minute: 30).instant(in: berlin).rfc3339, "2026-10-25T02:30:00.000Z")
        XCTAssertEqual(
            ItemDateComponents(year: 2026, month: 10, day: 25, hour: 1, minute: 30).instant(in: berlin).rfc3339, "2026-10-24T23:30:00.000Z")
        XCTAssertEqual(ItemDateComponents(year: 2026, month: 7, day: 1, hour: 12).instant(in: berlin).rfc3339, "2026-07-01T10:00:00.000Z")
    }
}
