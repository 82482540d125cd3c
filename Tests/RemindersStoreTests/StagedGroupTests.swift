import Foundation
import RemindersModel
import XCTest
@testable import RemindersStore

/// Reminders and events staged in one log: a commit inside a group (`durably`) writes them into
/// the group's transaction, and they leave the log only once it is durable — a group that fails
/// after its commit leaves them staged (a staged event was lost so, when only reminders were put
/// back), and what the failed group itself staged is gone with it.
final class StagedGroupTests: StoreTestCase {
    override var storeTimeZone: TimeZone { utc }

    private func reminder(_ title: String, commit: Bool) throws(StoreError) -> Reminder {
        var changes = ReminderChanges()
        changes.title = .set(title)
        return try eventStore.saveReminder(identifier: nil, changes: changes, commit: commit)
    }

    private func event(_ title: String, commit: Bool) throws(StoreError) -> Event {
        var changes = EventChanges()
        changes.title = .set(title)
        changes.startDate = .set(Timestamp(milliseconds: 1_799_053_200_000))
        changes.endDate = .set(Timestamp(milliseconds: 1_799_056_800_000))
        return try eventStore.saveEvent(identifier: nil, occurrenceDate: nil, span: nil, changes: changes, lastModifiedDate: nil, commit: commit)
            .event
    }

    /// What another client sees: the committed titles, reminders and events.
    private func committed() throws -> [String] {
        let other = try reopened()
        let reminders = try other.fetchReminders(matching: ReminderPredicate(kind: .all), in: utc).map(\.title)
        let events = try other.fetchEvents(
            from: Timestamp(rfc3339: "2027-01-01T00:00:00Z")!, to: Timestamp(rfc3339: "2027-02-01T00:00:00Z")!,
            calendars: nil
        ).occurrences.map(\.event.title)
        return (reminders + events).sorted()
    }

    func testAGroupThatFailsAfterItsCommitLeavesEverythingStagedAsItWas() throws {
        let tea = try reminder("Tea", commit: false)
        let standup = try event("Standup", commit: false)
        var inTheGroup: Reminder?
        let outcome = eventStore.durably { () throws(StoreError) in
            try eventStore.commit()
            XCTAssertFalse(eventStore.hasUncommittedChanges, "written into the group's transaction")
            inTheGroup = try reminder("Staged in the failing group", commit: false)
            throw StoreError.unavailable("the disk holding the store is full")
        }
        guard case .rolledBack(.unavailable) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(try committed(), [], "nothing is durable")
        XCTAssertTrue(eventStore.hasUncommittedChanges)
        XCTAssertEqual(try eventStore.reminder(identifier: tea.calendarItemIdentifier)?.title, "Tea", "staged still")
        XCTAssertEqual(try eventStore.event(identifier: standup.eventIdentifier, occurrenceDate: nil)?.event.title, "Standup", "staged still")
        XCTAssertNil(
            try eventStore.reminder(identifier: try XCTUnwrap(inTheGroup).calendarItemIdentifier),
            "what the failed group staged went with it: its request was answered with the failure")
        try eventStore.commit()
        XCTAssertEqual(try committed(), ["Standup", "Tea"])
        XCTAssertFalse(eventStore.hasUncommittedChanges)
    }

    func testAGroupThatCommitsLeavesWhatItStagedAfterItsCommitStaged() throws {
        _ = try event("Written", commit: false)
        let outcome = eventStore.durably { () throws(StoreError) in
            _ = try reminder("Committed with it", commit: true)
            _ = try event("Staged after the commit", commit: false)
        }
        guard case .committed = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(try committed(), ["Committed with it", "Written"])
        XCTAssertTrue(eventStore.stagesOnlyEvents)
        try eventStore.commit()
        XCTAssertEqual(try committed(), ["Committed with it", "Staged after the commit", "Written"])
    }

    /// Outside a group, a commit is a group of its own.
    func testACommitOnItsOwnIsDurableAndAFailedOneKeepsWhatWasStaged() throws {
        let tea = try reminder("Tea", commit: false)
        _ = try event("Standup", commit: false)
        try eventStore.store.database.execute("PRAGMA query_only = 1")
        XCTAssertThrowsError(try eventStore.commit())
        try eventStore.store.database.execute("PRAGMA query_only = 0")
        XCTAssertEqual(try eventStore.reminder(identifier: tea.calendarItemIdentifier)?.title, "Tea")
        try eventStore.commit()
        XCTAssertEqual(try committed(), ["Standup", "Tea"])
    }
}
