import Foundation
import XCTest
@testable import RemindersModel

/// When time alarms fire: EventKit's meaning, in the zone of whoever fires them.
final class AlarmFireDateTests: XCTestCase {
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    let newYork = TimeZone(identifier: "America/New_York")!

    private func reminder(due: ItemDateComponents?, alarms: [Alarm.Trigger], completed: Bool = false) -> Reminder {
        var reminder = Reminder(calendarItemIdentifier: "r", calendarIdentifier: "l", title: "Call Sam", creationDate: Timestamp(milliseconds: 0))
        reminder.dueDateComponents = due
        reminder.isCompleted = completed
        reminder.alarms = alarms.enumerated().map { Alarm(alarmIdentifier: "a\($0.offset)", trigger: $0.element) }
        return reminder
    }

    private func instant(_ text: String) -> Timestamp { Timestamp(rfc3339: text)! }

    func testAbsoluteAlarmsFireAtTheirDate() {
        let r = reminder(due: nil, alarms: [.absolute(instant("2026-12-01T08:00:00Z"))])
        XCTAssertEqual(r.alarms[0].fireDate(of: r, in: berlin), instant("2026-12-01T08:00:00Z"))
    }

    func testRelativeAlarmsCountFromTheDueDateInItsZone() {
        let due = ItemDateComponents(year: 2026, month: 12, day: 1, hour: 10, minute: 0, timeZone: "Europe/Berlin")
        let r = reminder(due: due, alarms: [.relative(offset: -900)])
        XCTAssertEqual(r.alarms[0].fireDate(of: r, in: newYork), instant("2026-12-01T08:45:00Z"), "a zoned date is one instant everywhere")
    }

    func testFloatingDueDatesAreReadInTheFiringZone() {
        let r = reminder(due: ItemDateComponents(year: 2026, month: 12, day: 1, hour: 9, minute: 0), alarms: [.relative(offset: 0)])
        XCTAssertEqual(r.alarms[0].fireDate(of: r, in: berlin), instant("2026-12-01T08:00:00Z"))
        XCTAssertEqual(r.alarms[0].fireDate(of: r, in: newYork), instant("2026-12-01T14:00:00Z"))
    }

    /// Apple's Calendar: an all-day date counts from 00:00 of its day, so -54000 is 09:00 the day before.
    func testAllDayDatesCountFromMidnightOfTheirDay() {
        let r = reminder(due: ItemDateComponents(year: 2026, month: 12, day: 24), alarms: [.relative(offset: -54_000), .relative(offset: 32_400)])
        XCTAssertEqual(r.alarms[0].fireDate(of: r, in: berlin), instant("2026-12-23T08:00:00Z"))
        XCTAssertEqual(r.alarms[1].fireDate(of: r, in: berlin), instant("2026-12-24T08:00:00Z"))
    }

    /// The offset is seconds: a day before a due date just after the spring change is 23 wall-clock hours earlier.
    func testOffsetsAreSecondsAcrossADSTChange() {
        let due = ItemDateComponents(year: 2026, month: 3, day: 29, hour: 10, minute: 0, timeZone: "Europe/Berlin")
        let r = reminder(due: due, alarms: [.relative(offset: -86_400)])
        XCTAssertEqual(r.alarms[0].fireDate(of: r, in: berlin), instant("2026-03-28T08:00:00Z"))
    }

    func testWhatNeverFires() {
        let place = StructuredLocation(title: "Home")
        let noDue = reminder(due: nil, alarms: [.relative(offset: -60), .location(place, .enter)])
        XCTAssertNil(noDue.alarms[0].fireDate(of: noDue, in: berlin), "relative without a due date")
        XCTAssertNil(noDue.alarms[1].fireDate(of: noDue, in: berlin), "location alarms fire on a crossing, not at a time")
        let done = reminder(due: nil, alarms: [.absolute(instant("2026-12-01T08:00:00Z"))], completed: true)
        XCTAssertNil(done.alarms[0].fireDate(of: done, in: berlin), "a completed reminder does not remind")
    }

    func testUpcomingAlarmsInAWindowSoonestFirst() {
        var early = reminder(
            due: ItemDateComponents(year: 2026, month: 12, day: 2, hour: 9, minute: 0, timeZone: "UTC"),
            alarms: [.relative(offset: 0), .relative(offset: -3600), .relative(offset: -86_400 * 3)])
        early.calendarItemIdentifier = "early"
        var late = reminder(due: nil, alarms: [.absolute(instant("2026-12-02T08:00:00Z")), .absolute(instant("2026-12-05T00:00:00Z"))])
        late.calendarItemIdentifier = "late"
        let found = ScheduledAlarm.upcoming([late, early], from: instant("2026-12-01T00:00:00Z"), to: instant("2026-12-03T00:00:00Z"), in: berlin)
        XCTAssertEqual(
            found.map { "\($0.itemIdentifier)/\($0.alarmIdentifier)" }, ["early/a1", "late/a0", "early/a0"],
            "08:00 twice: ordered by reminder; the one three days before and the one after the window left out")
        XCTAssertEqual(found.first?.fireDate, instant("2026-12-02T08:00:00Z"))
    }
}
