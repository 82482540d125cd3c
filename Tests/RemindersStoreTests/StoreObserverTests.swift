import Foundation
import RemindersCSQLite
import RemindersModel
import XCTest
@testable import RemindersStore

/// The read-only connection the watchers look through (issue 53): a read that fails throws the
/// store's error instead of answering "nothing changed", "no one", or change 0.
final class StoreObserverTests: StoreTestCase {
    func testAReadThatFailsThrowsInsteadOfAnswering() throws {
        _ = try eventStore.saveCalendar(CalendarChanges(title: "Work"))
        let observer = try StoreObserver(path: path)
        XCTAssertGreaterThan(try observer.newestChange(), 0)
        XCTAssertEqual(try observer.authorizationStatus(client: "nobody", program: "/usr/bin/nobody", entityType: .reminder), .notDetermined)
        // A table gone from under it (a damaged store): every read says so.
        var raw: OpaquePointer?
        XCTAssertEqual(sqlite3_open(path, &raw), SQLITE_OK)
        XCTAssertEqual(sqlite3_exec(raw, "DROP TABLE changes; DROP TABLE authorization_scopes;", nil, nil, nil), SQLITE_OK)
        sqlite3_close(raw)
        XCTAssertThrowsError(try observer.newestChange(), "before: 0, as for an empty history")
        XCTAssertThrowsError(try observer.changes(after: 0, heardBy: [.reminder], within: [:]))
        XCTAssertThrowsError(try observer.changedCalendars(after: 0))
        XCTAssertThrowsError(try observer.scopes(client: "nobody", program: "/usr/bin/nobody"), "before: [:], as for a grant of every list")
    }

    /// A poll asks `data_version` outside any transaction (one statement, not three): it still sees
    /// each commit of another connection once, and none of its own reads.
    func testHasChangedSeesEachCommitOnceAndNotItsOwnReads() throws {
        let observer = try StoreObserver(path: path)
        XCTAssertFalse(try observer.hasChanged())
        _ = try eventStore.saveCalendar(CalendarChanges(title: "Work"))
        XCTAssertTrue(try observer.hasChanged())
        XCTAssertFalse(try observer.hasChanged())
        _ = try observer.newestChange()
        XCTAssertFalse(try observer.hasChanged())
        _ = try eventStore.saveCalendar(CalendarChanges(title: "Home"))
        _ = try eventStore.saveCalendar(CalendarChanges(title: "Garden"))
        XCTAssertTrue(try observer.hasChanged())
        XCTAssertFalse(try observer.hasChanged())
    }
}
