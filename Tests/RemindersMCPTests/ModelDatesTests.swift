import Foundation
import JSONRPC
import XCTest
@testable import RemindersMCP

/// Dates as models write them: a day stays that day, a wall-clock time stays floating, an instant
/// becomes the person's wall clock in their zone — never midnight-shifted.
final class ModelDatesTests: XCTestCase {
    let berlin = TimeZone(identifier: "Europe/Berlin")!

    func testADayIsAllDay() throws {
        XCTAssertEqual(try ModelDates.components("2026-12-24", field: "due", zone: berlin), ["year": 2026, "month": 12, "day": 24])
    }

    func testAWallClockTimeFloats() throws {
        XCTAssertEqual(try ModelDates.components("2026-12-24T09:00", field: "due", zone: berlin),
                       ["year": 2026, "month": 12, "day": 24, "hour": 9, "minute": 0])
        XCTAssertEqual(try ModelDates.components("2026-12-24 09:30:15", field: "due", zone: berlin),
                       ["year": 2026, "month": 12, "day": 24, "hour": 9, "minute": 30, "second": 15])
    }

    func testAnInstantIsThePersonsWallClock() throws {
        XCTAssertEqual(try ModelDates.components("2026-12-24T08:00:00Z", field: "due", zone: berlin),
                       ["year": 2026, "month": 12, "day": 24, "hour": 9, "minute": 0, "timeZone": "Europe/Berlin"])
        XCTAssertEqual(try ModelDates.components("2026-12-24T09:00-05:00", field: "due", zone: berlin),
                       ["year": 2026, "month": 12, "day": 24, "hour": 15, "minute": 0, "timeZone": "Europe/Berlin"])
    }

    func testAlarmTimesAreInstants() throws {
        XCTAssertEqual(try ModelDates.instant("2026-12-24T09:00", field: "at", zone: berlin), "2026-12-24T08:00:00.000Z")
        XCTAssertEqual(try ModelDates.instant("2026-07-01T09:00", field: "at", zone: berlin), "2026-07-01T07:00:00.000Z")
        XCTAssertThrowsError(try ModelDates.instant("2026-12-24", field: "at", zone: berlin)) { error in
            XCTAssertEqual((error as? ToolFailure)?.field, "at")
        }
    }

    func testWhatIsNotADateNamesTheField() {
        for text in ["tomorrow", "2026-13-01", "2026-12-24T25:00", "24.12.2026", "2026-12-24T09:00+99"] {
            XCTAssertThrowsError(try ModelDates.components(text, field: "due", zone: berlin), text) { error in
                XCTAssertEqual((error as? ToolFailure)?.field, "due")
            }
        }
    }

    func testPriorities() throws {
        XCTAssertEqual(try ReminderFields.priority("high"), 1)
        XCTAssertEqual(try ReminderFields.priority("Medium"), 5)
        XCTAssertEqual(try ReminderFields.priority("low"), 9)
        XCTAssertEqual(try ReminderFields.priority("none"), 0)
        XCTAssertEqual(try ReminderFields.priority(3), 3)
        XCTAssertEqual(try ReminderFields.priority("7"), 7)
        XCTAssertThrowsError(try ReminderFields.priority("urgent"))
        XCTAssertThrowsError(try ReminderFields.priority(10))
    }

    func testAlarmSpecs() throws {
        XCTAssertEqual(try AlarmSpec.alarm(["before": 15], field: "alarms[0]", zone: berlin), ["relativeOffset": -900.0])
        XCTAssertEqual(try AlarmSpec.alarm(["arrive": ["latitude": 52.52, "longitude": 13.405, "title": "Home"]], field: "a", zone: berlin),
                       ["structuredLocation": ["title": "Home", "geoLocation": ["latitude": 52.52, "longitude": 13.405]], "proximity": "enter"])
        XCTAssertThrowsError(try AlarmSpec.alarm(["before": 5, "at": "2026-12-24T09:00"], field: "alarms[1]", zone: berlin)) { error in
            XCTAssertEqual((error as? ToolFailure)?.field, "alarms[1]")
        }
    }

    func testTheGrantCommandIsOneThePersonCanPaste() {
        let access = AccessText(storeArgument: "/home/me/my reminders.sqlite")
        XCTAssertEqual(access.grantCommand(client: "claude-code"), "remindersd permissions set claude-code fullAccess --store '/home/me/my reminders.sqlite'")
        XCTAssertEqual(AccessText(storeArgument: nil).grantCommand(client: "it's me"), "remindersd permissions set 'it'\\''s me' fullAccess")
        XCTAssertTrue(access.refused(client: "x", status: "denied").contains("status denied"))
    }
}
