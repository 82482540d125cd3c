import RemindersCivilTime
import Foundation
import XCTest

/// The civil-date arithmetic against Foundation's Gregorian calendar, which it stands in for
/// where making a `Calendar` costs too much (Linux) or a dependency is not wanted (the codec).
final class CivilDateTests: XCTestCase {
    private let gregorian: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    func testDayNumbersAgreeWithFoundationFrom1600OverLeapCenturies() {
        // From 1600 on: before 1582 Foundation's Gregorian calendar is Julian, the civil dates proleptic.
        for days in stride(from: Int64(-135_000), through: 800_000, by: 997) {
            let date = Date(timeIntervalSince1970: Double(days) * 86_400)
            let parts = gregorian.dateComponents([.year, .month, .day, .weekday], from: date)
            let civil = CivilDate.fromDays(days)
            XCTAssertEqual([civil.year, civil.month, civil.day], [parts.year, parts.month, parts.day], "day \(days)")
            XCTAssertEqual(CivilDate.toDays(year: civil.year, month: civil.month, day: civil.day), days)
            XCTAssertEqual(CivilDate.weekday(days: days) + 1, parts.weekday, "day \(days)")
        }
        XCTAssertEqual(CivilDate.toDays(year: 1970, month: 1, day: 1), 0)
        XCTAssertEqual(CivilDate.daysIn(month: 2, year: 2000), 29)
        XCTAssertEqual(CivilDate.daysIn(month: 2, year: 1900), 28)
        XCTAssertEqual(CivilDate.daysIn(month: 2, year: 2024), 29)
    }

    func testTheNthWeekdayOfAMonthFromEitherEnd() {
        let sunday = CivilDate.weekdayCodes.firstIndex(of: "SU")!
        // Europe's summer time starts on March's last Sunday: 2026-03-29; the US's on March's second: 2026-03-08.
        XCTAssertEqual(CivilDate.day(ordinal: -1, weekday: sunday, year: 2026, month: 3), 29)
        XCTAssertEqual(CivilDate.day(ordinal: 2, weekday: sunday, year: 2026, month: 3), 8)
        XCTAssertNil(CivilDate.day(ordinal: 5, weekday: sunday, year: 2026, month: 2), "February 2026 has four Sundays")
    }

    func testZonesAndCalendarsAreMadeOnceAndUnknownNamesAreNone() {
        XCTAssertEqual(TimeZoneCache.zone("Europe/Berlin")?.identifier, "Europe/Berlin")
        XCTAssertNil(TimeZoneCache.zone("Mars/Olympus_Mons"))
        let berlin = TimeZoneCache.zone("Europe/Berlin")!
        XCTAssertEqual(GregorianCalendars.gregorian(in: berlin).timeZone.identifier, "Europe/Berlin")
        XCTAssertEqual(GregorianCalendars.gregorian(in: nil).timeZone, TimeZone.current)
    }
}
