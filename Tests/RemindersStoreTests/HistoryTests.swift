import Foundation
import RemindersModel
import XCTest
@testable import RemindersStore

/// The history and the trash (issue 38): every change recorded with who made it and what the item
/// was, undone — and refused, changing nothing, when the item changed since; removed reminders and
/// lists restored with their identifiers, alarms, subtasks and sync state.
final class HistoryTests: StoreTestCase {
    private var store: CalendarStore { eventStore.store }

    override func setUpWithError() throws {
        try super.setUpWithError()
        store.author = ChangeAuthor(client: "tests", program: "/usr/bin/tests")
    }

    private func add(_ title: String, in list: String? = nil, parent: String? = nil, alarm: Bool = false) throws -> Reminder {
        var changes = ReminderChanges()
        changes.title = .set(title)
        if let list { changes.calendarIdentifier = .set(list) }
        if let parent { changes.parentIdentifier = .set(parent) }
        if alarm {
            changes.dueDateComponents = .set(ItemDateComponents(year: 2031, month: 2, day: 3, hour: 17, minute: 0))
            changes.alarms = .set([AlarmDraft(alarmIdentifier: "A1", trigger: .relative(offset: -600))])
        }
        return try eventStore.saveReminder(identifier: nil, changes: changes, commit: true)
    }

    private func rename(_ reminder: Reminder, _ title: String) throws -> Reminder {
        var changes = ReminderChanges()
        changes.title = .set(title)
        return try eventStore.saveReminder(identifier: reminder.calendarItemIdentifier, changes: changes, commit: true)
    }

    private func newest() throws -> ItemChange {
        try XCTUnwrap(store.read({ () throws(StoreError) in try store.changes(ChangesFilter(limit: 1)) }).changes.first)
    }

    private func undoNewest() throws -> [ItemChange] {
        let newestChange = Int64(try newest().changeIdentifier)!
        return try store.write({ () throws(StoreError) in try store.undo(change: newestChange) })
    }

    func testEachChangeIsRecordedWithItsAuthorAndWhatItWas() throws {
        let tea = try add("Tea")
        _ = try rename(tea, "Green tea")
        var done = ReminderChanges()
        done.isCompleted = .set(true)
        _ = try eventStore.saveReminder(identifier: tea.calendarItemIdentifier, changes: done, commit: true)
        let page = try store.read({ () throws(StoreError) in try store.changes(ChangesFilter(itemIdentifier: tea.calendarItemIdentifier)) })
        XCTAssertEqual(page.changes.map(\.action), [.completed, .changed, .created])
        XCTAssertEqual(page.changes.map(\.client), ["tests", "tests", "tests"])
        XCTAssertEqual(page.changes.first?.program, "/usr/bin/tests")
        guard case .reminder(let before)? = page.changes[1].before else { return XCTFail("no copy of what it was") }
        XCTAssertEqual(before.title, "Tea")
        XCTAssertNil(page.changes[2].before, "a creation has no before")
    }

    /// The history's time is the store's clock (issue 53: it read the wall clock whatever the
    /// clock a test gave), and so is an undo's new version.
    func testTheHistoryRecordsTheTimeOfTheClockItWasGiven() throws {
        let then = Timestamp(milliseconds: 1_900_000_000_000)
        let clocked = EventStore(store: try CalendarStore(path: path), timeZone: utc, clock: { then })
        var changes = ReminderChanges()
        changes.title = .set("Tea")
        let tea = try clocked.saveReminder(identifier: nil, changes: changes, commit: true)
        let made = try XCTUnwrap(clocked.store.changes(ChangesFilter(itemIdentifier: tea.calendarItemIdentifier)).changes.first)
        XCTAssertEqual(made.date, then)
        _ = try clocked.store.write { () throws(StoreError) in try clocked.store.undo(change: Int64(made.changeIdentifier)!) }
        let undone = try XCTUnwrap(clocked.store.changes(ChangesFilter(limit: 1)).changes.first)
        XCTAssertNotNil(undone.undoes)
        XCTAssertEqual(undone.date, then, "the undo's change too")
    }

    func testUndoingAnEditPutsBackWhatItWasAndCanItselfBeUndone() throws {
        let tea = try add("Tea")
        _ = try rename(tea, "Coffee")
        let undone = try undoNewest()
        XCTAssertEqual(undone.count, 1)
        XCTAssertNotNil(undone.first?.undoes)
        XCTAssertEqual(try store.read({ () throws(StoreError) in try store.reminder(identifier: tea.calendarItemIdentifier) })?.title, "Tea")
        _ = try undoNewest()
        XCTAssertEqual(
            try store.read({ () throws(StoreError) in try store.reminder(identifier: tea.calendarItemIdentifier) })?.title, "Coffee",
            "the undo undone")
    }

    func testAnUndoRefusesWhenTheItemChangedSinceNamingTheFields() throws {
        let tea = try add("Tea")
        let renamed = try rename(tea, "Coffee")
        let change = try newest()
        _ = try rename(renamed, "Cocoa")
        XCTAssertThrowsError(try store.write({ () throws(StoreError) in try store.undo(change: Int64(change.changeIdentifier)!) })) { error in
            guard case StoreError.changedSince(_, let identifier, let fields, _)? = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertEqual(identifier, tea.calendarItemIdentifier)
            XCTAssertEqual(fields, ["title"])
        }
        XCTAssertEqual(
            try store.read({ () throws(StoreError) in try store.reminder(identifier: tea.calendarItemIdentifier) })?.title, "Cocoa", "nothing changed"
        )
    }

    func testUndoingTheLastChangesOfAClientWalksBack() throws {
        let tea = try add("Tea")
        _ = try rename(tea, "Coffee")
        _ = try rename(try XCTUnwrap(store.read({ () throws(StoreError) in try store.reminder(identifier: tea.calendarItemIdentifier) })), "Cocoa")
        _ = try store.write({ () throws(StoreError) in try store.undo(client: "tests", count: 1) })
        XCTAssertEqual(try store.read({ () throws(StoreError) in try store.reminder(identifier: tea.calendarItemIdentifier) })?.title, "Coffee")
        _ = try store.write({ () throws(StoreError) in try store.undo(client: "tests", count: 1) })
        XCTAssertEqual(
            try store.read({ () throws(StoreError) in try store.reminder(identifier: tea.calendarItemIdentifier) })?.title, "Tea",
            "the next undo goes further back, not undoing the undo")
        _ = try store.write({ () throws(StoreError) in try store.undo(client: "tests", count: 1) })
        XCTAssertNil(
            try store.read({ () throws(StoreError) in try store.reminder(identifier: tea.calendarItemIdentifier) }), "undoing its creation removes it"
        )
        XCTAssertEqual(
            try store.read({ () throws(StoreError) in try store.trash(limit: 10) }).changes.map(\.itemIdentifier), [tea.calendarItemIdentifier],
            "to the trash")
    }

    func testARemovedReminderComesBackWithItsIdentifierAlarmsAndSubtasks() throws {
        let trip = try add("Trip", alarm: true)
        let passport = try add("Passport", parent: trip.calendarItemIdentifier)
        try eventStore.removeReminder(identifier: trip.calendarItemIdentifier, commit: true)
        XCTAssertNil(try store.read({ () throws(StoreError) in try store.reminder(identifier: passport.calendarItemIdentifier) }))
        let trash = try store.read({ () throws(StoreError) in try store.trash(limit: 10) }).changes
        XCTAssertEqual(trash.map(\.title), ["Trip"], "the subtask is in its parent's entry")
        let removal = try XCTUnwrap(store.read({ () throws(StoreError) in try store.lastRemoval(of: trip.calendarItemIdentifier) }))
        let made = try store.write({ () throws(StoreError) in try store.undo(change: removal) })
        XCTAssertEqual(made.map(\.action), [.restored])
        let back = try XCTUnwrap(store.read({ () throws(StoreError) in try store.reminder(identifier: trip.calendarItemIdentifier) }))
        XCTAssertEqual(back.alarms, trip.alarms)
        XCTAssertEqual(back.dueDateComponents, trip.dueDateComponents)
        XCTAssertEqual(
            try store.read({ () throws(StoreError) in try store.reminder(identifier: passport.calendarItemIdentifier) })?.parentIdentifier,
            trip.calendarItemIdentifier)
        XCTAssertEqual(try store.read({ () throws(StoreError) in try store.trash(limit: 10) }).changes, [])
        XCTAssertThrowsError(try store.write({ () throws(StoreError) in try store.undo(change: removal) }), "nothing left to restore")
    }

    func testARemovedListComesBackWithItsRemindersAndADeletionOfTheListItWasIn() throws {
        let work = try eventStore.saveCalendar(CalendarChanges(title: "Work"))
        let report = try add("Report", in: work.calendarIdentifier)
        try eventStore.removeCalendar(identifier: work.calendarIdentifier)
        let entry = try XCTUnwrap(store.read({ () throws(StoreError) in try store.trash(limit: 10) }).changes.first)
        XCTAssertEqual(entry.kind, .list)
        XCTAssertEqual(entry.title, "Work")
        _ = try store.write({ () throws(StoreError) in try store.undo(change: Int64(entry.changeIdentifier)!) })
        XCTAssertEqual(try store.read({ () throws(StoreError) in try store.calendar(identifier: work.calendarIdentifier) })?.title, "Work")
        XCTAssertEqual(
            try store.read({ () throws(StoreError) in try store.reminder(identifier: report.calendarItemIdentifier) })?.calendarIdentifier,
            work.calendarIdentifier)
    }

    func testARemindersListMustBeThereToRestoreIt() throws {
        let work = try eventStore.saveCalendar(CalendarChanges(title: "Work"))
        let report = try add("Report", in: work.calendarIdentifier)
        try eventStore.removeReminder(identifier: report.calendarItemIdentifier, commit: true)
        let removal = try XCTUnwrap(store.read({ () throws(StoreError) in try store.lastRemoval(of: report.calendarItemIdentifier) }))
        try eventStore.removeCalendar(identifier: work.calendarIdentifier)
        XCTAssertThrowsError(try store.write({ () throws(StoreError) in try store.undo(change: removal) })) { error in
            guard case StoreError.invalid(let validation)? = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertTrue(validation.description.contains("no longer exists"), validation.description)
        }
    }

    func testAWriteOnlyClientUndoesOnlyItsOwn() throws {
        let tea = try add("Tea")
        let created = try newest()
        store.author = ChangeAuthor(client: "script", program: "/usr/bin/python3")
        XCTAssertThrowsError(
            try store.write({ () throws(StoreError) in
                try store.undo(change: Int64(created.changeIdentifier)!, onlyBy: ChangeAuthor(client: "script", program: "/usr/bin/script"))
            }))
        XCTAssertNotNil(try store.read({ () throws(StoreError) in try store.reminder(identifier: tea.calendarItemIdentifier) }))
    }

    func testAChangeOlderThanTheHistoryKeepsIsRefusedSo() throws {
        let tea = try add("Tea")
        let created = try newest()
        for n in 0..<3 {
            _ = try rename(
                try XCTUnwrap(store.read({ () throws(StoreError) in try store.reminder(identifier: tea.calendarItemIdentifier) })), "Tea \(n)")
        }
        try store.write({ () throws(StoreError) in try store.setHistoryRetention(HistoryRetention(days: 30, changes: 2)) })
        XCTAssertEqual(try store.read({ () throws(StoreError) in try store.changes(ChangesFilter()) }).changes.count, 2)
        XCTAssertThrowsError(try store.write({ () throws(StoreError) in try store.undo(change: Int64(created.changeIdentifier)!) })) { error in
            XCTAssertTrue("\(error)".contains("older than the history keeps"), "\(error)")
        }
    }

    /// "Milk" in a list synced with account "home", as a sync left them.
    private func syncedMilk() throws -> (list: String, milk: Reminder) {
        try store.write({ () throws(StoreError) in
            try store.addAccount(SyncAccount(name: "home", url: "http://127.0.0.1:1/", timeout: 5), now: Timestamp(milliseconds: 0))
        })
        let list = Identifiers.make()
        try store.write({ () throws(StoreError) in
            try store.addSyncedCollection(
                SyncedCollection(calendarIdentifier: list, account: "home", href: "/alice/groceries/", syncToken: "t1"),
                list: ItemCalendar(calendarIdentifier: list, title: "Groceries"), now: Timestamp(milliseconds: 0))
        })
        let milk = try add("Milk", in: list)
        try store.write({ () throws(StoreError) in
            try store.saveSyncedItem(
                SyncedItem(
                    href: "/alice/groceries/milk.ics", etag: "\"1\"", itemIdentifier: milk.calendarItemIdentifier, kind: .reminder,
                    syncedModified: milk.lastModifiedDate), calendar: list)
        })
        return (list, milk)
    }

    func testSyncedReminderRemovedHereGetsItsLinkBackUntilTheSyncSentTheRemoval() throws {
        let (list, milk) = try syncedMilk()
        try eventStore.removeReminder(identifier: milk.calendarItemIdentifier, commit: true)
        XCTAssertNil(try store.read({ () throws(StoreError) in try store.syncedItems(calendar: list) }).first?.itemIdentifier, "a tombstone")
        let milkRemoval = try XCTUnwrap(store.read({ () throws(StoreError) in try store.lastRemoval(of: milk.calendarItemIdentifier) }))
        _ = try store.write({ () throws(StoreError) in try store.undo(change: milkRemoval) })
        XCTAssertEqual(
            try store.read({ () throws(StoreError) in try store.syncedItems(calendar: list) }).first?.itemIdentifier, milk.calendarItemIdentifier,
            "linked again")
        XCTAssertEqual(try store.read({ () throws(StoreError) in try store.syncedItems(calendar: list) }).first?.href, "/alice/groceries/milk.ics")
    }

    func testASyncedListRemovedHereComesBackWithItsCollectionOrToBeMadeAgain() throws {
        let (list, milk) = try syncedMilk()
        try eventStore.removeCalendar(identifier: list)
        XCTAssertEqual(try store.write({ () throws(StoreError) in try store.removedCollections(account: "home") }).map(\.href), ["/alice/groceries/"])
        let removal = try XCTUnwrap(store.read({ () throws(StoreError) in try store.lastRemoval(of: list) }))
        let restored = try store.write({ () throws(StoreError) in try store.undo(change: removal) })
        XCTAssertEqual(restored.map(\.kind), [.list], "its reminders are parts of it")
        XCTAssertEqual(try store.write({ () throws(StoreError) in try store.removedCollections(account: "home") }), [], "the removal is not sent")
        XCTAssertEqual(try store.read({ () throws(StoreError) in try store.syncedCollections(account: "home") }).first?.href, "/alice/groceries/")
        XCTAssertEqual(
            try store.read({ () throws(StoreError) in try store.syncedItems(calendar: list) }).first?.itemIdentifier, milk.calendarItemIdentifier)

        // Removed again, and the removal sent (the sync forgets the tombstone): made anew.
        let restoring = Int64(try XCTUnwrap(restored.first).changeIdentifier)!
        _ = try store.write({ () throws(StoreError) in try store.undo(change: restoring) })
        try store.write({ () throws(StoreError) in try store.forgetRemovedCollection(href: "/alice/groceries/", account: "home") })
        let listRemoval = try XCTUnwrap(store.read({ () throws(StoreError) in try store.lastRemoval(of: list) }))
        _ = try store.write({ () throws(StoreError) in try store.undo(change: listRemoval) })
        XCTAssertEqual(
            try store.read({ () throws(StoreError) in try store.syncedCollections(account: "home") }).map(\.href), [nil],
            "to be made by the next sync")
        XCTAssertEqual(try store.read({ () throws(StoreError) in try store.syncedItems(calendar: list) }), [], "and every reminder sent as new")
        XCTAssertEqual(
            try store.read({ () throws(StoreError) in try store.reminder(identifier: milk.calendarItemIdentifier) })?.calendarIdentifier, list)
    }

    func testChangesArePagedNewestFirst() throws {
        for n in 0..<5 { _ = try add("R\(n)") }
        let first = try store.read({ () throws(StoreError) in try store.changes(ChangesFilter(limit: 3)) })
        XCTAssertEqual(first.changes.map(\.title), ["R4", "R3", "R2"])
        let cursor = Int64(try XCTUnwrap(first.nextCursor))
        let second = try store.read({ () throws(StoreError) in try store.changes(ChangesFilter(before: cursor, limit: 3)) })
        XCTAssertEqual(second.changes.prefix(2).map(\.title), ["R1", "R0"])
    }
}
