import RemindersICalendarFormat
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
        let reading = try EventReader.read(
            try calendar(
                """
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
        var event = Event(
            eventIdentifier: "e", calendarIdentifier: "c", title: "Holiday", start: ItemDateComponents(year: 2026, month: 12, day: 24),
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

    /// Over the object it was read from, what remindersd does not map stays with its occurrence,
    /// and what it maps is written once, afresh.
    func testWhatIsNotMappedIsCarriedOverPerOccurrence() throws {
        let original = try calendar(
            """
            BEGIN:VEVENT
            UID:team@example.com
            DTSTART:20270104T090000Z
            DTEND:20270104T100000Z
            RRULE:FREQ=WEEKLY;COUNT=3
            SUMMARY:Team
            ATTENDEE;CN=Sam:mailto:sam@example.com
            X-OTHER:kept
            BEGIN:VALARM
            ACTION:DISPLAY
            TRIGGER:-PT10M
            END:VALARM
            BEGIN:VALARM
            ACTION:EMAIL
            TRIGGER:-P1D
            SUMMARY:s
            END:VALARM
            END:VEVENT
            BEGIN:VEVENT
            UID:team@example.com
            RECURRENCE-ID:20270111T090000Z
            DTSTART:20270111T100000Z
            DTEND:20270111T110000Z
            SUMMARY:Team (later)
            X-OVERRIDE:only here
            END:VEVENT

            """)
        let reading = try EventReader.read(original, now: now)
        var series = reading.series
        series.title = "Team sync"
        let text = EventWriter.object(for: series, detached: reading.detached, original: original, now: now).text
        let lines = text.components(separatedBy: "\r\n")
        XCTAssertTrue(lines.contains("SUMMARY:Team sync"))
        XCTAssertFalse(lines.contains("SUMMARY:Team"))
        XCTAssertEqual(lines.filter { $0 == "ATTENDEE;CN=Sam:mailto:sam@example.com" }.count, 1)
        XCTAssertEqual(lines.filter { $0 == "X-OTHER:kept" }.count, 1)
        XCTAssertEqual(lines.filter { $0 == "X-OVERRIDE:only here" }.count, 1)
        XCTAssertEqual(lines.filter { $0 == "BEGIN:VALARM" }.count, 2, "the display alarm written once, the email alarm kept")
        XCTAssertEqual(lines.filter { $0 == "ACTION:EMAIL" }.count, 1)
        // The override's own property stays in the override.
        let override = try XCTUnwrap(try Component.parse(text).first?.components.first { $0.property("RECURRENCE-ID") != nil })
        XCTAssertEqual(override.value("X-OVERRIDE"), "only here")
        XCTAssertNil(override.value("X-OTHER"))
        XCTAssertEqual(try EventReader.read(try XCTUnwrap(try Component.parse(text).first), now: now).series.title, "Team sync")
    }

    /// What a sync compares: an event read back from what remindersd wrote is the same content,
    /// whatever order its exceptions were made in; a changed field is not.
    func testSameContentIsWhatICalendarKeeps() throws {
        var event = Event(
            eventIdentifier: "e", calendarIdentifier: "c", title: "Weekly",
            start: ItemDateComponents(year: 2027, month: 1, day: 4, hour: 9, minute: 0, timeZone: "Europe/Berlin"),
            duration: 1_800_000, creationDate: Timestamp(milliseconds: 1_796_000_000_123))
        event.recurrenceRules = [try RecurrenceRule(rrule: "FREQ=WEEKLY;COUNT=5")]
        event.alarms = [Alarm(alarmIdentifier: "a", trigger: .relative(offset: -600))]
        let first = Event.occurrenceKey(ItemDateComponents(year: 2027, month: 1, day: 11, hour: 9, minute: 0, timeZone: "Europe/Berlin"))
        let second = Event.occurrenceKey(ItemDateComponents(year: 2027, month: 1, day: 18, hour: 9, minute: 0, timeZone: "Europe/Berlin"))
        event.exceptionDates = [second, first]
        let read = try EventReader.read(EventWriter.object(for: event, detached: [], now: now).calendar, now: now).series
        XCTAssertTrue(read.sameContent(as: event), "\(read)\n\(event)")
        var renamed = read
        renamed.title = "Weekly sync"
        XCTAssertFalse(renamed.sameContent(as: event))
    }
}
