import RemindersCalDAV
import Foundation
import RemindersICalendarFormat
import RemindersICalendar
import RemindersModel
import RemindersStore
import XCTest
@testable import RemindersSync

/// An event calendar's sync where the two sides disagree: its conflict policy (the server's
/// version wins, and the report names what was lost here) on the way down and on the way up, the
/// precondition failures of an upload, which events meet as reminders do, and what the report
/// hears of an object read.
final class EventSyncTests: XCTestCase {
    var path: String!
    var eventStore: EventStore!
    let calendar = Identifiers.make()
    let collection = MemoryCollection(href: "/events/")

    override func setUpWithError() throws {
        path = NSTemporaryDirectory() + "event-sync-" + UUID().uuidString + "/s.sqlite"
        eventStore = try EventStore(path: path, timeZone: TimeZone(identifier: "UTC")!)
        try eventStore.write({ store throws(StoreError) in
            try store.addAccount(SyncAccount(name: "home", url: "http://127.0.0.1:1/", timeout: 5), now: Timestamp.now())
            try store.addSyncedCollection(
                SyncedCollection(calendarIdentifier: self.calendar, account: "home", entityType: .event, href: self.collection.href),
                list: ItemCalendar(calendarIdentifier: self.calendar, title: "Events", entityType: .event), now: Timestamp.now())
        })
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }

    @discardableResult
    private func sync() throws -> ListReport {
        let synced = try XCTUnwrap(
            eventStore.read({ store throws(StoreError) in try store.syncedCollections(account: "home") }).first { $0.calendarIdentifier == calendar })
        let run = CollectionSync<EventSyncKind>(
            client: collection, eventStore: eventStore, collection: synced, remote: collection.remote, options: SyncOptions(),
            report: ListReport(calendarIdentifier: calendar, title: "Events"))
        try run.run()
        return run.report
    }

    private func save(_ identifier: String?, _ change: (inout EventChanges) -> Void) throws -> Event {
        var changes = EventChanges()
        if identifier == nil {
            changes.calendarIdentifier = .set(calendar)
            changes.startDate = .set(Timestamp(milliseconds: 1_799_053_200_000))
            changes.endDate = .set(Timestamp(milliseconds: 1_799_056_800_000))
            changes.timeZone = .set("UTC")
        }
        change(&changes)
        return try eventStore.saveEvent(identifier: identifier, occurrenceDate: nil, span: nil, changes: changes, lastModifiedDate: nil).event
    }

    /// The collection's only member retitled by another client.
    private func retitleThere(_ title: String) throws {
        let (href, member) = try XCTUnwrap(collection.members.first)
        var calendar = try XCTUnwrap(try Component.parse(member.text).first { $0.name == "VCALENDAR" })
        let position = try XCTUnwrap(calendar.components.firstIndex { $0.name == "VEVENT" })
        calendar.components[position].set(Property("SUMMARY", title))
        calendar.components[position].set(Property("LAST-MODIFIED", History.stamp(Timestamp.now())))
        collection.store(calendar.text, at: href)
    }

    private func titleHere(_ identifier: String) throws -> String? {
        try eventStore.read({ store throws(StoreError) in try store.event(identifier: identifier) })?.title
    }

    private func titlesThere() throws -> [String] {
        try collection.members.values.map { member in
            let calendar = try XCTUnwrap(try Component.parse(member.text).first { $0.name == "VCALENDAR" })
            return try EventReader.read(calendar, now: Timestamp.now()).series.title
        }.sorted()
    }

    func testAnEventChangedOnBothSidesTakesTheServersVersionAndNamesWhatWasLost() throws {
        let event = try save(nil) { $0.title = .set("Dentist") }
        try sync()
        try retitleThere("Dentist at 10")
        _ = try save(event.eventIdentifier) { $0.title = .set("Dentist moved") }
        let report = try sync()
        XCTAssertEqual(report.conflicts.map(\.property), ["event"])
        XCTAssertEqual(report.conflicts.map(\.kept), ["server"])
        XCTAssertEqual(try titleHere(event.eventIdentifier), "Dentist at 10")
        XCTAssertEqual(try titlesThere(), ["Dentist at 10"])
        XCTAssertEqual(try sync().conflicts, [], "once taken, nothing is left to disagree on")
    }

    /// The upload meets the server's change (its listing taken as seen before the change came):
    /// the 412 brings the server's version here, as a download would, with the loss named.
    func testAPreconditionFailureOnUploadTakesTheServersVersion() throws {
        let event = try save(nil) { $0.title = .set("Dentist") }
        try sync()
        try retitleThere("Dentist at 10")
        try takeTheListingAsSeen()
        _ = try save(event.eventIdentifier) { $0.title = .set("Dentist moved") }
        let report = try sync()
        XCTAssertEqual(report.skipped, [])
        XCTAssertEqual(report.conflicts.map(\.kept), ["server"])
        XCTAssertEqual(try titleHere(event.eventIdentifier), "Dentist at 10")
        XCTAssertEqual(try titlesThere(), ["Dentist at 10"])
    }

    /// An event whose ETag the store still holds though the server removed it: the 412 answered
    /// by a 404 means it is gone there, and an event changed here goes again, as new. (The
    /// event's own upload path once took the 404 for nothing to do: the change stayed here only.)
    func testAPreconditionFailureForAnEventGoneThereSendsItAgainAsNew() throws {
        let event = try save(nil) { $0.title = .set("Dentist") }
        try sync()
        collection.remove(try XCTUnwrap(collection.members.keys.first))
        try takeTheListingAsSeen()
        _ = try save(event.eventIdentifier) { $0.notes = .set("bring the card") }
        let report = try sync()
        XCTAssertEqual(report.skipped, [])
        XCTAssertEqual(report.uploaded, 1)
        XCTAssertEqual(try titlesThere(), ["Dentist"])
    }

    /// The collection's ctag as the sync last saw it: what changed there since is not listed.
    private func takeTheListingAsSeen() throws {
        var synced = try XCTUnwrap(
            eventStore.read({ store throws(StoreError) in try store.syncedCollections(account: "home") }).first { $0.calendarIdentifier == calendar })
        synced.ctag = collection.ctag
        try eventStore.write({ store throws(StoreError) in try store.saveSyncedCollection(synced) })
    }

    /// What the reading could not hold as the file has it reaches the report, as a reminder's does.
    func testWhatAnEventsReadingLeftOutIsInTheReport() throws {
        collection.store(
            """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//Other//EN\r
            BEGIN:VEVENT\r
            UID:zoned@example.com\r
            DTSTAMP:20261201T090000Z\r
            DTSTART;TZID=Nowhere/Atlantis:20261207T090000\r
            DTEND;TZID=Nowhere/Atlantis:20261207T100000\r
            SUMMARY:Standup\r
            END:VEVENT\r
            END:VCALENDAR\r

            """, at: "/events/zoned.ics")
        let report = try sync()
        XCTAssertEqual(report.downloaded, 1)
        XCTAssertEqual(report.notes.filter { $0.contains("Nowhere/Atlantis") }.count, 1, "\(report.notes)")
    }
}
