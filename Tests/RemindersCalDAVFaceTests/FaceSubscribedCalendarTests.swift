import Foundation
import RemindersInterchange
import RemindersModel
import RemindersStore
import RemindersTestSupport
import XCTest

/// A subscribed calendar on the face: an app reads its events and may not write there (403, as
/// every other client is refused with calendarReadOnly), nor rename it away from its feed's rules.
final class FaceSubscribedCalendarTests: FaceTestCase {
    func testAnAppReadsASubscribedCalendarAndMayNotWriteIt() throws {
        let subscription = CalendarSubscription(calendarIdentifier: Identifiers.make(), url: "https://example.com/holidays.ics")
        let calendar = try eventStore.write { store throws(StoreError) in
            try store.addSubscription(subscription, title: "Holidays", entityType: .event, now: .now())
        }
        let feed = try SubscribedFeed(try LocalFeedPublisher.fixture("holidays.ics"), keepsAlarms: false)
        XCTAssertEqual(try FeedReplacement(eventStore: eventStore, now: .now()).apply(feed, into: calendar.calendarIdentifier).added, 4)
        let path = "/dav/khal/\(calendar.calendarIdentifier)/"

        let listed = try responses(try ask("PROPFIND", path, depth: "1"))
        XCTAssertEqual(listed.count, 5, "the collection and its four events")
        let privileges = try ask(
            "PROPFIND", path, depth: "0",
            body: """
                <?xml version="1.0"?><propfind xmlns="DAV:"><prop><current-user-privilege-set/></prop></propfind>
                """)
        XCTAssertTrue(privileges.body.contains("current-user-privilege-set") && privileges.body.contains("read"), privileges.body)
        XCTAssertFalse(privileges.body.contains("write"), "read, not write: \(privileges.body)")

        let event = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//App//EN", "BEGIN:VEVENT", "UID:mine", "DTSTAMP:20261201T000000Z",
            "DTSTART:20261228T100000Z", "DTEND:20261228T110000Z", "SUMMARY:Mine", "END:VEVENT", "END:VCALENDAR", "",
        ].joined(separator: "\r\n")
        XCTAssertEqual(try ask("PUT", path + "mine.ics", headers: ["If-None-Match: *"], body: event).status, 403)
        let member = try XCTUnwrap(listed.dropFirst().first?.child("DAV:", "href")?.text)
        XCTAssertEqual(try ask("DELETE", member).status, 403)
        XCTAssertEqual(try eventStore.read { store throws(StoreError) in try store.series(inCalendars: [calendar.calendarIdentifier]) }.count, 4)
    }
}
