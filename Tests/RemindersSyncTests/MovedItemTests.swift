import RemindersCalDAV
import Foundation
import RemindersICalendarFormat
import RemindersICalendar
import RemindersModel
import RemindersStore
import XCTest
@testable import RemindersSync

/// What the random histories found, each as the test that would have caught it: items moved to
/// another list here while the server changed or removed them there.
final class MovedItemTests: XCTestCase {
    var path: String!
    var eventStore: EventStore!
    var lists: [String] = []
    let collections = [MemoryCollection(href: "/one/"), MemoryCollection(href: "/two/")]

    override func setUpWithError() throws {
        path = NSTemporaryDirectory() + "moved-items-" + UUID().uuidString + "/s.sqlite"
        eventStore = try EventStore(path: path, timeZone: TimeZone(identifier: "UTC")!)
        try eventStore.write({ store throws(StoreError) in
            try store.addAccount(SyncAccount(name: "home", url: "http://127.0.0.1:1/", timeout: 5), now: Timestamp.now())
        })
        lists = []
        for collection in collections {
            let list = Identifiers.make()
            try eventStore.write({ store throws(StoreError) in
                try store.addSyncedCollection(
                    SyncedCollection(calendarIdentifier: list, account: "home", href: collection.href),
                    list: ItemCalendar(calendarIdentifier: list, title: collection.href), now: Timestamp.now())
            })
            lists.append(list)
        }
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }

    @discardableResult
    private func sync(_ index: Int, forceDelete: Bool = false) throws -> ListReport {
        let synced = try XCTUnwrap(
            eventStore.read({ store throws(StoreError) in try store.syncedCollections(account: "home") }).first {
                $0.calendarIdentifier == lists[index]
            })
        var options = SyncOptions()
        if forceDelete { options.forceDelete = [lists[index]] }
        let run = CollectionSync<ReminderSyncKind>(
            client: collections[index], eventStore: eventStore, collection: synced, remote: collections[index].remote,
            options: options, report: ListReport(calendarIdentifier: lists[index], title: collections[index].href))
        try run.run()
        return run.report
    }

    private func save(_ identifier: String?, _ change: (inout ReminderChanges) -> Void) throws -> Reminder {
        var changes = ReminderChanges()
        change(&changes)
        return try eventStore.saveReminder(identifier: identifier, changes: changes, commit: true)
    }

    private func titles(_ index: Int) throws -> [String] {
        try eventStore.read({ store throws(StoreError) in
            try store.reminders(matching: ReminderPredicate(kind: .all, calendarIdentifiers: [lists[index]]), in: TimeZone(identifier: "UTC")!)
        })
        .map(\.title).sorted()
    }

    private func remoteTitles(_ index: Int) throws -> [String] {
        try collections[index].members.values.map { try TodoReader.read(try CalendarObject(parsing: $0.text), now: Timestamp.now()).reminder.title }
            .sorted()
    }

    /// A list whose only item moved to another list here while the server removed it there
    /// went empty on both sides. The server's side was withheld and then forgotten as seen —
    /// the upload's own "emptied here" overwrote it — and the item's stale ETag then made every
    /// later sync skip it ("changed on the server and cannot be read back").
    func testAnItemMovedHereAndRemovedThereLeavesNothingStuck() throws {
        let milk = try save(nil) {
            $0.title = .set("Milk"); $0.calendarIdentifier = .set(lists[0])
        }
        try sync(0)
        _ = try save(milk.calendarItemIdentifier) { $0.calendarIdentifier = .set(lists[1]) }
        collections[0].remove(collections[0].members.keys.first!)
        let report = try sync(0)
        XCTAssertNil(report.withheld, "the one item left this list here: no deletion here to hold back")
        try sync(1)
        _ = try save(milk.calendarItemIdentifier) {
            $0.calendarIdentifier = .set(lists[0]); $0.notes = .set("back")
        }
        for index in [0, 1, 0, 1] {
            let again = try sync(index)
            XCTAssertEqual(again.skipped, [], "nothing is stuck")
        }
        XCTAssertEqual(try titles(0), ["Milk"])
        XCTAssertEqual(try remoteTitles(0), ["Milk"])
        XCTAssertEqual(try titles(1), [])
        XCTAssertEqual(try remoteTitles(1), [])
    }

    /// An item moved to another list here while the server changed it in the old one: the old
    /// list's sync no longer writes over (and pulls back) the moved reminder; the server's change
    /// comes back as a copy in the old list, and the moved one keeps what was done here.
    func testAChangeThereToAnItemMovedHereComesBackAsACopy() throws {
        let tea = try save(nil) {
            $0.title = .set("Tea"); $0.calendarIdentifier = .set(lists[1])
        }
        try sync(1)
        _ = try save(tea.calendarItemIdentifier) {
            $0.calendarIdentifier = .set(lists[0]); $0.priority = .set(1)
        }
        let href = collections[1].members.keys.first!
        collections[1].store(collections[1].members[href]!.text.replacingOccurrences(of: "SUMMARY:Tea", with: "SUMMARY:Green tea"), at: href)
        for index in [0, 1, 0, 1] { try sync(index) }
        let moved = try XCTUnwrap(eventStore.read({ store throws(StoreError) in try store.reminder(identifier: tea.calendarItemIdentifier) }))
        XCTAssertEqual(
            [moved.calendarIdentifier, moved.title, String(moved.priority)], [lists[0], "Tea", "1"], "the move and the change here stand")
        XCTAssertEqual(try titles(1), ["Green tea"], "the change there is not lost")
        XCTAssertEqual(try remoteTitles(0), ["Tea"])
        XCTAssertEqual(try remoteTitles(1), ["Green tea"])
    }

    /// An item whose ETag the store still holds though the server removed it (a listing taken as
    /// seen too early): a 412 answered by a 404 means it is gone there, and a reminder changed
    /// here goes again, as new, instead of being skipped at every sync.
    func testAPreconditionFailureForAnItemGoneThereSendsItAgainAsNew() throws {
        let bread = try save(nil) {
            $0.title = .set("Bread"); $0.calendarIdentifier = .set(lists[0])
        }
        try sync(0)
        collections[0].remove(collections[0].members.keys.first!)
        var synced = try XCTUnwrap(
            eventStore.read({ store throws(StoreError) in try store.syncedCollections(account: "home") }).first { $0.calendarIdentifier == lists[0] })
        synced.ctag = collections[0].ctag  // the removal taken as seen
        try eventStore.write({ store throws(StoreError) in try store.saveSyncedCollection(synced) })
        _ = try save(bread.calendarItemIdentifier) { $0.notes = .set("rye") }
        let report = try sync(0)
        XCTAssertEqual(report.skipped, [])
        XCTAssertEqual(report.uploaded, 1)
        XCTAssertEqual(try remoteTitles(0), ["Bread"])
    }

    /// An item moved to another list and synced there (its old list's sync cut off before it
    /// removed the old member), then moved back while the server changed the old member. What was
    /// kept of it is the other list's version, and a merge against that took the old member's
    /// older notes for a change there: the notes written here were lost. A kept object is the
    /// base only for the member it was synced as; without one, what differs is a named conflict.
    func testAnItemMovedBackIsNotMergedAgainstTheOtherListsVersion() throws {
        let jam = try save(nil) {
            $0.title = .set("Jam"); $0.calendarIdentifier = .set(lists[0])
        }
        try sync(0)
        _ = try save(jam.calendarItemIdentifier) { $0.notes = .set("strawberry") }
        _ = try save(jam.calendarItemIdentifier) { $0.calendarIdentifier = .set(lists[1]) }
        let href = collections[0].members.keys.first!
        collections[0].store(
            collections[0].members[href]!.text.replacingOccurrences(of: "SUMMARY:Jam", with: "SUMMARY:Jam\r\nLOCATION:Pantry"),
            at: href)
        try sync(1)  // the old list's sync did not run: its member stays
        XCTAssertEqual(
            try eventStore.read({ store throws(StoreError) in try store.keptCalendarObject(reminder: jam.calendarItemIdentifier) })?.href,
            collections[1].members.keys.first)
        _ = try save(jam.calendarItemIdentifier) { $0.calendarIdentifier = .set(lists[0]) }
        let report = try sync(0)
        try sync(1)
        let back = try XCTUnwrap(eventStore.read({ store throws(StoreError) in try store.reminder(identifier: jam.calendarItemIdentifier) }))
        XCTAssertEqual(back.calendarIdentifier, lists[0])
        XCTAssertTrue(
            back.notes == "strawberry" || report.conflicts.contains { $0.property == "notes" },
            "the notes written here stand, or a conflict names them: \(back.notes ?? "nil"), \(report.conflicts)")
        XCTAssertTrue(
            back.location == "Pantry" || report.conflicts.contains { $0.property == "location" },
            "the location set there stands, or a conflict names it: \(back.location ?? "nil"), \(report.conflicts)")
        XCTAssertEqual(try remoteTitles(0), ["Jam"])
        XCTAssertEqual(try remoteTitles(1), [])
    }
}
