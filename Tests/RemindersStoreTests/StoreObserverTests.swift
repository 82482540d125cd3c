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
}
