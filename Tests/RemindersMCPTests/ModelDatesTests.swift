import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import XCTest
@testable import RemindersMCP

/// Dates as models write them: a day stays that day, a wall-clock time stays floating, an instant
/// becomes the person's wall clock in their zone — never midnight-shifted.
final class ModelDatesTests: XCTestCase {
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    /// No test here reads a phrase relative to today; the time they are read at is fixed all the same.
    let now = Timestamp(rfc3339: "2026-12-06T12:00:00Z")!

    func testADayIsAllDay() throws {
        XCTAssertEqual(
            try ModelDates.components("2026-12-24", field: "due", zone: berlin, now: now), ItemDateComponents(year: 2026, month: 12, day: 24))
    }

    func testAWallClockTimeFloats() throws {
        XCTAssertEqual(
            try ModelDates.components("2026-12-24T09:00", field: "due", zone: berlin, now: now),
            ItemDateComponents(year: 2026, month: 12, day: 24, hour: 9, minute: 0))
        XCTAssertEqual(
            try ModelDates.components("2026-12-24 09:30:15", field: "due", zone: berlin, now: now),
            ItemDateComponents(year: 2026, month: 12, day: 24, hour: 9, minute: 30, second: 15))
    }

    func testAnInstantIsThePersonsWallClock() throws {
        XCTAssertEqual(
            try ModelDates.components("2026-12-24T08:00:00Z", field: "due", zone: berlin, now: now),
            ItemDateComponents(year: 2026, month: 12, day: 24, hour: 9, minute: 0, timeZone: "Europe/Berlin"))
        XCTAssertEqual(
            try ModelDates.components("2026-12-24T09:00-05:00", field: "due", zone: berlin, now: now),
            ItemDateComponents(year: 2026, month: 12, day: 24, hour: 15, minute: 0, timeZone: "Europe/Berlin"))
    }

    func testAlarmTimesAreInstants() throws {
        XCTAssertEqual(try ModelDates.instant("2026-12-24T09:00", field: "at", zone: berlin, now: now).rfc3339, "2026-12-24T08:00:00.000Z")
        XCTAssertEqual(try ModelDates.instant("2026-07-01T09:00", field: "at", zone: berlin, now: now).rfc3339, "2026-07-01T07:00:00.000Z")
        XCTAssertThrowsError(try ModelDates.instant("2026-12-24", field: "at", zone: berlin, now: now)) { error in
            XCTAssertEqual((error as? ToolFailure)?.field, "at")
        }
    }

    func testWhatIsNotADateNamesTheField() {
        for text in ["whenever", "2026-13-01", "2026-12-24T25:00", "24.12.2026", "2026-12-24T09:00+99"] {
            XCTAssertThrowsError(try ModelDates.components(text, field: "due", zone: berlin, now: now), text) { error in
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

    private func spec(_ object: JSONObject) throws -> AlarmSpec { try AlarmSpec(Fields(object, path: "")) }

    func testAlarmSpecs() throws {
        XCTAssertEqual(try spec(["before": 15]).draft(field: "alarms[0]", zone: berlin, now: now), AlarmDraft(trigger: .relative(offset: -900)))
        XCTAssertEqual(
            try spec(["arrive": ["latitude": 52.52, "longitude": 13.405, "title": "Home"]]).draft(field: "a", zone: berlin, now: now),
            AlarmDraft(trigger: .location(StructuredLocation(title: "Home", geoLocation: GeoLocation(latitude: 52.52, longitude: 13.405)), .enter)))
        XCTAssertEqual(
            try spec(["leave": ["latitude": 52.5, "longitude": 13.25]]).draft(field: "a", zone: berlin, now: now),
            AlarmDraft(
                trigger: .location(StructuredLocation(title: "52.5,13.25", geoLocation: GeoLocation(latitude: 52.5, longitude: 13.25)), .leave)),
            "a place without a name is called by its coordinates")
        XCTAssertThrowsError(try spec(["before": 5, "at": "2026-12-24T09:00"]).draft(field: "alarms[1]", zone: berlin, now: now)) { error in
            XCTAssertEqual((error as? ToolFailure)?.field, "alarms[1]")
        }
    }

    func testTheGrantCommandIsOneThePersonCanPaste() {
        let access = AccessText(storeArgument: "/home/me/my reminders.sqlite")
        XCTAssertEqual(
            access.grantCommand(client: "claude-code"), "remindersd permissions set claude-code fullAccess --store '/home/me/my reminders.sqlite'")
        XCTAssertEqual(AccessText(storeArgument: nil).grantCommand(client: "it's me"), "remindersd permissions set 'it'\\''s me' fullAccess")
        XCTAssertTrue(access.refused(client: "x", status: "denied").contains("status denied"))
    }

    func testAsThePersonSaidIt() throws {
        let friday = Timestamp(rfc3339: "2026-12-04T09:15:00Z")!
        XCTAssertEqual(
            try ModelDates.components("tomorrow 9am", field: "due", zone: berlin, now: friday),
            ItemDateComponents(year: 2026, month: 12, day: 5, hour: 9, minute: 0))
        XCTAssertEqual(
            try ModelDates.components("in 3 days", field: "due", zone: berlin, now: friday), ItemDateComponents(year: 2026, month: 12, day: 7))
        XCTAssertEqual(try ModelDates.instant("tonight", field: "at", zone: berlin, now: friday).rfc3339, "2026-12-04T19:00:00.000Z")
        XCTAssertEqual(try ModelDates.boundary("next week", field: "dueAfter", zone: berlin, now: friday).rfc3339, "2026-12-06T23:00:00.000Z")
        XCTAssertThrowsError(try ModelDates.instant("next week", field: "at", zone: berlin, now: friday)) { error in
            XCTAssertEqual((error as? ToolFailure)?.field, "at")
        }
    }

    /// The year a person never typed is not blamed (issue 49, 18): "in 100000 years" is refused
    /// naming the words, under the tool's own field.
    func testADateNoReminderCanHaveIsRefusedNamingTheWords() {
        XCTAssertThrowsError(try ModelDates.components("in 100000 years", field: "due", zone: berlin, now: now)) { error in
            XCTAssertEqual((error as? ToolFailure)?.field, "due")
            XCTAssertTrue("\(error)".contains("in 100000 years"), "\(error)")
        }
        XCTAssertThrowsError(try ModelDates.components(String(repeating: "on ", count: 6_000) + "friday", field: "due", zone: berlin, now: now))
    }
}
