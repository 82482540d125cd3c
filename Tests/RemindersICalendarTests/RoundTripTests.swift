import Foundation
import RemindersICalendarFormat
import RemindersModel
import XCTest
@testable import RemindersICalendar

/// Reminder → VTODO → reminder keeps every mapped field.
final class RoundTripTests: XCTestCase {
    let now = Timestamp(rfc3339: "2026-12-01T10:00:00Z")!

    func sample() -> Reminder {
        var reminder = Reminder(
            calendarItemIdentifier: "LOCAL-1", calendarIdentifier: "LIST", title: "Buy milk, eggs; bread",
            creationDate: Timestamp(rfc3339: "2026-11-01T08:00:00Z")!)
        reminder.calendarItemExternalIdentifier = "uid/with slash ü@example.com"
        reminder.lastModifiedDate = Timestamp(rfc3339: "2026-11-20T08:30:00Z")!
        reminder.notes = "Line one\nLine two, with \\ backslash"
        reminder.url = "https://example.com/list?a=1;b=2"
        reminder.location = "Corner shop"
        reminder.priority = 4
        reminder.startDateComponents = ItemDateComponents(year: 2027, month: 3, day: 27, hour: 9, minute: 0, timeZone: "Europe/Berlin")
        reminder.dueDateComponents = ItemDateComponents(year: 2027, month: 3, day: 29, hour: 9, minute: 30, timeZone: "Europe/Berlin")
        reminder.alarms = [
            Alarm(alarmIdentifier: "A1", trigger: .relative(offset: -900)),
            Alarm(alarmIdentifier: "A2", trigger: .absolute(Timestamp(rfc3339: "2027-03-29T06:00:00Z")!)),
            Alarm(
                alarmIdentifier: "A3",
                trigger: .location(
                    StructuredLocation(
                        title: "Home, sweet home",
                        geoLocation:
                            GeoLocation(latitude: 52.52, longitude: 13.405), radius: 100), .enter)),
            Alarm(
                alarmIdentifier: "A4",
                trigger: .location(
                    StructuredLocation(
                        title: "Office",
                        geoLocation:
                            GeoLocation(latitude: -33.8688, longitude: 151.2093)), .leave)),
        ]
        reminder.recurrenceRules = [try! RecurrenceRule(rrule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE")]
        reminder.tags = ["home", "Errands"]
        reminder.isFlagged = true
        reminder.sortOrder = 704_045_339
        reminder.timeZone = "Europe/Berlin"
        return reminder
    }

    private func roundTrip(_ reminder: Reminder, parentUID: String? = nil) throws -> (TodoReading, String) {
        let object = TodoWriter.object(for: reminder, parentUID: parentUID, original: nil, now: now)
        let text = object.text
        let reread = try CalendarObject(parsing: text)
        return (try TodoReader.read(reread, now: now), text)
    }

    private func expected(_ reminder: Reminder) -> Reminder {
        var expected = reminder
        expected.calendarItemIdentifier = ""
        expected.calendarIdentifier = ""
        return expected
    }

    func testEveryMappedFieldComesBack() throws {
        let (reading, text) = try roundTrip(sample(), parentUID: "PARENT-UID")
        XCTAssertEqual(reading.reminder, expected(sample()))
        XCTAssertEqual(reading.parentUID, "PARENT-UID")
        XCTAssertEqual(reading.uid, "uid/with slash ü@example.com")
        for line in [
            "PRIORITY:4", "DUE;TZID=Europe/Berlin:20270329T093000", "TRIGGER;RELATED=END:-PT15M",
            "TRIGGER;VALUE=DATE-TIME:20270329T060000Z", "X-APPLE-PROXIMITY:ARRIVE", "X-APPLE-PROXIMITY:DEPART",
            "CATEGORIES:home,Errands", "RELATED-TO;RELTYPE=PARENT:PARENT-UID", "STATUS:NEEDS-ACTION",
            "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE", "X-APPLE-SORT-ORDER:704045339", "BEGIN:VTIMEZONE", "TZID:Europe/Berlin",
            "DTSTAMP:20261201T100000Z",
            #"SUMMARY:Buy milk\, eggs\; bread"#,
        ] {
            XCTAssertTrue(text.contains(line + "\r\n"), "missing \(line) in\n\(text)")
        }
    }

    func testDatesOfEveryKind() throws {
        let kinds: [ItemDateComponents] = [
            ItemDateComponents(year: 2026, month: 12, day: 24),
            ItemDateComponents(year: 2026, month: 10, day: 25, hour: 2, minute: 30),  // floating, in Berlin's repeated hour
            ItemDateComponents(year: 2026, month: 3, day: 29, hour: 2, minute: 30, timeZone: "Europe/Berlin"),  // skipped hour
            ItemDateComponents(year: 2026, month: 11, day: 1, hour: 1, minute: 30, second: 15, timeZone: "America/New_York"),
            ItemDateComponents(year: 2026, month: 6, day: 1, hour: 23, minute: 59, timeZone: "UTC"),
        ]
        for due in kinds {
            var reminder = Reminder(calendarItemIdentifier: "X", calendarIdentifier: "L", title: "dated", creationDate: now)
            reminder.calendarItemExternalIdentifier = "dated@x"
            reminder.dueDateComponents = due
            reminder.timeZone = due.isFloating ? nil : due.timeZone
            let (reading, text) = try roundTrip(reminder)
            XCTAssertEqual(reading.reminder.dueDateComponents, due, text)
        }
        let (_, allDay) = try roundTrip(
            {
                var r = sample(); r.dueDateComponents = kinds[0]; r.startDateComponents = nil; r.alarms = []; return r
            }())
        XCTAssertTrue(allDay.contains("DUE;VALUE=DATE:20261224\r\n"))
        let (_, utc) = try roundTrip(
            {
                var r = sample(); r.dueDateComponents = kinds[4]; r.startDateComponents = nil; return r
            }())
        XCTAssertTrue(utc.contains("DUE:20260601T235900Z\r\n"), utc)
    }

    func testCompletionBothWays() throws {
        var done = sample()
        done.isCompleted = true
        done.completionDate = Timestamp(rfc3339: "2026-11-30T18:00:00Z")!
        let (reading, text) = try roundTrip(done)
        XCTAssertEqual(reading.reminder.isCompleted, true)
        XCTAssertEqual(reading.reminder.completionDate, done.completionDate)
        XCTAssertTrue(
            text.contains("STATUS:COMPLETED\r\n") && text.contains("COMPLETED:20261130T180000Z\r\n")
                && text.contains("PERCENT-COMPLETE:100\r\n"))
    }
}
