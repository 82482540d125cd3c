import Foundation
import RemindersModel
import RemindersStore
import RemindersTestSupport
import RemindersWebDAV
import XCTest
@testable import RemindersCalDAVFace

/// What an app PUTs and DELETEs, as Thunderbird and the others write it: through the store's own
/// saving path (the history names the app), kept byte for byte where remindersd maps nothing,
/// guarded by the ETags the client last saw, and refused — with nothing written — when it breaks
/// a precondition, the grant or the calendar's kind.
final class FaceWritingTests: FaceTestCase {
    private var list: String { "/dav/khal/\(groceries.calendarIdentifier)/" }

    /// A to-do as Thunderbird writes one (its own X- properties included).
    private func todo(uid: String, summary: String, extra: String = "X-MOZ-GENERATION:3") -> String {
        [
            "BEGIN:VCALENDAR", "PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN", "VERSION:2.0", "BEGIN:VTODO",
            "CREATED:20261201T090000Z", "LAST-MODIFIED:20261201T090000Z", "DTSTAMP:20261201T090000Z", "UID:\(uid)", "SUMMARY:\(summary)",
            "PRIORITY:1", extra, "END:VTODO", "END:VCALENDAR", "",
        ].joined(separator: "\r\n")
    }

    private func stored(_ uid: String) throws -> Reminder? {
        try eventStore.read { store throws(StoreError) in try store.reminders(externalIdentifier: uid).first }
    }

    func testAnAppsToDoIsSavedKeptAndChangedByOthersAsTheStoreDoes() throws {
        let created = try ask(
            "PUT", list + "thunder-1.ics", headers: ["If-None-Match: *", "Content-Type: text/calendar"],
            body: todo(uid: "tb-1", summary: "Buy stamps"))
        XCTAssertEqual(created.status, 201, created.head + created.body)
        let reminder = try XCTUnwrap(try stored("tb-1"))
        XCTAssertEqual(reminder.title, "Buy stamps")
        XCTAssertEqual(reminder.priority, 1)
        XCTAssertEqual(reminder.calendarIdentifier, groceries.calendarIdentifier)
        let history = try eventStore.read { store throws(StoreError) in
            try store.changes(ChangesFilter(itemIdentifier: reminder.calendarItemIdentifier))
        }
        XCTAssertEqual(history.changes.first.map { [$0.client, $0.program] }, ["khal", "caldav"], "the history names the app")

        let got = try ask("GET", list + "thunder-1.ics")
        XCTAssertEqual(got.status, 200)
        XCTAssertTrue(got.body.contains("X-MOZ-GENERATION:3"), got.body)
        XCTAssertTrue(got.body.contains("SUMMARY:Buy stamps"), got.body)
        let listing = try responses(try ask("PROPFIND", list, depth: "1"))
        XCTAssertTrue(listing.contains { $0.child(DAVNamespace.dav, "href")?.text == list + "thunder-1.ics" }, "the name the app chose")

        // Another client changes it: the app reads that change and keeps its own properties.
        var rename = ReminderChanges()
        rename.title = .set("Buy stamps and envelopes")
        _ = try eventStore.saveReminder(identifier: reminder.calendarItemIdentifier, changes: rename, commit: true)
        let after = try ask("GET", list + "thunder-1.ics")
        XCTAssertTrue(after.body.contains("SUMMARY:Buy stamps and envelopes") && after.body.contains("X-MOZ-GENERATION:3"), after.body)
        let etag = try XCTUnwrap(after.head.split(separator: "\r\n").first { $0.hasPrefix("ETag: ") }?.dropFirst(6)).description
        XCTAssertNotEqual(etag, created.head.split(separator: "\r\n").first { $0.hasPrefix("ETag: ") }?.dropFirst(6).description)

        // A write against what it saw before the change: refused, nothing written.
        let stale = try ask("PUT", list + "thunder-1.ics", headers: ["If-Match: \"1\""], body: todo(uid: "tb-1", summary: "Stale"))
        XCTAssertEqual(stale.status, 412, stale.body)
        XCTAssertEqual(try stored("tb-1")?.title, "Buy stamps and envelopes")
        let updated = try ask(
            "PUT", list + "thunder-1.ics", headers: ["If-Match: \(etag)"], body: todo(uid: "tb-1", summary: "Stamps", extra: "X-MOZ-GENERATION:4"))
        XCTAssertEqual(updated.status, 204, updated.body)
        XCTAssertEqual(try stored("tb-1")?.title, "Stamps")
        XCTAssertEqual(try stored("tb-1")?.calendarItemIdentifier, reminder.calendarItemIdentifier, "the same reminder, not a new one")
        XCTAssertTrue(try ask("GET", list + "thunder-1.ics").body.contains("X-MOZ-GENERATION:4"))

        let removed = try ask("DELETE", list + "thunder-1.ics", headers: ["If-Match: \"1\""])
        XCTAssertEqual(removed.status, 412)
        XCTAssertEqual(try ask("DELETE", list + "thunder-1.ics").status, 204)
        XCTAssertNil(try stored("tb-1"))
        XCTAssertEqual(try ask("GET", list + "thunder-1.ics").status, 404)
        XCTAssertEqual(try ask("DELETE", list + "thunder-1.ics").status, 404)
    }

    func testWhatBreaksAPreconditionTheGrantOrTheKindIsRefusedAndWritesNothing() throws {
        XCTAssertEqual(try ask("PUT", list + "a.ics", body: todo(uid: "dup", summary: "First")).status, 201)
        let existing = try ask("PUT", list + "a.ics", headers: ["If-None-Match: *"], body: todo(uid: "dup", summary: "Again"))
        XCTAssertEqual(existing.status, 412)
        let conflict = try ask("PUT", list + "b.ics", body: todo(uid: "dup", summary: "Same UID, other name"))
        XCTAssertEqual(conflict.status, 403)
        XCTAssertTrue(conflict.body.contains("no-uid-conflict"), conflict.body)
        let broken = try ask("PUT", list + "c.ics", body: "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:no end\r\n")
        XCTAssertEqual(broken.status, 400)
        XCTAssertTrue(broken.body.contains("valid-calendar-data"), broken.body)
        let event =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:ev\r\nDTSTART:20261201T090000Z\r\nSUMMARY:x\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let wrongKind = try ask("PUT", list + "d.ics", body: event)
        XCTAssertEqual(wrongKind.status, 403)
        XCTAssertTrue(wrongKind.body.contains("supported-calendar-component"), wrongKind.body)
        // The store's rules, as for any client: a title of more than 64 KiB is refused, naming it.
        let long = try ask("PUT", list + "e.ics", body: todo(uid: "r", summary: String(repeating: "x", count: 70_000)))
        XCTAssertEqual(long.status, 403, long.head)
        XCTAssertTrue(long.body.contains("title"), long.body)
        let readOnly = try ask(
            "PUT", "/dav/todoman/\(groceries.calendarIdentifier)/f.ics", as: "todoman", body: todo(uid: "ro", summary: "Not mine to write"))
        XCTAssertEqual(readOnly.status, 403)
        XCTAssertTrue(readOnly.body.contains("need-privileges"), readOnly.body)
        XCTAssertEqual(try ask("DELETE", "/dav/todoman/\(groceries.calendarIdentifier)/a.ics", as: "todoman").status, 403)
        let deep = String(repeating: "<d:x xmlns:d=\"DAV:\">", count: 200) + String(repeating: "</d:x>", count: 200)
        XCTAssertEqual(try ask("PROPFIND", list, depth: "0", body: deep).status, 400)
        let titles = try eventStore.fetchReminders(matching: ReminderPredicate(kind: .all), in: .gmt).map(\.title).sorted()
        XCTAssertEqual(titles, ["First", "Milk & honey"], "nothing else was written")
        let todoIntoCalendar = try ask("PUT", "/dav/khal/\(work.calendarIdentifier)/t.ics", body: todo(uid: "t", summary: "Not an event"))
        XCTAssertEqual(todoIntoCalendar.status, 403)
        XCTAssertTrue(todoIntoCalendar.body.contains("supported-calendar-component"), todoIntoCalendar.body)
    }
}
