import Foundation
import RemindersModel
import RemindersStore
import RemindersTestSupport
import RemindersWebDAV
import XCTest
@testable import RemindersCalDAVFace

/// The face read over real sockets, as a CalDAV client finds its way in (RFC 6764), lists its
/// collections and items and reads them — each app within its grant: another app's paths, a list
/// outside its scope, an event calendar of a kind it was not granted are not there for it, and a
/// grant revoked is refused at the next request.
final class FaceReadingTests: FaceTestCase {
    func testAClientFindsItsWayInAndReadsItsCollectionsAndItems() throws {
        let wellKnown = try ask("PROPFIND", "/.well-known/caldav", as: nil)
        XCTAssertEqual(wellKnown.status, 301)
        XCTAssertTrue(wellKnown.head.contains("Location: /dav/"), wellKnown.head)
        let options = try ask("OPTIONS", "/dav/", as: nil)
        XCTAssertTrue(options.head.contains("calendar-access"), options.head)

        let anonymous = try ask("PROPFIND", "/dav/", as: nil, depth: "0")
        XCTAssertEqual(anonymous.status, 401)
        XCTAssertTrue(anonymous.head.contains("WWW-Authenticate: Basic realm=\"remindersd\""), anonymous.head)

        let service = try responses(
            try ask("PROPFIND", "/dav/", depth: "0", body: #"<propfind xmlns="DAV:"><prop><current-user-principal/></prop></propfind>"#))
        XCTAssertEqual(
            service.first.flatMap { property($0, DAVNamespace.dav, "current-user-principal")?.child(DAVNamespace.dav, "href")?.text }, "/dav/khal/")

        let home = try responses(try ask("PROPFIND", "/dav/khal/", depth: "1"))
        XCTAssertEqual(home.first?.child(DAVNamespace.dav, "href")?.text, "/dav/khal/")
        XCTAssertEqual(
            home.first.flatMap { property($0, DAVNamespace.calDAV, "calendar-home-set")?.child(DAVNamespace.dav, "href")?.text }, "/dav/khal/")
        let collections = home.dropFirst()
        let titles = collections.compactMap { property($0, DAVNamespace.dav, "displayname")?.text }
        XCTAssertEqual(Set(titles), ["Reminders", "Groceries", "Calendar", "Work"])
        let kinds = collections.compactMap {
            property($0, DAVNamespace.calDAV, "supported-calendar-component-set")?.child(DAVNamespace.calDAV, "comp")?.attributes["name"]
        }
        XCTAssertEqual(kinds.sorted(), ["VEVENT", "VEVENT", "VTODO", "VTODO"])

        let listing = try responses(try ask("PROPFIND", "/dav/khal/\(groceries.calendarIdentifier)/", depth: "1"))
        XCTAssertEqual(listing.count, 2, "the collection and its one item")
        let itemHref = try XCTUnwrap(listing.last?.child(DAVNamespace.dav, "href")?.text)
        XCTAssertEqual(itemHref, "/dav/khal/\(groceries.calendarIdentifier)/\(milk.calendarItemIdentifier).ics")
        let etag = try XCTUnwrap(listing.last.flatMap { property($0, DAVNamespace.dav, "getetag")?.text })

        let got = try ask("GET", itemHref)
        XCTAssertEqual(got.status, 200, got.head)
        XCTAssertTrue(got.head.contains("ETag: \(etag)"), got.head)
        XCTAssertTrue(got.body.contains("BEGIN:VTODO") && got.body.contains("SUMMARY:Milk & honey"), got.body)
        XCTAssertTrue(got.body.contains("UID:\(milk.calendarItemExternalIdentifier)"), got.body)

        let multiget = try responses(
            try ask(
                "REPORT", "/dav/khal/\(groceries.calendarIdentifier)/",
                body: """
                    <c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop>\
                    <d:href>http://127.0.0.1:\(port)\(itemHref)</d:href><d:href>/dav/khal/\(groceries.calendarIdentifier)/nothing.ics</d:href>\
                    </c:calendar-multiget>
                    """))
        XCTAssertEqual(multiget.count, 2)
        XCTAssertTrue(multiget.first.flatMap { property($0, DAVNamespace.calDAV, "calendar-data")?.text }?.contains("Milk & honey") ?? false)
        XCTAssertTrue(multiget.last?.child(DAVNamespace.dav, "status")?.text.contains("404") ?? false)

        let events = try responses(try ask("PROPFIND", "/dav/khal/\(work.calendarIdentifier)/", depth: "1"))
        let eventHref = try XCTUnwrap(events.last?.child(DAVNamespace.dav, "href")?.text)
        XCTAssertTrue(try ask("GET", eventHref).body.contains("SUMMARY:Stand-up"))
    }

    func testAnAppSeesOnlyWhatItsGrantLetsItSee() throws {
        let home = try responses(try ask("PROPFIND", "/dav/todoman/", as: "todoman", depth: "1"))
        XCTAssertEqual(home.dropFirst().compactMap { property($0, DAVNamespace.dav, "displayname")?.text }, ["Groceries"])
        let privileges = home.last.flatMap { property($0, DAVNamespace.dav, "current-user-privilege-set") }
        XCTAssertEqual(
            privileges?.children(DAVNamespace.dav, "privilege").compactMap { $0.children.first?.name }, ["read", "read-current-user-privilege-set"])

        for path in ["/dav/todoman/\(work.calendarIdentifier)/", "/dav/khal/", "/dav/khal/\(groceries.calendarIdentifier)/"] {
            XCTAssertEqual(try ask("PROPFIND", path, as: "todoman", depth: "0").status, 404, path)
        }
        let reminders = try XCTUnwrap(try eventStore.calendars(for: .reminder).first { $0.title == "Reminders" })
        XCTAssertEqual(try ask("PROPFIND", "/dav/todoman/\(reminders.calendarIdentifier)/", as: "todoman", depth: "0").status, 404)
        XCTAssertEqual(try ask("GET", "/dav/todoman/\(groceries.calendarIdentifier)/\(milk.calendarItemIdentifier).ics", as: "todoman").status, 200)

        var wrong = try RawClient.exchange(
            RawClient.request(
                "PROPFIND", "/dav/todoman/", port: port, headers: ["Authorization: Basic " + Data("todoman:pw-khal".utf8).base64EncodedString()]),
            port: port)
        XCTAssertEqual(wrong.status, 401)
        try eventStore.write { store throws(StoreError) in
            try store.setAuthorizationStatus(.denied, client: "todoman", program: DAVApp.program, entityType: .reminder)
        }
        wrong = try ask("PROPFIND", "/dav/todoman/", as: "todoman", depth: "0")
        XCTAssertEqual(wrong.status, 401, "revoked: refused at the next request")
        XCTAssertTrue(wrong.body.contains("may not use the store now"), wrong.body)
    }

    func testWhatIsNoMethodOrReportOfTheFaceIsRefusedAndChangesNothing() throws {
        let locked = try ask("LOCK", "/dav/khal/\(groceries.calendarIdentifier)/")
        XCTAssertEqual(locked.status, 405, locked.head)
        XCTAssertTrue(locked.head.contains("Allow: OPTIONS"), locked.head)
        let expand = #"<c:calendar-expand xmlns:c="urn:ietf:params:xml:ns:caldav"/>"#
        let report = try ask("REPORT", "/dav/khal/\(groceries.calendarIdentifier)/", body: expand)
        XCTAssertEqual(report.status, 403)
        XCTAssertTrue(report.body.contains("supported-report"), report.body)
        XCTAssertEqual(try ask("PROPFIND", "/dav/khal/", depth: "0", body: "<not xml").status, 400)
        XCTAssertEqual(try eventStore.fetchReminders(matching: ReminderPredicate(kind: .all), in: .gmt).count, 1)
    }

    func sync(_ token: String, in calendar: ItemCalendar) throws -> (token: String?, members: [(href: String, status: String?)]) {
        let answer = try ask(
            "REPORT", "/dav/khal/\(calendar.calendarIdentifier)/",
            body: """
                <d:sync-collection xmlns:d="DAV:"><d:sync-token>\(token)</d:sync-token><d:sync-level>1</d:sync-level>\
                <d:prop><d:getetag/></d:prop></d:sync-collection>
                """)
        XCTAssertEqual(answer.status, 207, answer.body)
        let root = try XCTUnwrap(XMLNode.parse(Data(answer.body.utf8)), answer.body)
        let members = root.children(DAVNamespace.dav, "response").map { response in
            (
                response.child(DAVNamespace.dav, "href")?.text ?? "",
                response.child(DAVNamespace.dav, "status")?.text
                    ?? response.child(DAVNamespace.dav, "propstat")?.child(DAVNamespace.dav, "status")?.text
            )
        }
        return (root.child(DAVNamespace.dav, "sync-token")?.text, members)
    }

    /// RFC 6578 as vdirsyncer, DAVx5 and Evolution use it: everything with no token, nothing when
    /// nothing changed, then what changed — made, changed, removed, moved out — and a token another
    /// server gave, or none this store can still answer, refused so the client starts again.
    func testSyncCollectionTellsWhatChangedSinceItsToken() throws {
        let first = try sync("", in: groceries)
        XCTAssertEqual(first.members.map(\.href), ["/dav/khal/\(groceries.calendarIdentifier)/\(milk.calendarItemIdentifier).ics"])
        let token = try XCTUnwrap(first.token)
        let ctag = try responses(try ask("PROPFIND", "/dav/khal/\(groceries.calendarIdentifier)/", depth: "0")).first.flatMap {
            property($0, DAVNamespace.calendarServer, "getctag")?.text
        }
        XCTAssertEqual(ctag, "\"\(token.split(separator: "/").last ?? "")\"", "the ctag and the sync token are the same point")

        let quiet = try sync(token, in: groceries)
        XCTAssertTrue(quiet.members.isEmpty, "\(quiet.members)")
        XCTAssertEqual(quiet.token, token)

        var rename = ReminderChanges()
        rename.title = .set("Oat milk")
        _ = try eventStore.saveReminder(identifier: milk.calendarItemIdentifier, changes: rename, commit: true)
        var eggs = ReminderChanges()
        eggs.title = .set("Eggs")
        eggs.calendarIdentifier = .set(groceries.calendarIdentifier)
        let egg = try eventStore.saveReminder(identifier: nil, changes: eggs, commit: true)
        // A change elsewhere is not this collection's.
        var elsewhere = ReminderChanges()
        elsewhere.title = .set("Call the plumber")
        let plumber = try eventStore.saveReminder(identifier: nil, changes: elsewhere, commit: true)
        let changed = try sync(token, in: groceries)
        let expected = [milk.calendarItemIdentifier, egg.calendarItemIdentifier].map { "/dav/khal/\(groceries.calendarIdentifier)/\($0).ics" }
        XCTAssertEqual(Set(changed.members.map(\.href)), Set(expected))
        XCTAssertTrue(changed.members.allSatisfy { $0.status?.contains("200") ?? false }, "\(changed.members)")
        let next = try XCTUnwrap(changed.token)
        XCTAssertNotEqual(next, token)

        _ = try eventStore.removeReminder(identifier: egg.calendarItemIdentifier, commit: true)
        let reminders = try XCTUnwrap(try eventStore.calendars(for: .reminder).first { $0.title == "Reminders" })
        var move = ReminderChanges()
        move.calendarIdentifier = .set(reminders.calendarIdentifier)
        _ = try eventStore.saveReminder(identifier: milk.calendarItemIdentifier, changes: move, commit: true)
        let gone = try sync(next, in: groceries)
        XCTAssertEqual(gone.members.count, 2, "\(gone.members)")
        XCTAssertTrue(gone.members.allSatisfy { $0.status?.contains("404") ?? false }, "\(gone.members)")
        // A token is a point in the history: asked of another collection, it says what changed
        // there since (the milk moved in; the plumber came before it).
        let href = { (reminder: Reminder) in "/dav/khal/\(reminders.calendarIdentifier)/\(reminder.calendarItemIdentifier).ics" }
        XCTAssertEqual(try sync(next, in: reminders).members.map(\.href), [href(milk)])
        XCTAssertEqual(Set(try sync("", in: reminders).members.map(\.href)), [href(milk), href(plumber)])

        for bad in ["http://radicale.org/ns/sync/3", SyncTokenForTests.future] {
            let refused = try ask(
                "REPORT", "/dav/khal/\(groceries.calendarIdentifier)/",
                body: #"<d:sync-collection xmlns:d="DAV:"><d:sync-token>\#(bad)</d:sync-token><d:prop><d:getetag/></d:prop></d:sync-collection>"#)
            XCTAssertEqual(refused.status, 403, bad)
            XCTAssertTrue(refused.body.contains("valid-sync-token"), refused.body)
        }
    }
}

private enum SyncTokenForTests {
    /// A point the store has not reached (a token from a store that was replaced).
    static let future = "https://remindersd.invalid/sync/999999999"
}
