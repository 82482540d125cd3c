import Foundation
import RemindersModel
import RemindersStore
import RemindersTestSupport
import RemindersWebDAV
import XCTest
@testable import RemindersCalDAVFace

/// Calendars an app makes, renames, recolours and removes — as python-caldav and Thunderbird ask —
/// through the store's own calendar saving, so the grant's limits on lists hold here too.
final class FaceCollectionTests: FaceTestCase {
    private func mkcalendar(_ segment: String, as app: String = "khal", components: [String]? = ["VTODO"], name: String = "Chores") throws
        -> RawClient.Answer
    {
        let comps = components.map { list in
            "<C:supported-calendar-component-set>" + list.map { "<C:comp name=\"\($0)\"/>" }.joined() + "</C:supported-calendar-component-set>"
        }
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:A="http://apple.com/ns/ical/">
            <D:set><D:prop><D:displayname>\(name)</D:displayname><A:calendar-color>#FF8800FF</A:calendar-color>\(comps ?? "")
            <C:calendar-description>kept nowhere</C:calendar-description></D:prop></D:set></C:mkcalendar>
            """
        return try ask("MKCALENDAR", "/dav/\(app)/\(segment)/", as: app, body: body)
    }

    private func reminders(_ uid: String) throws -> [Reminder] {
        try eventStore.read { store throws(StoreError) in try store.reminders(externalIdentifier: uid) }
    }

    private func calendar(titled title: String) throws -> ItemCalendar? {
        try (eventStore.calendars(for: .reminder) + eventStore.calendars(for: .event)).first { $0.title == title }
    }

    func testAnAppMakesACalendarAtItsPathRenamesItAndRemovesIt() throws {
        let made = try mkcalendar("chores")
        XCTAssertEqual(made.status, 201, made.body)
        let chores = try XCTUnwrap(try calendar(titled: "Chores"))
        XCTAssertEqual(chores.entityType, .reminder)
        XCTAssertEqual(chores.color, "#FF8800")
        // Found at the path the app chose, by every app granted it.
        let listing = try responses(try ask("PROPFIND", "/dav/khal/", depth: "1"))
        XCTAssertTrue(listing.contains { $0.child(DAVNamespace.dav, "href")?.text == "/dav/khal/chores/" }, "\(listing)")
        let todo = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:sweep\r\nSUMMARY:Sweep\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        XCTAssertEqual(try ask("PUT", "/dav/khal/chores/sweep.ics", body: todo).status, 201)
        XCTAssertEqual(try reminders("sweep").first?.calendarIdentifier, chores.calendarIdentifier)
        XCTAssertEqual(try mkcalendar("chores").status, 405, "a calendar is there already")

        let rename = """
            <D:propertyupdate xmlns:D="DAV:" xmlns:A="http://apple.com/ns/ical/"><D:set><D:prop>
            <D:displayname>House chores</D:displayname><A:calendar-color>#112233FF</A:calendar-color></D:prop></D:set></D:propertyupdate>
            """
        let renamed = try ask("PROPPATCH", "/dav/khal/chores/", body: rename)
        XCTAssertEqual(renamed.status, 207)
        XCTAssertTrue(renamed.body.contains("200 OK"), renamed.body)
        XCTAssertEqual(try calendar(titled: "House chores")?.color, "#112233")

        // A property the store has no place for: refused, and the name with it (RFC 4918 §9.2).
        let mixed = """
            <D:propertyupdate xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop>
            <D:displayname>Renamed</D:displayname><C:calendar-timezone>BEGIN:VCALENDAR</C:calendar-timezone></D:prop></D:set></D:propertyupdate>
            """
        let refused = try ask("PROPPATCH", "/dav/khal/chores/", body: mixed)
        XCTAssertTrue(refused.body.contains("403 Forbidden") && refused.body.contains("424 Failed Dependency"), refused.body)
        XCTAssertNotNil(try calendar(titled: "House chores"), "nothing changed")

        XCTAssertEqual(try ask("DELETE", "/dav/khal/chores/").status, 204)
        XCTAssertNil(try calendar(titled: "House chores"))
        XCTAssertTrue(try reminders("sweep").isEmpty, "what it held went with it")
        XCTAssertEqual(try ask("PROPFIND", "/dav/khal/chores/", depth: "0").status, 404)

        XCTAssertEqual(try mkcalendar("trips", components: nil, name: "Trips").status, 201, "no component set: an event calendar")
        XCTAssertEqual(try calendar(titled: "Trips")?.entityType, .event)
    }

    func testAGrantForChosenListsMakesNoCalendarsAndRenamesNone() throws {
        let made = try mkcalendar("mine", as: "todoman")
        XCTAssertEqual(made.status, 403, made.body)
        XCTAssertTrue(made.body.contains("chosen lists"), made.body)
        let events = try mkcalendar("dates", as: "todoman", components: ["VEVENT"], name: "Dates")
        XCTAssertEqual(events.status, 403, "todoman was granted no events")
        XCTAssertTrue(events.body.contains("need-privileges"), events.body)
        let rename = """
            <D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><D:displayname>Mine now</D:displayname></D:prop></D:set></D:propertyupdate>
            """
        let renamed = try ask("PROPPATCH", "/dav/todoman/\(groceries.calendarIdentifier)/", as: "todoman", body: rename)
        XCTAssertEqual(renamed.status, 403, renamed.body)
        XCTAssertEqual(try ask("DELETE", "/dav/todoman/\(groceries.calendarIdentifier)/", as: "todoman").status, 403)
        XCTAssertEqual(try ask("DELETE", "/dav/todoman/\(work.calendarIdentifier)/", as: "todoman").status, 404, "not its to see")
        XCTAssertNotNil(try calendar(titled: "Groceries"))
        XCTAssertNotNil(try calendar(titled: "Work"))
        XCTAssertNil(try calendar(titled: "Chores"))
        XCTAssertEqual(try mkcalendar("x", components: ["VJOURNAL"]).status, 403, "a kind no calendar here holds")
        XCTAssertEqual(try ask("MKCALENDAR", "/dav/khal/y/", body: "<not-xml").status, 400)
        XCTAssertEqual(try mkcalendar(String(repeating: "n", count: 300)).status, 400, "a path segment of 300 bytes")
        XCTAssertEqual(try mkcalendar("long", name: String(repeating: "t", count: 70_000)).status, 403, "a title over the store's limit")
        XCTAssertEqual(try ask("PROPPATCH", "/dav/khal/", body: "<D:propertyupdate xmlns:D=\"DAV:\"/>").status, 403, "the principal")
    }
}
