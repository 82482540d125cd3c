import Foundation
import RemindersWebDAV
import XCTest
@testable import RemindersCalDAV

/// Reading what servers answer: multistatus bodies as Radicale, Nextcloud and iCloud write them.
final class MultiStatusTests: XCTestCase {
    func testPropertiesOfSuccessfulPropstatsOnlyAndAResponsesOwnStatus() throws {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <d:multistatus xmlns:d="DAV:" xmlns:cs="http://calendarserver.org/ns/" xmlns:ical="http://apple.com/ns/ical/">
              <d:response>
                <d:href>/alice/groceries/</d:href>
                <d:propstat><d:prop><d:displayname>Groceries</d:displayname><ical:calendar-color>#FF9500FF</ical:calendar-color>
                  <cs:getctag>"42"</cs:getctag></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat>
                <d:propstat><d:prop><d:sync-token/></d:prop><d:status>HTTP/1.1 404 Not Found</d:status></d:propstat>
              </d:response>
              <d:response><d:href>/alice/groceries/gone.ics</d:href><d:status>HTTP/1.1 404 Not Found</d:status></d:response>
              <d:response><d:href></d:href></d:response>
              <d:sync-token>http://radicale.org/ns/sync/abc</d:sync-token>
            </d:multistatus>
            """
        let status = try MultiStatus(Data(body.utf8))
        XCTAssertEqual(status.responses.map(\.href), ["/alice/groceries/", "/alice/groceries/gone.ics"], "an empty href is no member")
        XCTAssertEqual(status.syncToken, "http://radicale.org/ns/sync/abc")
        let list = status.responses[0]
        XCTAssertEqual(list.property(DAVNamespace.dav, "displayname")?.trimmedText, "Groceries")
        XCTAssertEqual(list.property("http://calendarserver.org/ns/", "getctag")?.trimmedText, "\"42\"")
        XCTAssertNil(list.property(DAVNamespace.dav, "sync-token"), "a property under 404 was not found")
        XCTAssertNil(list.status)
        XCTAssertEqual(status.responses[1].status, 404)
    }

    func testWhatIsNoMultistatusIsMalformed() {
        for body in ["", "<html><body>Login</body></html>", "<d:multistatus xmlns:d=\"DAV:\">", "<multistatus/>"] {
            XCTAssertThrowsError(try MultiStatus(Data(body.utf8)), body) { error in
                guard case DAVError.malformed = error else { return XCTFail("\(error)") }
            }
        }
    }

    func testStatusLines() {
        XCTAssertEqual(MultiStatus.statusCode("HTTP/1.1 404 Not Found"), 404)
        XCTAssertEqual(MultiStatus.statusCode("HTTP/1.1 200"), 200)
        XCTAssertNil(MultiStatus.statusCode("garbage"))
    }
}
