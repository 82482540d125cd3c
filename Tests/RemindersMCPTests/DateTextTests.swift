import Foundation
import RemindersModel
import XCTest
@testable import RemindersMCP

/// Every date a tool writes for a model carries its weekday and its kind, and the instructions
/// say what today is: models mislabel weekdays they have to work out.
final class DateTextTests: XCTestCase {
    let berlin = TimeZone(identifier: "Europe/Berlin")!

    func testADateSaysItsWeekdayAndKind() {
        XCTAssertEqual(ReminderFields.dateText(ItemDateComponents(year: 2026, month: 12, day: 7)), "Mon 2026-12-07 (all day)")
        XCTAssertEqual(
            ReminderFields.dateText(ItemDateComponents(year: 2026, month: 12, day: 7, hour: 9, minute: 0)), "Mon 2026-12-07 09:00 (floating)")
        XCTAssertEqual(
            ReminderFields.dateText(ItemDateComponents(year: 2027, month: 2, day: 28, hour: 18, minute: 5, timeZone: "Europe/Berlin")),
            "Sun 2027-02-28 18:05 Europe/Berlin")
    }

    func testAcrossADaylightSavingChangeTheWallClockIsWhatIsWritten() {
        // 2027-03-28 01:30 UTC is 03:30 in Berlin, after the clocks went forward at 02:00.
        let instant = Timestamp(rfc3339: "2027-03-28T01:30:00Z")!
        var wall = ItemDateComponents.wallClock(of: instant, in: berlin)
        wall.timeZone = berlin.identifier
        XCTAssertEqual(ReminderFields.dateText(wall), "Sun 2027-03-28 03:30 Europe/Berlin")
        let before = ItemDateComponents.wallClock(of: Timestamp(rfc3339: "2027-03-28T00:30:00Z")!, in: berlin)
        XCTAssertEqual(
            ReminderFields.dateText(
                ItemDateComponents(year: before.year, month: before.month, day: before.day, hour: before.hour, minute: before.minute)),
            "Sun 2027-03-28 01:30 (floating)")
    }

    func testTheInstructionsSayTodayItsWeekdayAndTheZone() {
        let text = Instructions.text(now: Timestamp(rfc3339: "2026-12-04T22:30:00Z")!, zone: berlin)
        XCTAssertTrue(text.contains("Today is Fri 2026-12-04, 23:30 in the person's zone, Europe/Berlin."), text)
        // Past midnight in Berlin it is already Saturday, whatever UTC says.
        let later = Instructions.text(now: Timestamp(rfc3339: "2026-12-04T23:30:00Z")!, zone: berlin)
        XCTAssertTrue(later.contains("Today is Sat 2026-12-05, 00:30"), later)
    }
}
