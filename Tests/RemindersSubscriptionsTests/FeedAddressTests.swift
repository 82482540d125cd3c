import Foundation
import RemindersModel
import XCTest

@testable import RemindersSubscriptions

/// What may be fetched, and where a redirect may lead.
final class FeedAddressTests: XCTestCase {
    func testWebcalIsTheHTTPItMeansAndNothingButHTTPIsFetched() throws {
        XCTAssertEqual(try FeedAddress.normalized("webcal://example.com/a.ics").absoluteString, "http://example.com/a.ics")
        XCTAssertEqual(try FeedAddress.normalized("WEBCALS://example.com/a.ics?t=1").absoluteString, "https://example.com/a.ics?t=1")
        XCTAssertEqual(try FeedAddress.normalized(" https://example.com/a.ics\n").absoluteString, "https://example.com/a.ics")
        for refused in ["file:///etc/passwd", "ftp://example.com/a.ics", "http:///a.ics", "http://user:pw@example.com/a.ics", "", "a.ics"] {
            XCTAssertThrowsError(try FeedAddress.normalized(refused), refused)
        }
    }

    func testARedirectLeadsOnlyToHTTPAndNeverDownFromHTTPS() throws {
        let secure = try XCTUnwrap(URL(string: "https://example.com/feed.ics"))
        let plain = try XCTUnwrap(URL(string: "http://example.com/feed.ics"))
        XCTAssertEqual(try FeedAddress.redirect(from: secure, to: "/new.ics").absoluteString, "https://example.com/new.ics")
        XCTAssertEqual(try FeedAddress.redirect(from: plain, to: "https://cdn.example.com/f.ics").absoluteString, "https://cdn.example.com/f.ics")
        XCTAssertThrowsError(try FeedAddress.redirect(from: secure, to: "http://example.com/feed.ics")) { error in
            XCTAssertEqual("\(error)", "the server redirected from https to http, which is not followed")
        }
        XCTAssertThrowsError(try FeedAddress.redirect(from: plain, to: "file:///etc/passwd")) { error in
            XCTAssertEqual("\(error)", "the server redirected to a file: address, which is not followed")
        }
        XCTAssertThrowsError(try FeedAddress.redirect(from: plain, to: "gopher://example.com/"))
    }

    func testTheAddressShownHasNoSecretsAndTheBackoffDoublesUpToTheInterval() {
        XCTAssertEqual(
            CalendarSubscription.redacted("https://calendar.example.com/ical/private-9f8e/basic.ics?token=abc"),
            "https://calendar.example.com/ical/private-9f8e/basic.ics?…")
        XCTAssertEqual(CalendarSubscription.redacted("https://ana:pw@example.com/a.ics"), "https://example.com/a.ics")
        XCTAssertEqual((1...5).map { CalendarSubscription.backoff(afterFailures: $0, interval: 3600) }, [300, 600, 1200, 2400, 3600])
        XCTAssertEqual(CalendarSubscription.backoff(afterFailures: 60, interval: 86_400), 86_400)
        var subscription = CalendarSubscription(calendarIdentifier: "c", url: "https://example.com/a.ics", interval: 900)
        XCTAssertEqual(subscription.effectiveInterval, 900)
        subscription.feedInterval = 43_200
        XCTAssertEqual(subscription.effectiveInterval, 43_200, "never more often than the feed asks")
        subscription.interval = 60
        subscription.feedInterval = 60
        XCTAssertEqual(subscription.effectiveInterval, CalendarSubscription.minimumInterval)
    }
}
