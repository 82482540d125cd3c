import Foundation
import RemindersModel
import XCTest
@testable import RemindersStore

/// `updateLocation`: sides kept in the store, crossings decided once, in the ledger.
final class LocationTests: StoreTestCase {
    let station = GeoLocation(latitude: 38.79, longitude: -121.24)
    var clock: Int64 = 1_000

    private func watching(_ proximity: AlarmProximity, radius: Double = 25 * 1609, title: String = "Listen to KLOVE (88.5)") throws -> Reminder {
        var changes = ReminderChanges()
        changes.title = .set(title)
        changes.alarms = .set([
            AlarmDraft(
                alarmIdentifier: "fence",
                trigger: .location(
                    StructuredLocation(title: "KLOVE (88.5)", geoLocation: station, radius: radius), proximity))
        ])
        return try eventStore.saveReminder(identifier: nil, changes: changes, commit: true)
    }

    /// A fix `kilometres` north of the station, each a second after the one before.
    @discardableResult
    private func at(_ kilometres: Double, accuracy: Double = 20, in store: EventStore? = nil) throws -> [String] {
        clock += 1_000
        let fix = LocationFix(
            location: GeoLocation(latitude: station.latitude + kilometres / 111.195, longitude: station.longitude),
            horizontalAccuracy: accuracy, timestamp: Timestamp(milliseconds: clock))
        return try (store ?? eventStore).updateLocation(fix).map { "\($0.proximity.rawValue) \($0.alarmIdentifier)" }
    }

    func testTheSeedsScenarioFiresOnceAtTheCrossingAndAgainAfterComingBack() throws {
        let reminder = try watching(.enter)
        XCTAssertEqual(try at(60), [], "the first fix only sets the side")
        XCTAssertEqual(try at(45), [])
        XCTAssertEqual(try at(35), ["enter fence"])
        XCTAssertEqual(try at(20), [])
        XCTAssertEqual(try at(60), [], "leaving does not fire an enter alarm")
        XCTAssertEqual(try at(35), ["enter fence"])
        let firing = try eventStore.read({ store throws(StoreError) in try store.deliveries(in: .firing) })
        XCTAssertEqual(firing.map(\.reason), ["enter", "enter"])
        XCTAssertEqual(Set(firing.map(\.itemIdentifier)), [reminder.calendarItemIdentifier])
        XCTAssertEqual(Set(firing.map(\.occurrence)).count, 2, "each crossing is its own occurrence")
    }

    func testMadeInsideALeaveAlarmWaitsForLeaving() throws {
        _ = try watching(.leave, radius: 100, title: "Lock the door")
        XCTAssertEqual(try at(0), [])
        XCTAssertEqual(try at(0.1), [], "in the band: nothing")
        XCTAssertEqual(try at(0.2), ["leave fence"])
        XCTAssertEqual(try at(0.05), [])
    }

    func testTheSideSurvivesARestartAndIsSharedByEveryProcess() throws {
        _ = try watching(.enter)
        try at(60)
        let other = try reopened()
        XCTAssertEqual(try at(35, in: other), ["enter fence"])
        XCTAssertEqual(try at(30), [], "this process knows it is inside already")
    }

    func testInaccurateLateAndEdgeFixesChangeNothing() throws {
        _ = try watching(.enter, radius: 1000)
        try at(5)
        XCTAssertEqual(try at(0, accuracy: 1500), [], "less accurate than the radius")
        XCTAssertEqual(try at(1.05), [], "in the band")
        clock -= 10_000
        XCTAssertEqual(try at(0), [], "older than the fix the fence last used")
        clock += 20_000
        XCTAssertEqual(try at(0), ["enter fence"])
    }

    func testCompletedRemindersDoNotWatchAndReopenedOnesStartAfresh() throws {
        let reminder = try watching(.enter)
        try at(60)
        var done = ReminderChanges()
        done.isCompleted = .set(true)
        _ = try eventStore.saveReminder(identifier: reminder.calendarItemIdentifier, changes: done, commit: true)
        XCTAssertEqual(try at(35), [])
        var reopened = ReminderChanges()
        reopened.isCompleted = .set(false)
        _ = try eventStore.saveReminder(identifier: reminder.calendarItemIdentifier, changes: reopened, commit: true)
        XCTAssertEqual(try at(20), [], "its side was forgotten: the first fix only sets it")
        try at(60)
        XCTAssertEqual(try at(20), ["enter fence"])
    }

    func testAnEditedFenceStartsAfresh() throws {
        let reminder = try watching(.enter)
        try at(60)
        var moved = ReminderChanges()
        moved.alarms = .set([
            AlarmDraft(
                alarmIdentifier: "fence",
                trigger: .location(
                    StructuredLocation(
                        title: "Elsewhere", geoLocation: GeoLocation(latitude: station.latitude + 35 / 111.195, longitude: station.longitude),
                        radius: 1000), .enter))
        ])
        _ = try eventStore.saveReminder(identifier: reminder.calendarItemIdentifier, changes: moved, commit: true)
        XCTAssertEqual(try at(35), [], "inside the new fence, whose first fix only sets its side (the old one's outside is forgotten)")
        try at(60)
        XCTAssertEqual(try at(35), ["enter fence"])
    }
}
