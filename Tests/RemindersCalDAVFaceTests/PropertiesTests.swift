import Foundation
import RemindersModel
import RemindersWebDAV
import XCTest
@testable import RemindersCalDAVFace

/// What a PROPFIND asks for is read as RFC 4918 says, and a multistatus of the face's properties
/// reads back with each property under 200 or 404 as it has it.
final class PropertiesTests: XCTestCase {
    func testAPropfindAsksForAllItsNamesOrSomeProperties() throws {
        XCTAssertEqual(try PropertyRequest(nil), .all)
        let allprop = XMLNode.parse(Data(#"<d:propfind xmlns:d="DAV:"><d:allprop/></d:propfind>"#.utf8))
        XCTAssertEqual(try PropertyRequest(allprop), .all)
        let names = XMLNode.parse(Data(#"<propfind xmlns="DAV:"><propname/></propfind>"#.utf8))
        XCTAssertEqual(try PropertyRequest(names), .names)
        let some = XMLNode.parse(
            Data(
                #"<d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:displayname/><c:calendar-home-set/></d:prop></d:propfind>"#
                    .utf8))
        XCTAssertEqual(try PropertyRequest(some), .some([.displayName, .calendarHomeSet]))
        let empty = XMLNode.parse(Data(#"<d:propfind xmlns:d="DAV:"/>"#.utf8))
        XCTAssertThrowsError(try PropertyRequest(empty)) { error in XCTAssertEqual((error as? FaceError)?.status, 400) }
    }

    func testACollectionsPropertiesReadBackUnder200AndTheUnknownUnder404() throws {
        var calendar = ItemCalendar(calendarIdentifier: "L1", title: "Groceries & more", isDefault: false)
        calendar.color = "#34c759"
        var status = Multistatus()
        let asked: [PropertyName] = [
            .displayName, .resourceType, .calendarColor, .getCTag, .syncToken, .supportedCalendarComponentSet, PropertyName("urn:x", "shoe"),
        ]
        status.response(href: "/dav/khal/L1/", asked: asked) { property, writer in
            CollectionProperties.collection(calendar, principal: "/dav/khal/", token: 42, order: 0, readOnly: true, property, &writer)
        }
        let answer = status.answer()
        XCTAssertEqual(answer.status, 207)
        let root = try XCTUnwrap(XMLNode.parse(Data(answer.body)), String(decoding: answer.body, as: UTF8.self))
        let response = try XCTUnwrap(root.child(DAVNamespace.dav, "response"))
        XCTAssertEqual(response.child(DAVNamespace.dav, "href")?.text, "/dav/khal/L1/")
        let propstats = response.children(DAVNamespace.dav, "propstat")
        XCTAssertEqual(propstats.map { $0.child(DAVNamespace.dav, "status")?.text }, ["HTTP/1.1 200 OK", "HTTP/1.1 404 Not Found"])
        let found = try XCTUnwrap(propstats[0].child(DAVNamespace.dav, "prop"))
        XCTAssertEqual(found.child(DAVNamespace.dav, "displayname")?.text, "Groceries & more")
        XCTAssertNotNil(found.child(DAVNamespace.dav, "resourcetype")?.child(DAVNamespace.calDAV, "calendar"))
        XCTAssertEqual(found.child(DAVNamespace.apple, "calendar-color")?.text, "#34C759FF")
        XCTAssertEqual(found.child(DAVNamespace.calendarServer, "getctag")?.text, "\"42\"")
        XCTAssertEqual(found.child(DAVNamespace.dav, "sync-token").flatMap { SyncToken.change($0.text) }, 42)
        XCTAssertEqual(
            found.child(DAVNamespace.calDAV, "supported-calendar-component-set")?.child(DAVNamespace.calDAV, "comp")?.attributes["name"], "VTODO")
        XCTAssertNotNil(propstats[1].child(DAVNamespace.dav, "prop")?.child("urn:x", "shoe"))
    }

    func testAReadOnlyCollectionSaysItMayOnlyBeRead() throws {
        let calendar = ItemCalendar(calendarIdentifier: "E1", title: "Work", isDefault: false, entityType: .event)
        for (readOnly, expected) in [
            (true, ["read", "read-current-user-privilege-set"]),
            (false, ["read", "read-current-user-privilege-set", "write", "write-content", "write-properties", "bind", "unbind"]),
        ] {
            var status = Multistatus()
            status.response(href: "/dav/khal/E1/", asked: [.currentUserPrivilegeSet]) { property, writer in
                CollectionProperties.collection(calendar, principal: "/dav/khal/", token: 1, order: 0, readOnly: readOnly, property, &writer)
            }
            let root = try XCTUnwrap(XMLNode.parse(Data(status.answer().body)))
            let set = root.child(DAVNamespace.dav, "response")?.child(DAVNamespace.dav, "propstat")?.child(DAVNamespace.dav, "prop")?
                .child(DAVNamespace.dav, "current-user-privilege-set")
            XCTAssertEqual(set?.children(DAVNamespace.dav, "privilege").compactMap { $0.children.first?.name }, expected)
        }
    }

    func testASyncTokenIsOnlyOneThisServerGave() {
        XCTAssertEqual(SyncToken.change(SyncToken.text(7)), 7)
        for token in ["", "7", "http://radicale.org/ns/sync/7", SyncToken.prefix + "-1", SyncToken.prefix + "x"] {
            XCTAssertNil(SyncToken.change(token), token)
        }
    }
}
