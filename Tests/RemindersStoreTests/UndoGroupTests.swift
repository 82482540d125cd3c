import Foundation
import RemindersModel
import XCTest

@testable import RemindersStore

/// One undo per thing done (issue 54): what one commit wrote — completing a repeating reminder
/// (the completed copy and the series moved on), a move that carried subtasks, several saves
/// staged and committed together — is one undo group, undone whole by `undo {client}` and by the
/// identifier of any of its changes.
final class UndoGroupTests: StoreTestCase {
    private var store: CalendarStore { eventStore.store }

    override func setUpWithError() throws {
        try super.setUpWithError()
        store.author = ChangeAuthor(client: "tests", program: "/usr/bin/tests")
    }

    private func save(_ identifier: String?, _ edit: (inout ReminderChanges) throws -> Void, commit: Bool = true) throws -> Reminder {
        var changes = ReminderChanges()
        try edit(&changes)
        return try eventStore.saveReminder(identifier: identifier, changes: changes, commit: commit)
    }

    private func reminder(_ identifier: String) throws -> Reminder? {
        try store.read({ () throws(StoreError) in try store.reminder(identifier: identifier) })
    }

    private func allReminders() throws -> [Reminder] {
        try eventStore.fetchReminders(matching: ReminderPredicate(kind: .all), in: TimeZone(identifier: "UTC")!)
    }

    /// "bins out", every Monday, due Monday 07:00: completing it makes the completed copy and moves
    /// the series on a week; one undo brings back Monday's occurrence and takes the copy away.
    private func binDay() throws -> Reminder {
        try save(nil) {
            $0.title = .set("bins out")
            $0.dueDateComponents = .set(ItemDateComponents(year: 2026, month: 12, day: 7, hour: 7, minute: 0))
            $0.recurrenceRules = .set([try RecurrenceRule(rrule: "FREQ=WEEKLY;BYDAY=MO")])
        }
    }

    func testOneUndoBringsBackACompletedOccurrenceOfARepeatingReminder() throws {
        let bins = try binDay()
        let advanced = try save(bins.calendarItemIdentifier) { $0.isCompleted = .set(true) }
        XCTAssertEqual(advanced.dueDateComponents?.day, 14, "the series moved on a week")
        XCTAssertEqual(try allReminders().count, 2, "and the completed copy was made")

        let made = try store.write({ () throws(StoreError) in try store.undo(client: "tests", count: 1) })
        XCTAssertEqual(made.count, 2, "both changes of the completion undone")
        XCTAssertEqual(Set(made.map(\.undoGroup)).count, 1, "the undo is one group itself")
        let back = try XCTUnwrap(reminder(bins.calendarItemIdentifier))
        XCTAssertEqual(back.dueDateComponents, bins.dueDateComponents, "Monday's bin day is back")
        XCTAssertFalse(back.isCompleted)
        XCTAssertEqual(try allReminders().map(\.calendarItemIdentifier), [bins.calendarItemIdentifier], "no completed copy left")

        _ = try store.write({ () throws(StoreError) in try store.undo(client: "tests", count: 1) })
        XCTAssertNil(try reminder(bins.calendarItemIdentifier), "the next undo goes back past the completion, to the creation")
    }

    func testTheHistoryShowsTheCompletionAsOneGroupAndEitherChangeUndoesIt() throws {
        let bins = try binDay()
        _ = try save(bins.calendarItemIdentifier) { $0.isCompleted = .set(true) }
        let page = try store.read({ () throws(StoreError) in try store.changes(ChangesFilter(limit: 3)) }).changes
        XCTAssertEqual(page.count, 3)
        XCTAssertEqual(page[0].undoGroup, page[1].undoGroup, "the completion's two changes share a group")
        XCTAssertEqual(page[1].undoGroup, page[1].changeIdentifier, "named by the first")
        XCTAssertEqual(page[2].undoGroup, page[2].changeIdentifier, "the creation is a group of its own")

        _ = try store.write({ () throws(StoreError) in try store.undo(change: Int64(page[0].changeIdentifier)!) })
        XCTAssertEqual(try reminder(bins.calendarItemIdentifier)?.dueDateComponents?.day, 7)
        XCTAssertEqual(try allReminders().count, 1)
    }

    func testAMoveThatCarriedSubtasksIsOneUndo() throws {
        let home = try eventStore.saveCalendar(CalendarChanges(title: "Home"))
        let work = try eventStore.saveCalendar(CalendarChanges(title: "Work"))
        let trip = try save(nil) {
            $0.title = .set("Trip")
            $0.calendarIdentifier = .set(home.calendarIdentifier)
        }
        let passport = try save(nil) {
            $0.title = .set("Passport")
            $0.parentIdentifier = .set(trip.calendarItemIdentifier)
        }
        _ = try save(trip.calendarItemIdentifier) { $0.calendarIdentifier = .set(work.calendarIdentifier) }
        XCTAssertEqual(try reminder(passport.calendarItemIdentifier)?.calendarIdentifier, work.calendarIdentifier, "carried along")

        _ = try store.write({ () throws(StoreError) in try store.undo(client: "tests", count: 1) })
        XCTAssertEqual(try reminder(trip.calendarItemIdentifier)?.calendarIdentifier, home.calendarIdentifier)
        XCTAssertEqual(try reminder(passport.calendarItemIdentifier)?.calendarIdentifier, home.calendarIdentifier, "the subtask went back too")
    }

    /// EventKit's batch: saves staged with commit:false and committed once are one thing done.
    func testWhatOneCommitWroteIsOneUndo() throws {
        let tea = try save(nil, { $0.title = .set("Tea") }, commit: false)
        let milk = try save(nil, { $0.title = .set("Milk") }, commit: false)
        try eventStore.commit()
        let bread = try save(nil) { $0.title = .set("Bread") }
        _ = try store.write({ () throws(StoreError) in try store.undo(client: "tests", count: 1) })
        XCTAssertNil(try reminder(bread.calendarItemIdentifier))
        XCTAssertNotNil(try reminder(tea.calendarItemIdentifier), "the batch before is another thing done")
        _ = try store.write({ () throws(StoreError) in try store.undo(client: "tests", count: 1) })
        XCTAssertNil(try reminder(tea.calendarItemIdentifier))
        XCTAssertNil(try reminder(milk.calendarItemIdentifier))
    }

    /// A group is undone whole or not at all: when one of its items changed since, nothing is undone.
    func testAGroupWithAnItemChangedSinceIsNotUndoneAtAll() throws {
        let bins = try binDay()
        _ = try save(bins.calendarItemIdentifier) { $0.isCompleted = .set(true) }
        store.author = ChangeAuthor(client: "phone", program: "/usr/bin/phone")
        _ = try save(bins.calendarItemIdentifier) { $0.title = .set("bins and recycling out") }
        XCTAssertThrowsError(try store.write({ () throws(StoreError) in try store.undo(client: "tests", count: 1) }))
        XCTAssertEqual(try allReminders().count, 2, "the completed copy is still there")
        XCTAssertEqual(try reminder(bins.calendarItemIdentifier)?.dueDateComponents?.day, 14)
    }
}
