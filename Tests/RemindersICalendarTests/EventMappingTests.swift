import ICalendar
import RemindersModel
import XCTest
@testable import RemindersICalendar

/// VEVENT ↔ Event: what another calendar writes is read right, and what remindersd writes reads back the same.
final class EventMappingTests: XCTestCase {
    let now = Timestamp(milliseconds: 1_796_000_000_000)

    private func calendar(_ body: String) throws -> Component {
        try XCTUnwrap(try Component.parse("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + body + "END:VCALENDAR\r\n").first)
    }

    func testAForeignSeriesWithAnOverrideAndExceptions() throws {
        let reading = try EventReader.read(try calendar("""
            BEGIN:VEVENT\r
            UID:weekly@example.com\r
            DTSTART:20270104T090000Z\r
            DURATION:PT45M\r
            RRULE:FREQ=WEEKLY;COUNT=6\r
            EXDATE:20270111T090000Z,20270118T090000Z\r
            SUMMARY:Review\r
            LOCATION:Room 2\r
            GEO:52.52;13.405\r
            STATUS:CANCELLED\r
            TRANSP:TRANSPARENT\r
            BEGIN:VALARM\r
            ACTION:DISPLAY\r
            TRIGGER:-PT10M\r
            END:VALARM\r
            BEGIN:VALARM\r
            ACTION:DISPLAY\r
            TRIGGER;RELATED=END:PT5M\r
            END:VALARM\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:weekly@example.com\r
            RECURRENCE-ID:20270125T090000Z\r
            DTSTART:20270125T100000Z\r
            DTEND:20270125T110000Z\r
            SUMMARY:Review (later)\r
            END:VEVENT\r

            """), now: now)
        XCTAssertEqual(reading.uid, "weekly@example.com")
        let series = reading.series
        XCTAssertEqual(series.duration, 45 * 60_000)
        XCTAssertEqual(series.start.timeZone, "UTC")
        XCTAssertEqual(series.recurrenceRules.first?.rrule, "FREQ=WEEKLY;COUNT=6")
        XCTAssertEqual(series.exceptionDates.count, 2)
        XCTAssertEqual(series.structuredLocation?.geoLocation, GeoLocation(latitude: 52.52, longitude: 13.405))
        XCTAssertEqual(series.status, .canceled)
        XCTAssertEqual(series.availability, .free)
        XCTAssertEqual(series.alarms.map(\.relativeOffset), [-600, 45 * 60 + 300], "from the start; RELATED=END from the end")
        XCTAssertEqual(reading.detached.count, 1)
        XCTAssertEqual(reading.detached[0].originalOccurrence, Timestamp(rfc3339: "2027-01-25T09:00:00Z")?.milliseconds)
        XCTAssertEqual(reading.detached[0].title, "Review (later)")
    }

    func testWhatRemindersdWritesReadsBackTheSame() throws {
        var event = Event(eventIdentifier: "e", calendarIdentifier: "c", title: "Holiday", start: ReminderDateComponents(year: 2026, month: 12, day: 24),
                          duration: 2 * 86_400_000, creationDate: now)
        event.calendarItemExternalIdentifier = "holiday-uid"
        event.notes = "Two days, with a line\nbreak"
        let object = EventWriter.object(for: event, detached: [], now: now)
        XCTAssertTrue(object.text.contains("DTEND;VALUE=DATE:20261226\r\n"))
        var read = try EventReader.read(object.calendar, now: now).series
        read.eventIdentifier = "e"
        read.calendarIdentifier = "c"
        XCTAssertEqual(read, event)
    }

    func testAVEventWithoutAStartIsNamed() {
        XCTAssertThrowsError(try EventReader.read(try calendar("BEGIN:VEVENT\r\nUID:x\r\nSUMMARY:No start\r\nEND:VEVENT\r\n"), now: now)) { error in
            XCTAssertTrue("\(error)".contains("DTSTART"), "\(error)")
        }
    }
}
