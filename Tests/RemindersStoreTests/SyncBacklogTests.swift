import Foundation
import RemindersModel
import XCTest
@testable import RemindersStore

/// What a sync would take to the server, as the always-on sync asks after each commit: a change
/// made here since the last sync began, and not its own writes.
final class SyncBacklogTests: StoreTestCase {
    var list: String!

    override func setUpWithError() throws {
        try super.setUpWithError()
        try eventStore.write({ store throws(StoreError) in
            try store.addAccount(SyncAccount(name: "home", url: "http://127.0.0.1:1/", timeout: 5), now: Timestamp(milliseconds: 0))
        })
        list = Identifiers.make()
        try eventStore.write({ store throws(StoreError) in
            try store.addSyncedCollection(
                SyncedCollection(calendarIdentifier: list, account: "home", href: "/alice/groceries/"),
                list: ItemCalendar(calendarIdentifier: list, title: "Groceries"), now: Timestamp(milliseconds: 0))
        })
    }

    private func add(_ title: String) throws -> Reminder {
        var changes = ReminderChanges()
        changes.title = .set(title)
        changes.calendarIdentifier = .set(list)
        return try eventStore.saveReminder(identifier: nil, changes: changes, commit: true)
    }

    private func backlog(since milliseconds: Int64) throws -> SyncBacklog {
        try eventStore.read({ store throws(StoreError) in try store.syncBacklog(changedSince: Timestamp(milliseconds: milliseconds)) })
    }

    func testANewReminderOfASyncedListIsWorkUntilItIsSynced() throws {
        XCTAssertEqual(try backlog(since: 0), SyncBacklog())
        let milk = try add("Buy milk")
        let changed = milk.lastModifiedDate.milliseconds
        XCTAssertTrue(try backlog(since: changed).changedSince)
        XCTAssertFalse(try backlog(since: changed + 1).changedSince, "changed before the last sync began: that sync's to take, or it skipped it")
        try eventStore.write({ store throws(StoreError) in
            try store.saveSyncedItem(
                SyncedItem(
                    href: "/alice/groceries/milk.ics", etag: "\"1\"", itemIdentifier: milk.calendarItemIdentifier,
                    kind: .reminder, syncedModified: milk.lastModifiedDate), calendar: list)
        })
        XCTAssertFalse(try backlog(since: 0).changedSince, "as synced: nothing to take")
        var changes = ReminderChanges()
        changes.title = .set("Buy oat milk")
        usleep(2_000)
        let renamed = try eventStore.saveReminder(identifier: milk.calendarItemIdentifier, changes: changes, commit: true)
        XCTAssertTrue(try backlog(since: renamed.lastModifiedDate.milliseconds).changedSince, "changed since it was synced")
    }

    func testADismissalMadeHereIsWorkUntilItIsShared() throws {
        var changes = ReminderChanges()
        changes.title = .set("Call")
        changes.calendarIdentifier = .set(list)
        changes.alarms = .set([AlarmDraft(alarmIdentifier: "A1", trigger: .absolute(Timestamp(milliseconds: 1_000)))])
        let call = try eventStore.saveReminder(identifier: nil, changes: changes, commit: true)
        try eventStore.write({ store throws(StoreError) in
            try store.saveSyncedItem(
                SyncedItem(
                    href: "/alice/groceries/call.ics", etag: "\"1\"", itemIdentifier: call.calendarItemIdentifier,
                    kind: .reminder, syncedModified: call.lastModifiedDate), calendar: list)
        })
        let dismissedAt = call.lastModifiedDate.advanced(by: 5_000)
        XCTAssertFalse(try backlog(since: dismissedAt.milliseconds).changedSince)
        // The agent firing it is no work (nothing the person did); dismissing it is.
        let delivery = AlarmDelivery(
            itemIdentifier: call.calendarItemIdentifier, alarmIdentifier: "A1", occurrence: 0,
            fireDate: Timestamp(milliseconds: 1_000), state: .firing, late: false)
        XCTAssertTrue(try eventStore.write({ store throws(StoreError) in try store.claim(delivery, now: dismissedAt) }))
        try eventStore.write({ store throws(StoreError) in try store.markDelivered(delivery, payload: "{}", now: dismissedAt) })
        XCTAssertFalse(try backlog(since: dismissedAt.milliseconds).changedSince, "delivered: nothing to share")
        try eventStore.write({ store throws(StoreError) in try store.acknowledge(delivery, now: dismissedAt) })
        XCTAssertTrue(try backlog(since: dismissedAt.milliseconds).changedSince)
        try eventStore.write({ store throws(StoreError) in
            try store.markAlarmStatesShared(reminder: call.calendarItemIdentifier, through: dismissedAt)
        })
        XCTAssertFalse(try backlog(since: dismissedAt.milliseconds).changedSince, "shared: nothing left")
    }

    func testARemovalAndACalendarToMakeAreCountedAgainstWhatTheLastSyncLeft() throws {
        let milk = try add("Buy milk")
        try eventStore.write({ store throws(StoreError) in
            try store.saveSyncedItem(
                SyncedItem(
                    href: "/alice/groceries/milk.ics", etag: "\"1\"", itemIdentifier: milk.calendarItemIdentifier,
                    kind: .reminder, syncedModified: milk.lastModifiedDate), calendar: list)
        })
        let left = try backlog(since: .max)
        try eventStore.removeReminder(identifier: milk.calendarItemIdentifier, commit: true)
        XCTAssertEqual(try backlog(since: .max).removed, 1)
        XCTAssertTrue(try backlog(since: .max).exceeds(left))
        XCTAssertFalse(try backlog(since: .max).exceeds(try backlog(since: .max)), "what a sync left is no new work")
        try eventStore.write({ store throws(StoreError) in
            try store.saveSyncedItem(
                SyncedItem(
                    href: "/alice/groceries/other.vevent.ics", etag: "\"1\"", itemIdentifier: nil,
                    kind: .ignored, syncedModified: nil), calendar: list)
        })
        XCTAssertEqual(try backlog(since: .max).removed, 1, "an item left alone is not a removal")
        let store = eventStore.store
        let source = try XCTUnwrap(
            try store.read { () throws(StoreError) in try store.sqlite { () throws(SQLiteError) in try store.accountSource("home") } })
        try store.write({ () throws(StoreError) in
            try store.insertCalendar(
                ItemCalendar(calendarIdentifier: Identifiers.make(), title: "Made here"), creationDate: Timestamp(milliseconds: 0), source: source)
        })
        XCTAssertEqual(try backlog(since: .max).calendarsToMake, 1, "a list made here in the account, to make on the server")
    }

    func testRemindersOfListsThatDoNotSyncAreNotWork() throws {
        var changes = ReminderChanges()
        changes.title = .set("Local only")
        _ = try eventStore.saveReminder(identifier: nil, changes: changes, commit: true)
        XCTAssertEqual(try backlog(since: 0), SyncBacklog())
    }
}
