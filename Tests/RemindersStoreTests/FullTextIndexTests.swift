import Foundation
import RemindersModel
import XCTest
@testable import RemindersStore

/// The full-text index follows every way a reminder's words change: saves, edits, removals, and the
/// cascades (a removed list, a removed parent) that no Swift code sees row by row.
final class FullTextIndexTests: StoreTestCase {

    private func found(_ words: String) throws -> [String] {
        try eventStore.fetchReminders(matching: ReminderPredicate(kind: .all, matching: words), in: utc).map(\.title).sorted()
    }

    /// FTS5's own check that the index holds exactly the words of the rows (rank 1: against the content table).
    private func assertIndexMatchesRows(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNoThrow(
            try eventStore.store.database.run("INSERT INTO reminders_fts (reminders_fts, rank) VALUES ('integrity-check', 1)"),
            file: file, line: line)
    }

    private func save(
        _ title: String, notes: String? = nil, in list: String? = nil, parent: String? = nil,
        commit: Bool = true
    ) throws -> Reminder {
        var changes = ReminderChanges()
        changes.title = .set(title)
        if let notes { changes.notes = .set(notes) }
        if let list { changes.calendarIdentifier = .set(list) }
        if let parent { changes.parentIdentifier = .set(parent) }
        return try eventStore.saveReminder(identifier: nil, changes: changes, commit: commit)
    }

    func testSavesAndEditsAreFound() throws {
        let milk = try save("Buy milk", notes: "semi-skimmed")
        XCTAssertEqual(try found("milk"), ["Buy milk"])
        XCTAssertEqual(try found("skimmed"), ["Buy milk"])
        var edit = ReminderChanges()
        edit.title = .set("Buy bread")
        edit.notes = .clear
        _ = try eventStore.saveReminder(identifier: milk.calendarItemIdentifier, changes: edit, commit: true)
        XCTAssertEqual(try found("milk"), [])
        XCTAssertEqual(try found("skimmed"), [])
        XCTAssertEqual(try found("bread"), ["Buy bread"])
        // An edit that leaves the words alone leaves the index alone.
        var priority = ReminderChanges()
        priority.priority = .set(1)
        _ = try eventStore.saveReminder(identifier: milk.calendarItemIdentifier, changes: priority, commit: true)
        XCTAssertEqual(try found("bread"), ["Buy bread"])
        try eventStore.removeReminder(identifier: milk.calendarItemIdentifier, commit: true)
        XCTAssertEqual(try found("bread"), [])
        assertIndexMatchesRows()
    }

    func testOneCommitOfManyStagedSaves() throws {
        for number in 0..<500 { _ = try save("Task \(number) milk", commit: false) }
        let first = try save("Edited twice", commit: false)
        var edit = ReminderChanges()
        edit.title = .set("Edited thrice")
        _ = try eventStore.saveReminder(identifier: first.calendarItemIdentifier, changes: edit, commit: false)
        try eventStore.commit()
        XCTAssertEqual(try found("milk").count, 500)
        XCTAssertEqual(try found("thrice"), ["Edited thrice"])
        XCTAssertEqual(try found("twice"), [])
        assertIndexMatchesRows()
    }

    func testCascadesTakeTheirWordsWithThem() throws {
        let list = try eventStore.saveCalendar(CalendarChanges(title: "Errands"))
        _ = try save("Post parcel", in: list.calendarIdentifier)
        let parent = try save("Plan trip")
        _ = try save("Book train", parent: parent.calendarItemIdentifier)
        try eventStore.removeCalendar(identifier: list.calendarIdentifier)
        XCTAssertEqual(try found("parcel"), [])
        try eventStore.removeReminder(identifier: parent.calendarItemIdentifier, commit: true)
        XCTAssertEqual(try found("train"), [])
        assertIndexMatchesRows()
    }

    func testAFailedCommitLeavesTheIndexAsTheRows() throws {
        _ = try save("Kept milk")
        let list = try eventStore.saveCalendar(CalendarChanges(title: "Gone"))
        _ = try save("Staged milk", commit: false)
        _ = try save("Orphan milk", in: list.calendarIdentifier, commit: false)
        try reopened().removeCalendar(identifier: list.calendarIdentifier)
        XCTAssertThrowsError(try eventStore.commit())
        XCTAssertEqual(try found("milk"), ["Kept milk"])
        assertIndexMatchesRows()
    }
}

/// The index is written when the transaction commits; inside one (a group commit), searches and
/// deletes still see it as the rows are.
final class FullTextIndexInTransactionTests: StoreTestCase {

    private func found(_ words: String) throws(StoreError) -> [String] {
        try eventStore.fetchReminders(matching: ReminderPredicate(kind: .all, matching: words), in: utc).map(\.title).sorted()
    }

    private func save(_ title: String, in list: String? = nil) throws(StoreError) -> Reminder {
        var changes = ReminderChanges()
        changes.title = .set(title)
        if let list { changes.calendarIdentifier = .set(list) }
        return try eventStore.saveReminder(identifier: nil, changes: changes, commit: true)
    }

    private func assertIndexMatchesRows(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNoThrow(
            try eventStore.store.database.run("INSERT INTO reminders_fts (reminders_fts, rank) VALUES ('integrity-check', 1)"),
            file: file, line: line)
    }

    func testASearchInTheGroupFindsItsSaves() throws {
        let titles = try eventStore.store.write { () throws(StoreError) in
            _ = try self.save("Buy milk")
            return try self.found("milk")
        }
        XCTAssertEqual(titles, ["Buy milk"])
        assertIndexMatchesRows()
    }

    func testSavedAndRemovedInOneTransaction() throws {
        let list = try eventStore.saveCalendar(CalendarChanges(title: "Errands"))
        try eventStore.store.write { () throws(StoreError) in
            let milk = try self.save("Buy milk")
            try self.eventStore.removeReminder(identifier: milk.calendarItemIdentifier, commit: true)
            _ = try self.save("Post parcel", in: list.calendarIdentifier)
            try self.eventStore.removeCalendar(identifier: list.calendarIdentifier)
            _ = try self.save("Buy bread")
        }
        XCTAssertEqual(try found("milk"), [])
        XCTAssertEqual(try found("parcel"), [])
        XCTAssertEqual(try found("bread"), ["Buy bread"])
        assertIndexMatchesRows()
    }

    func testAnUndoneSaveAfterASearchLeavesTheOthersIndexed() throws {
        var seenBeforeTheUndo: [String] = []
        try eventStore.store.write { () throws(StoreError) in
            _ = try self.save("Kept milk")
            _ = try? self.eventStore.store.write { () throws(StoreError) in
                _ = try self.save("Undone milk")
                seenBeforeTheUndo = try self.found("milk")
                throw StoreError.cancelled
            }
            _ = try self.save("Later milk")
        }
        XCTAssertEqual(seenBeforeTheUndo, ["Kept milk", "Undone milk"])
        XCTAssertEqual(try found("milk"), ["Kept milk", "Later milk"])
        assertIndexMatchesRows()
    }
}
