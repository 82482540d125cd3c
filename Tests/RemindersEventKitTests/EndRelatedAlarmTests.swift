import EventKit
import Foundation
import RemindersTestSupport
import XCTest

/// Evolution's "10 minutes before the end" reaches an EventKit program as an offset from the start
/// (Apple's EKAlarm has no other), and an event saved back with a new end keeps it before the end.
final class EKEndRelatedAlarmTests: XCTestCase {
    let folder = TemporaryFolder()

    override func setUp() { EventKitTests.prepare(client: "eventkit-end-alarm", store: folder.store) }

    func testAnEventSavedWithANewEndKeepsItsAlarmBeforeTheEnd() throws {
        let store = EKEventStore()
        let calendar = try XCTUnwrap(store.defaultCalendarForNewEvents)
        let text = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            BEGIN:VEVENT\r
            UID:talk@evolution.test\r
            DTSTAMP:20261201T080000Z\r
            SUMMARY:Talk\r
            DTSTART:20270112T100000Z\r
            DTEND:20270112T110000Z\r
            BEGIN:VALARM\r
            X-EVOLUTION-ALARM-UID:20261201T080000Z-4242-1000-1-7@laptop\r
            ACTION:DISPLAY\r
            TRIGGER;VALUE=DURATION;RELATED=END:-PT10M\r
            END:VALARM\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
        try EventKitTests.importICalendar(text, into: calendar.calendarIdentifier, store: folder.store, client: "eventkit-end-alarm")
        let day = Date(timeIntervalSince1970: 1_799_712_000)  // 2027-01-12
        let event = try XCTUnwrap(
            store.events(matching: store.predicateForEvents(withStart: day, end: day.addingTimeInterval(86_400), calendars: nil)).first)
        XCTAssertEqual(event.alarms?.map(\.relativeOffset), [3000])
        event.endDate = event.endDate.addingTimeInterval(3600)
        try store.save(event, span: .thisEvent, commit: true)
        let again = try XCTUnwrap(store.event(withIdentifier: event.eventIdentifier))
        XCTAssertEqual(again.alarms?.map(\.relativeOffset), [6600], "still ten minutes before the end")
    }
}
