import EventKit
import Foundation
import RemindersTestSupport
import XCTest

/// A rule a calendar holds and EventKit cannot (issue 50, 3) — Outlook's yearly birthday by
/// BYMONTH and BYMONTHDAY — reaches an EventKit program as the nearest rule EventKit holds, and
/// its occurrences are the calendar's.
final class EKCalendarOnlyRuleTests: XCTestCase {
    let folder = TemporaryFolder()

    override func setUp() { EventKitTests.prepare(client: "eventkit-birthday", store: folder.store) }

    func testOutlooksBirthdayIsReadAsTheNearestYearlyRule() throws {
        let store = EKEventStore()
        let calendar = try XCTUnwrap(store.defaultCalendarForNewEvents)
        let text = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            BEGIN:VEVENT\r
            UID:ana-birthday@outlook.test\r
            DTSTAMP:20261201T080000Z\r
            SUMMARY:Ana's birthday\r
            DTSTART;VALUE=DATE:20270315\r
            DTEND;VALUE=DATE:20270316\r
            RRULE:FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=15\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
        try EventKitTests.importICalendar(text, into: calendar.calendarIdentifier, store: folder.store, client: "eventkit-birthday")
        let from = Date(timeIntervalSince1970: 1_798_761_600)  // 2027-01-01
        let events = store.events(matching: store.predicateForEvents(withStart: from, end: from.addingTimeInterval(2 * 365 * 86_400), calendars: nil))
        XCTAssertEqual(events.count, 2, "2027 and 2028")
        let rule = try XCTUnwrap(events.first?.recurrenceRules?.first)
        XCTAssertEqual(rule.frequency, .yearly)
        XCTAssertNil(rule.daysOfTheMonth, "EventKit holds daysOfTheMonth on monthly rules only")
        XCTAssertEqual(rule.monthsOfTheYear, [3])
    }
}
