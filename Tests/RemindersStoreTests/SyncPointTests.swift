import Foundation
import RemindersCSQLite
import RemindersModel
import XCTest
@testable import RemindersStore

/// A calendar's place in the history (the CalDAV face's sync token): it moves with a change in the
/// calendar and with nothing elsewhere, the items changed since a point are told, and a point the
/// pruned history no longer reaches is said to be one, never answered with "nothing changed".
final class SyncPointTests: StoreTestCase {
    func testAPointMovesWithItsCalendarAndTellsWhatChangedSince() throws {
        let groceries = try eventStore.saveCalendar(CalendarChanges(title: "Groceries"))
        let start = try eventStore.read { store throws(StoreError) in try store.syncPoint(ofCalendar: groceries.calendarIdentifier) }
        var changes = ReminderChanges()
        changes.title = .set("Milk")
        changes.calendarIdentifier = .set(groceries.calendarIdentifier)
        let milk = try eventStore.saveReminder(identifier: nil, changes: changes, commit: true)
        var other = ReminderChanges()
        other.title = .set("Elsewhere")
        _ = try eventStore.saveReminder(identifier: nil, changes: other, commit: true)
        try eventStore.read { store throws(StoreError) in
            let now = try store.syncPoint(ofCalendar: groceries.calendarIdentifier)
            XCTAssertGreaterThan(now, start)
            XCTAssertEqual(try store.itemsChanged(inCalendar: groceries.calendarIdentifier, after: start), [milk.calendarItemIdentifier])
            XCTAssertEqual(try store.itemsChanged(inCalendar: groceries.calendarIdentifier, after: now), [])
        }
        let before = try eventStore.read { store throws(StoreError) in try store.syncPoint(ofCalendar: groceries.calendarIdentifier) }
        _ = try eventStore.saveReminder(identifier: nil, changes: other, commit: true)
        XCTAssertEqual(
            try eventStore.read { store throws(StoreError) in try store.syncPoint(ofCalendar: groceries.calendarIdentifier) }, before,
            "a change elsewhere does not move it")

        // The history pruned past the start: what changed since then cannot be told.
        let newest = try eventStore.read { store throws(StoreError) in try store.newestChange() }
        var raw: OpaquePointer?
        XCTAssertEqual(sqlite3_open(path, &raw), SQLITE_OK)
        XCTAssertEqual(sqlite3_exec(raw, "DELETE FROM changes WHERE id < \(newest)", nil, nil, nil), SQLITE_OK)
        sqlite3_close(raw)
        try eventStore.read { store throws(StoreError) in
            XCTAssertNil(try store.itemsChanged(inCalendar: groceries.calendarIdentifier, after: start))
            let point = try store.syncPoint(ofCalendar: groceries.calendarIdentifier)
            XCTAssertEqual(point, newest - 1, "a quiet calendar's point is the oldest still known, so it can be answered")
            XCTAssertEqual(try store.itemsChanged(inCalendar: groceries.calendarIdentifier, after: point), [])
        }
    }
}
