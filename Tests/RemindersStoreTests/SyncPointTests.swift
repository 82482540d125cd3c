import Foundation
import RemindersCSQLite
import RemindersModel
import XCTest
@testable import RemindersStore

/// The history's point (the CalDAV face's sync token): the items changed in a calendar since a
/// point are told — none for a change elsewhere — and a point the pruned history no longer
/// reaches is said to be one, never answered with "nothing changed".
final class SyncPointTests: StoreTestCase {
    func testWhatChangedInACalendarSinceAPointIsTold() throws {
        let groceries = try eventStore.saveCalendar(CalendarChanges(title: "Groceries"))
        let start = try eventStore.read { store throws(StoreError) in try store.syncPoint() }
        var changes = ReminderChanges()
        changes.title = .set("Milk")
        changes.calendarIdentifier = .set(groceries.calendarIdentifier)
        let milk = try eventStore.saveReminder(identifier: nil, changes: changes, commit: true)
        var other = ReminderChanges()
        other.title = .set("Elsewhere")
        _ = try eventStore.saveReminder(identifier: nil, changes: other, commit: true)
        try eventStore.read { store throws(StoreError) in
            let now = try store.syncPoint()
            XCTAssertGreaterThan(now, start)
            XCTAssertEqual(try store.itemsChanged(inCalendar: groceries.calendarIdentifier, after: start), [milk.calendarItemIdentifier])
            XCTAssertEqual(try store.itemsChanged(inCalendar: groceries.calendarIdentifier, after: now), [])
        }
        let before = try eventStore.read { store throws(StoreError) in try store.syncPoint() }
        _ = try eventStore.saveReminder(identifier: nil, changes: other, commit: true)
        XCTAssertEqual(
            try eventStore.read { store throws(StoreError) in try store.itemsChanged(inCalendar: groceries.calendarIdentifier, after: before) }, [],
            "a change elsewhere is nothing here")

        // The history pruned past the start: what changed since then cannot be told.
        let newest = try eventStore.read { store throws(StoreError) in try store.syncPoint() }
        var raw: OpaquePointer?
        XCTAssertEqual(sqlite3_open(path, &raw), SQLITE_OK)
        XCTAssertEqual(sqlite3_exec(raw, "DELETE FROM changes WHERE id < \(newest)", nil, nil, nil), SQLITE_OK)
        sqlite3_close(raw)
        try eventStore.read { store throws(StoreError) in
            XCTAssertNil(try store.itemsChanged(inCalendar: groceries.calendarIdentifier, after: start))
            XCTAssertEqual(try store.syncPoint(), newest, "the point is the history's last change, kept by pruning")
            XCTAssertEqual(try store.itemsChanged(inCalendar: groceries.calendarIdentifier, after: newest - 1), [])
        }
    }
}
