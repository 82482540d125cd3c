import Foundation
import XCTest
@testable import RemindersCalDAV

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

    /// A plain UID is the item's name: one segment, always, and one servers take.
    func testItemHrefsComeFromThePlainUID() {
        XCTAssertEqual(Href.item(uid: "milk@example.com", in: "/alice/groceries/"), "/alice/groceries/milk%40example.com.ics")
        XCTAssertEqual(Href.item(uid: "0F1E9C3A-5B2D-4E7A-9C1B-3D4E5F6A7B8C", in: "/l"), "/l/0F1E9C3A-5B2D-4E7A-9C1B-3D4E5F6A7B8C.ics")
        XCTAssertEqual(Href.canonical(Href.item(uid: "a+b~c", in: "/l/")), Href.item(uid: "a+b~c", in: "/l/"), "canonical stays canonical")
    }

    /// What servers refuse in a name even percent-encoded gets a name derived from the UID.
    func testUIDsServersRefuseGetADerivedName() {
        let slash = Href.item(uid: "trip/2026", in: "/l/")
        XCTAssertTrue(slash.hasPrefix("/l/uid-") && slash.hasSuffix(".ics"), slash)
        XCTAssertEqual(slash.count, "/l/uid-".count + 32 + ".ics".count)
        XCTAssertEqual(slash, Href.item(uid: "trip/2026", in: "/l/"), "the same UID, the same name")
        XCTAssertNotEqual(slash, Href.item(uid: "trip/2027", in: "/l/"))
        // Reserved in URLs, refused by Radicale (400, 500) or by Xandikos's file system once encoded.
        let long = String(repeating: "x", count: Href.maximumNameLength + 1)
        let nonASCII = String(repeating: "ü", count: 40)
        for uid in ["a?b", "a#b", "urn:uuid:1", "..", ".", "", "tab\tin", "a\"b<c>", "ü b\\c", "with space", long, nonASCII] {
            XCTAssertTrue(Href.item(uid: uid, in: "/l/").hasPrefix("/l/uid-"), uid)
        }
        XCTAssertEqual(Href.digest(""), "cbf29ce484222325" + "6c62272e07bb0142")
        XCTAssertFalse(Href.item(uid: String(repeating: "x", count: Href.maximumNameLength), in: "/l/").hasPrefix("/l/uid-"))
    }

    func testURLsAreResolvedAgainstTheAccount() {
        let base = URL(string: "https://cloud.example.com/remote.php/dav/")!
        XCTAssertEqual(
            Href.url("/remote.php/dav/calendars/alice/", base: base).absoluteString,
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
