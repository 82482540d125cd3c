import Foundation
import RemindersModel
import XCTest
@testable import RemindersStore

/// One client's view: staging, committing, conflicts, lists, fetches.
final class EventStoreTests: StoreTestCase {

    private func changes(_ title: String, due: ItemDateComponents? = nil) -> ReminderChanges {
        var changes = ReminderChanges()
        changes.title = .set(title)
        if let due { changes.dueDateComponents = .set(due) }
        return changes
    }

    private func all(_ store: EventStore? = nil) throws -> [String] {
        try (store ?? eventStore).fetchReminders(matching: ReminderPredicate(kind: .all), in: utc).map(\.title)
    }

    func testStagedChangesAreInvisibleUntilCommit() throws {
        let other = try reopened()
        let staged = try eventStore.saveReminder(identifier: nil, changes: changes("staged"), commit: false)
        XCTAssertTrue(eventStore.hasUncommittedChanges)
        XCTAssertEqual(try eventStore.reminder(identifier: staged.calendarItemIdentifier)?.title, "staged")
        XCTAssertNil(try other.reminder(identifier: staged.calendarItemIdentifier))
        XCTAssertEqual(try all(), [])
        try eventStore.commit()
        XCTAssertEqual(try all(other), ["staged"])
        XCTAssertFalse(eventStore.hasUncommittedChanges)
    }

    func testResetForgetsAndCreateThenRemoveNeverReachesTheStore() throws {
        let kept = try eventStore.saveReminder(identifier: nil, changes: changes("kept"), commit: true)
        let temporary = try eventStore.saveReminder(identifier: nil, changes: changes("temp"), commit: false)
        try eventStore.removeReminder(identifier: temporary.calendarItemIdentifier, commit: false)
        _ = try eventStore.saveReminder(identifier: kept.calendarItemIdentifier, changes: changes("renamed"), commit: false)
        eventStore.reset()
        try eventStore.commit()
        XCTAssertEqual(try all(), ["kept"])
    }

    func testConflictsAreDetectedAtSaveAndAtCommit() throws {
        let other = try reopened()
        let original = try eventStore.saveReminder(identifier: nil, changes: changes("v1"), commit: true)
        _ = try eventStore.saveReminder(
            identifier: original.calendarItemIdentifier, changes: changes("mine"),
            lastModifiedDate: original.lastModifiedDate, commit: false)
        let theirs = try other.saveReminder(identifier: original.calendarItemIdentifier, changes: changes("theirs"), commit: true)
        XCTAssertThrowsError(try eventStore.commit()) { XCTAssertEqual($0 as? StoreError, .conflict(current: .reminder(theirs))) }
        XCTAssertTrue(eventStore.hasUncommittedChanges, "a failed commit keeps what was staged")
        XCTAssertThrowsError(
            try eventStore.saveReminder(
                identifier: original.calendarItemIdentifier, changes: changes("again"),
                lastModifiedDate: original.lastModifiedDate, commit: true))
        XCTAssertEqual(try all(other), ["theirs"])
    }

    func testFailedCommitTrueSaveIsNotLeftStaged() throws {
        let original = try eventStore.saveReminder(identifier: nil, changes: changes("v1"), commit: true)
        _ = try eventStore.saveReminder(identifier: original.calendarItemIdentifier, changes: changes("v2"), commit: true)
        XCTAssertThrowsError(
            try eventStore.saveReminder(
                identifier: original.calendarItemIdentifier, changes: changes("stale"),
                lastModifiedDate: original.lastModifiedDate, commit: true))
        XCTAssertFalse(eventStore.hasUncommittedChanges)
    }

    func testRemovingAListTakesItsRemindersAndMovesTheDefault() throws {
        let list = try eventStore.saveCalendar(CalendarChanges(title: "Work"))
        var inList = changes("in list")
        inList.calendarIdentifier = .set(list.calendarIdentifier)
        _ = try eventStore.saveReminder(identifier: nil, changes: inList, commit: true)
        _ = try eventStore.saveReminder(identifier: nil, changes: changes("in default"), commit: true)
        let defaultList = try XCTUnwrap(try eventStore.defaultCalendarForNewReminders())
        try eventStore.removeCalendar(identifier: defaultList.calendarIdentifier)
        XCTAssertEqual(try all(), ["in list"])
        XCTAssertEqual(try eventStore.defaultCalendarForNewReminders()?.calendarIdentifier, list.calendarIdentifier)
        XCTAssertThrowsError(try eventStore.removeCalendar(identifier: list.calendarIdentifier))
        XCTAssertEqual(try eventStore.store.database.scalar("SELECT count(*) FROM alarms")?.integer, 0)
    }

    func testCommitFailsCleanlyWhenTheListWentAway() throws {
        let list = try eventStore.saveCalendar(CalendarChanges(title: "Temp"))
        var inList = changes("orphan")
        inList.calendarIdentifier = .set(list.calendarIdentifier)
        _ = try eventStore.saveReminder(identifier: nil, changes: inList, commit: false)
        let other = try reopened()
        try other.removeCalendar(identifier: list.calendarIdentifier)
        XCTAssertThrowsError(try eventStore.commit()) { error in
            guard case .invalid(let validation)? = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertEqual(validation.reason, .noCalendar)
        }
    }

    func testFetchPlacesFloatingDatesInTheReadersZone() throws {
        // 09:00 floating on 1 December: 08:00Z for a reader in Berlin, 14:00Z for one in New York.
        _ = try eventStore.saveReminder(
            identifier: nil, changes: changes("floating", due: ItemDateComponents(year: 2026, month: 12, day: 1, hour: 9)), commit: true)
        let window = ReminderPredicate(
            kind: .incomplete, dueDateStarting: Timestamp(rfc3339: "2026-12-01T07:30:00Z"),
            dueDateEnding: Timestamp(rfc3339: "2026-12-01T08:30:00Z"))
        XCTAssertEqual(try eventStore.fetchReminders(matching: window, in: TimeZone(identifier: "Europe/Berlin")!).count, 1)
        XCTAssertEqual(try eventStore.fetchReminders(matching: window, in: TimeZone(identifier: "America/New_York")!).count, 0)
    }

    func testFetchCanBeAbandoned() throws {
        for index in 0..<5000 { _ = try eventStore.saveReminder(identifier: nil, changes: changes("r\(index)"), commit: false) }
        try eventStore.commit()
        XCTAssertThrowsError(try eventStore.fetchReminders(matching: ReminderPredicate(kind: .all), in: utc, shouldContinue: { false })) {
            XCTAssertEqual($0 as? StoreError, .cancelled)
        }
        XCTAssertEqual(try eventStore.fetchReminders(matching: ReminderPredicate(kind: .all), in: utc).count, 5000)
    }

    func testLastModifiedDatesStrictlyIncrease() throws {
        let frozen = EventStore(store: eventStore.store, clock: { Timestamp(milliseconds: 1_000) })
        var reminder = try frozen.saveReminder(identifier: nil, changes: changes("a"), commit: true)
        var stamps = [reminder.lastModifiedDate]
        for index in 0..<3 {
            reminder = try frozen.saveReminder(identifier: reminder.calendarItemIdentifier, changes: changes("a\(index)"), commit: true)
            stamps.append(reminder.lastModifiedDate)
        }
        XCTAssertEqual(stamps.map(\.milliseconds), [1000, 1001, 1002, 1003])
        XCTAssertEqual(try frozen.reminder(identifier: reminder.calendarItemIdentifier)?.lastModifiedDate.milliseconds, 1003)
    }
}
