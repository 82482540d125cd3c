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

    /// UIDs may hold `/`, `?`, spaces and any character: one segment, always.
    func testItemHrefsComeFromTheUID() {
        XCTAssertEqual(Href.item(uid: "milk@example.com", in: "/alice/groceries/"), "/alice/groceries/milk%40example.com.ics")
        XCTAssertEqual(Href.item(uid: "a/b?c d", in: "/alice/groceries"), "/alice/groceries/a%2Fb%3Fc%20d.ics")
        XCTAssertEqual(Href.item(uid: "ü", in: "/l/"), "/l/%C3%BC.ics")
        XCTAssertEqual(Href.canonical(Href.item(uid: "a/b", in: "/l/")), Href.item(uid: "a/b", in: "/l/"), "canonical stays canonical")
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
