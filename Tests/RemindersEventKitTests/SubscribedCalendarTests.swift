import EventKit
import Foundation
import RemindersTestSupport
import XCTest

/// A subscribed calendar as an EventKit program sees it: of the "Subscribed Calendars" source
/// (`EKSourceType.subscribed`), `isSubscribed`, not writable, and a save into it refused with
/// `EKError.calendarReadOnly` — the feed published on 127.0.0.1 and subscribed to with the command line.
final class SubscribedCalendarTests: XCTestCase {
    let folder = TemporaryFolder()

    override func setUp() { EventKitTests.prepare(client: "subscribed-tests", store: folder.store) }

    func testASubscribedCalendarIsOfTheSubscribedSourceAndRefusesSaves() throws {
        let publisher = try LocalFeedPublisher()
        try publisher.publishFixture("fixtures.ics")
        let added = try RemindersdProcess.run(["subscriptions", "add", publisher.base + "/fixtures.ics", "--store", folder.store])
        XCTAssertEqual(added.status, 0, added.stderr)

        let store = EKEventStore()
        let calendar = try XCTUnwrap(store.calendars(for: .event).first { $0.title == "Rovers FC fixtures" })
        XCTAssertEqual(calendar.source.sourceType, .subscribed)
        XCTAssertEqual(calendar.source.title, "Subscribed Calendars")
        XCTAssertEqual(calendar.type, .subscription)
        XCTAssertTrue(calendar.isSubscribed)
        XCTAssertFalse(calendar.allowsContentModifications)
        XCTAssertTrue(store.sources.contains { $0.sourceType == .subscribed })
        XCTAssertFalse(try XCTUnwrap(store.defaultCalendarForNewEvents).isSubscribed)

        let match = EKEvent(eventStore: store)
        match.title = "My own match"
        match.startDate = Date(timeIntervalSince1970: 1_797_000_000)
        match.endDate = match.startDate.addingTimeInterval(3600)
        match.calendar = calendar
        XCTAssertThrowsError(try store.save(match, span: .thisEvent)) { error in
            XCTAssertEqual((error as? EKError)?.code, .calendarReadOnly, "\(error)")
        }
        let range = store.predicateForEvents(
            withStart: Date(timeIntervalSince1970: 1_796_000_000), end: Date(timeIntervalSince1970: 1_830_000_000), calendars: [calendar])
        let fixtures = store.events(matching: range)
        XCTAssertEqual(Set(fixtures.map(\.title)), ["Rovers v City", "United v Rovers"])
        let first = try XCTUnwrap(fixtures.first)
        first.title = "Renamed"
        XCTAssertThrowsError(try store.save(first, span: .thisEvent)) { error in
            XCTAssertEqual((error as? EKError)?.code, .calendarReadOnly, "\(error)")
        }
        XCTAssertThrowsError(try store.remove(first, span: .thisEvent)) { error in
            XCTAssertEqual((error as? EKError)?.code, .calendarReadOnly, "\(error)")
        }
        // The owner's own alert on a fixture: its alarms are the one thing of it that is theirs.
        first.rollback()
        first.addAlarm(EKAlarm(relativeOffset: -1800))
        XCTAssertNoThrow(try store.save(first, span: .futureEvents))
        let again = store.events(matching: range).first { $0.eventIdentifier == first.eventIdentifier }
        XCTAssertEqual(again?.alarms?.map(\.relativeOffset), [-1800])
    }
}
