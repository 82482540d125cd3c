import XCTest
@testable import RemindersCalDAVFace

/// The face's layout read from a request's (percent-decoded) path and written back as an href a
/// client can send again; anything else, and any step out of it, is no resource.
final class FacePathTests: XCTestCase {
    func testEachPlaceReadsAndWritesBack() {
        XCTAssertEqual(FacePath("/"), .root)
        XCTAssertEqual(FacePath("/.well-known/caldav"), .wellKnown)
        XCTAssertEqual(FacePath("/dav/"), .service)
        XCTAssertEqual(FacePath("/dav/gnome-calendar/"), .principal(app: "gnome-calendar"))
        XCTAssertEqual(FacePath("/dav/gnome-calendar"), .principal(app: "gnome-calendar"))
        XCTAssertEqual(FacePath("/dav/khal/0F6A/"), .collection(app: "khal", calendar: "0F6A"))
        XCTAssertEqual(FacePath("/dav/khal/0F6A/a b@c.ics"), .item(app: "khal", calendar: "0F6A", name: "a b@c.ics"))
        XCTAssertEqual(FacePath.item(app: "khal", calendar: "0F6A", name: "a b@c/ä.ics").href, "/dav/khal/0F6A/a%20b@c%2F%C3%A4.ics")
        XCTAssertEqual(FacePath.collection(app: "khal", calendar: "0F6A").href, "/dav/khal/0F6A/")
        XCTAssertEqual(FacePath.principal(app: "Thunder Bird").href, "/dav/Thunder%20Bird/")
        XCTAssertEqual(FacePath("/dav/khal/0F6A/x.ics")?.app, "khal")
    }

    func testAnythingElseIsNoResource() {
        for path in ["/dav", "/other/", "/dav//", "/dav/khal//x.ics", "/dav/khal/../evolution/", "/dav/khal/./", "/dav/a/b/c/", "/dav/a/b/c/d.ics"] {
            XCTAssertNil(FacePath(path), path)
        }
    }
}
