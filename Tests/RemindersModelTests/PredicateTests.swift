import Foundation
import XCTest
@testable import RemindersModel

final class PredicateTests: XCTestCase {
    let utc = TimeZone(identifier: "UTC")!

    private func reminder(_ id: String, due: ItemDateComponents? = nil, completed: Timestamp? = nil, created: Int64 = 0, list: String = "L")
        -> Reminder
    {
        var reminder = Reminder(calendarItemIdentifier: id, calendarIdentifier: list, title: id, creationDate: Timestamp(milliseconds: created))
        reminder.dueDateComponents = due
        reminder.isCompleted = completed != nil
        reminder.completionDate = completed
        return reminder
    }

    func testKindsListsAndBounds() {
        let jan1 = ItemDateComponents(year: 2026, month: 1, day: 1)
        let start = Timestamp(rfc3339: "2026-01-01T00:00:00Z")!, end = Timestamp(rfc3339: "2026-01-02T00:00:00Z")!
        let due = reminder("due", due: jan1), undated = reminder("undated"), done = reminder("done", completed: start),
            other = reminder("other", list: "M")
        XCTAssertTrue(ReminderPredicate(kind: .all).matches(done, in: utc))
        XCTAssertFalse(ReminderPredicate(kind: .incomplete).matches(done, in: utc))
        XCTAssertFalse(ReminderPredicate(kind: .completed).matches(due, in: utc))
        XCTAssertFalse(ReminderPredicate(kind: .all, calendarIdentifiers: ["L"]).matches(other, in: utc))
        let bounded = ReminderPredicate(kind: .incomplete, dueDateStarting: start, dueDateEnding: end)
        XCTAssertTrue(bounded.matches(due, in: utc), "start is inclusive")
        XCTAssertFalse(bounded.matches(undated, in: utc), "a bound leaves undated reminders out")
        XCTAssertFalse(ReminderPredicate(kind: .incomplete, dueDateEnding: start).matches(due, in: utc), "end is exclusive")
        XCTAssertTrue(ReminderPredicate(kind: .completed, completionDateStarting: start).matches(done, in: utc))
        XCTAssertThrowsError(try ReminderPredicate(kind: .incomplete, completionDateStarting: start).validate())
        XCTAssertThrowsError(try ReminderPredicate(kind: .all, dueDateStarting: end, dueDateEnding: start).validate())
    }

    func testFetchOrder() {
        let early = reminder("b", due: ItemDateComponents(year: 2026, month: 1, day: 1), created: 5)
        let late = reminder("a", due: ItemDateComponents(year: 2026, month: 2, day: 1), created: 1)
        let undatedOld = reminder("d", created: 1), undatedNew = reminder("c", created: 2), tie = reminder("e", created: 1)
        let sorted = [undatedNew, late, undatedOld, early, tie].sorted { FetchPosition(of: $0, in: utc) < FetchPosition(of: $1, in: utc) }
        XCTAssertEqual(sorted.map(\.calendarItemIdentifier), ["b", "a", "d", "e", "c"])
    }
}
