import Foundation
import RemindersModel
import XCTest

@testable import RemindersStore

/// The transaction has one owner: the tables are reached only inside `read { }` / `write { }`
/// (outside this module, only through `EventStore`'s), so no sequence of reads straddles another
/// program's commit and no write lands on its own.
final class TransactionOwnerTests: StoreTestCase {
    func testATableReachedOutsideATransactionIsRefusedNamingTheMethod() throws {
        let store = eventStore.store
        XCTAssertThrowsError(try store.calendars(for: .reminder)) { error in
            guard case .database(let cause) = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertEqual(cause.message, "CalendarStore.calendars(for:) ran outside read { } / write { }")
        }
        XCTAssertEqual(try eventStore.read { store throws(StoreError) in try store.calendars(for: .reminder) }.count, 1)
        XCTAssertEqual(try eventStore.write { store throws(StoreError) in try store.calendars(for: .event) }.count, 1)
    }

    func testAReadSeesOneMomentEvenWhileAnotherConnectionCommits() throws {
        let other = try reopened()
        var milk = ReminderChanges()
        milk.title = .set("Milk")
        let titles = try eventStore.read { store throws(StoreError) -> [[String]] in
            let before = try store.reminders(matching: ReminderPredicate(kind: .all), in: utc).map(\.title)
            _ = try? other.saveReminder(identifier: nil, changes: milk, commit: true)
            let after = try store.reminders(matching: ReminderPredicate(kind: .all), in: utc).map(\.title)
            return [before, after]
        }
        XCTAssertEqual(titles, [[], []], "the snapshot the read began with")
        XCTAssertEqual(try eventStore.fetchReminders(matching: ReminderPredicate(kind: .all), in: utc).map(\.title), ["Milk"])
    }
}
