import Foundation
import XCTest
@testable import CalDAV

final class HrefTests: XCTestCase {
    /// Servers encode differently (`@` as is or `%40`, lower- or upper-case escapes); one form to compare.
    func testCanonicalFormsAreEqualHoweverTheServerEncoded() {
        XCTAssertEqual(Href.canonical("/dav/alice@example.com/tasks/"), Href.canonical("/dav/alice%40example.com/tasks/"))
        XCTAssertEqual(Href.canonical("/a/%c3%a4.ics"), Href.canonical("/a/ä.ics"))
        XCTAssertEqual(Href.canonical("/a/%C3%A4.ics"), "/a/%C3%A4.ics")
        XCTAssertEqual(Href.canonical("https://dav.example.com/a//b/"), "/a/b/", "a URL's path; empty segments dropped")
        XCTAssertEqual(Href.canonical("/"), "/")
        XCTAssertEqual(Href.canonical("/a/b"), "/a/b")
    }

    /// UIDs may hold spaces and any character: one segment, always, and one servers take.
    func testItemHrefsComeFromTheUID() {
        XCTAssertEqual(Href.item(uid: "milk@example.com", in: "/alice/groceries/"), "/alice/groceries/milk%40example.com.ics")
        XCTAssertEqual(Href.item(uid: "ü b\\c", in: "/l"), "/l/%C3%BC%20b%5Cc.ics")
        XCTAssertEqual(Href.canonical(Href.item(uid: "ü b", in: "/l/")), Href.item(uid: "ü b", in: "/l/"), "canonical stays canonical")
    }

    /// What servers refuse in a name even percent-encoded gets a name derived from the UID.
    func testUIDsServersRefuseGetADerivedName() {
        let slash = Href.item(uid: "trip/2026", in: "/l/")
        XCTAssertTrue(slash.hasPrefix("/l/uid-") && slash.hasSuffix(".ics"), slash)
        XCTAssertEqual(slash.count, "/l/uid-".count + 32 + ".ics".count)
        XCTAssertEqual(slash, Href.item(uid: "trip/2026", in: "/l/"), "the same UID, the same name")
        XCTAssertNotEqual(slash, Href.item(uid: "trip/2027", in: "/l/"))
        for uid in ["a?b", "a#b", "urn:uuid:1", "..", "", "tab\tin"] {
            XCTAssertTrue(Href.item(uid: uid, in: "/l/").hasPrefix("/l/uid-"), uid)
        }
        XCTAssertEqual(Href.digest(""), "cbf29ce484222325" + "6c62272e07bb0142")
    }

    func testURLsAreResolvedAgainstTheAccount() {
        let base = URL(string: "https://cloud.example.com/remote.php/dav/")!
        XCTAssertEqual(Href.url("/remote.php/dav/calendars/alice/", base: base).absoluteString,
                       "https://cloud.example.com/remote.php/dav/calendars/alice/")
    }

    func testColorsDropApplesAlpha() {
        XCTAssertEqual(CalDAVClient.color("#ff9500ff"), "#FF9500")
        XCTAssertEqual(CalDAVClient.color("#34C759"), "#34C759")
        XCTAssertEqual(CalDAVClient.color("34c759"), "#34C759")
        XCTAssertNil(CalDAVClient.color("red"))
        XCTAssertNil(CalDAVClient.color("#12345"))
    }
}
