import Foundation
import RemindersModel
import XCTest
@testable import RemindersStore
@testable import RemindersSync

/// The sync's record of what it synced is written with the item it describes, or neither is: a
/// record lost after the item was written made the next sync upload the item again as new (a
/// copy on the server), and the listing taken as seen passed over the item for good.
final class SyncRecordTests: XCTestCase {
    var path: String!
    var eventStore: EventStore!
    var list = ""
    let collection = MemoryCollection(href: "/tasks/")

    override func setUpWithError() throws {
        path = NSTemporaryDirectory() + "sync-record-" + UUID().uuidString + "/s.sqlite"
        eventStore = EventStore(store: try CalendarStore(path: path), timeZone: TimeZone(identifier: "UTC")!)
        try eventStore.store.addAccount(SyncAccount(name: "home", url: "http://127.0.0.1:1/", timeout: 5), now: Timestamp.now())
        list = Identifiers.make()
        try eventStore.store.addSyncedCollection(
            SyncedCollection(calendarIdentifier: list, account: "home", href: collection.href),
            list: ItemCalendar(calendarIdentifier: list, title: "Tasks"), now: Timestamp.now())
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }

    private func sync() throws -> ListReport {
        let synced = try XCTUnwrap(eventStore.store.syncedCollections(account: "home").first)
        let run = CollectionSync<ReminderSyncKind>(
            client: collection, eventStore: eventStore, collection: synced, remote: collection.remote,
            options: SyncOptions(), report: ListReport(calendarIdentifier: list, title: "Tasks"))
        try run.run()
        return run.report
    }

    private func sql(_ text: String) throws {
        try eventStore.store.database.execute(text)  // raw SQL on purpose: the test damages what the store wrote
    }

    private func titles() throws -> [String] {
        try eventStore.store.reminders(matching: ReminderPredicate(kind: .all, calendarIdentifiers: [list]), in: TimeZone(identifier: "UTC")!)
            .map(\.title).sorted()
    }

    func testAnItemWhoseRecordCannotBeWrittenIsNotKeptAndComesAtTheNextSync() throws {
        collection.store(History.todo(uid: "good", summary: "Good"), at: "/tasks/good.ics")
        collection.store(History.todo(uid: "bad", summary: "Bad"), at: "/tasks/bad.ics")
        // The disk refuses the record of one item (as a full disk or an I/O error would).
        try sql(
            """
            CREATE TRIGGER refuse_record BEFORE INSERT ON sync_items WHEN NEW.href = '/tasks/bad.ics'
            BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END
            """)
        let first = try sync()
        XCTAssertEqual(first.skipped.map(\.href), ["/tasks/bad.ics"], "the item not kept is reported")
        XCTAssertEqual(try titles(), ["Good"], "nothing of the item whose record was refused")
        XCTAssertEqual(collection.members.count, 2, "and nothing went to the server for it")

        try sql("DROP TRIGGER refuse_record")
        let second = try sync()
        XCTAssertEqual(second.skipped.count, 0)
        XCTAssertEqual(try titles(), ["Bad", "Good"], "it comes at the next sync")
        _ = try sync()
        XCTAssertEqual(collection.members.count, 2, "no copy uploaded: \(collection.members.keys.sorted())")
        XCTAssertEqual(try titles(), ["Bad", "Good"])
    }
}
