import Foundation
import XCTest
@testable import RemindersModel

final class DateComponentsTests: XCTestCase {
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    let newYork = TimeZone(identifier: "America/New_York")!

    func testValidation() {
        XCTAssertNoThrow(try ItemDateComponents(year: 2024, month: 2, day: 29).validate())
        let bad: [(ItemDateComponents, String)] = [
            (.init(year: 2026, month: 2, day: 29), "day"), (.init(year: 2026, month: 0, day: 1), "month"),
            (.init(year: 10000, month: 1, day: 1), "year"), (.init(year: 2026, month: 1, day: 1, hour: -1), "hour"),
            (.init(year: 2026, month: 1, day: 1, minute: 3), "minute"), (.init(year: 2026, month: 1, day: 1, hour: 1, second: 3), "second"),
            (.init(year: 2026, month: 1, day: 1, timeZone: "Not/AZone"), "timeZone"),
        ]
        for (components, field) in bad {
            XCTAssertThrowsError(try components.validate()) { XCTAssertEqual(($0 as? ValidationError)?.field, field) }
        }
    }

    func testAllDayAndFloatingDatesMeanTheReadersWallClock() {
        let allDay = ItemDateComponents(year: 2026, month: 12, day: 1)
        XCTAssertEqual(allDay.instant(in: berlin).rfc3339, "2026-11-30T23:00:00.000Z")
        XCTAssertEqual(allDay.instant(in: newYork).rfc3339, "2026-12-01T05:00:00.000Z")
        let floating = ItemDateComponents(year: 2026, month: 7, day: 1, hour: 9)
        XCTAssertEqual(floating.instant(in: berlin).rfc3339, "2026-07-01T07:00:00.000Z")
        XCTAssertEqual(floating.instant(in: newYork).rfc3339, "2026-07-01T13:00:00.000Z")
        let fixed = ItemDateComponents(year: 2026, month: 7, day: 1, hour: 9, timeZone: "Europe/Berlin")
        XCTAssertEqual(fixed.instant(in: newYork), fixed.instant(in: berlin))
    }

    func testTimesSkippedByDSTResolveForwardLikeFoundation() {
        var calendar = Calendar(identifier: .gregorian)
        for (zone, date) in [
            (berlin, (2026, 3, 29, 2, 30)), (newYork, (2026, 3, 8, 2, 30)), (berlin, (2026, 10, 25, 2, 30)), (newYork, (2026, 11, 1, 1, 30)),
        ] {
            calendar.timeZone = zone
            let components = ItemDateComponents(year: date.0, month: date.1, day: date.2, hour: date.3, minute: date.4)
            let foundation = calendar.date(from: DateComponents(year: date.0, month: date.1, day: date.2, hour: date.3, minute: date.4))!
            let ours = components.instant(in: zone)
            // In a gap both move forward; in a repeated hour either reading is one of the two real instants.
            XCTAssertEqual(
                abs(Double(ours.milliseconds) / 1000 - foundation.timeIntervalSince1970).truncatingRemainder(dividingBy: 3600), 0,
                "\(zone.identifier) \(date)")
            if date.1 == 3 { XCTAssertEqual(Double(ours.milliseconds) / 1000, foundation.timeIntervalSince1970, "gap in \(zone.identifier)") }
            let wall = calendar.dateComponents([.hour], from: Date(timeIntervalSince1970: Double(ours.milliseconds) / 1000)).hour
            XCTAssertTrue([date.3, date.3 + 1].contains(wall ?? -1), "\(zone.identifier) \(date)")
        }
    }

    func testStorageTextRoundTrips() {
        let samples = [
            ItemDateComponents(year: 2026, month: 1, day: 2),
            ItemDateComponents(year: 2026, month: 1, day: 2, hour: 3),
            ItemDateComponents(year: 2026, month: 1, day: 2, hour: 3, minute: 4),
            ItemDateComponents(year: 2026, month: 1, day: 2, hour: 3, minute: 4, second: 5, timeZone: "America/Argentina/Buenos_Aires"),
        ]
        for sample in samples { XCTAssertEqual(ItemDateComponents(storageText: sample.storageText), sample, sample.storageText) }
        XCTAssertEqual(samples[3].storageText, "2026-01-02T03:04:05 America/Argentina/Buenos_Aires")
        XCTAssertNil(ItemDateComponents(storageText: "2026-1-2"))
    }
}
