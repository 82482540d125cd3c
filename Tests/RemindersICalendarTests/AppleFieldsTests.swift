import Foundation
import RemindersICalendarFormat
import RemindersModel
import XCTest
@testable import RemindersICalendar

/// What Reminders on an iPhone writes into a CalDAV account's VTODOs, read and written back: the
/// manual order (`X-APPLE-SORT-ORDER`) and location alarms (`X-APPLE-STRUCTURED-LOCATION` with
/// `X-APPLE-PROXIMITY`), as in seed 001's "when I arrive" reminder.
final class AppleFieldsTests: XCTestCase {
    let now = Timestamp(rfc3339: "2026-12-01T10:00:00Z")!

    /// A VTODO as iOS 17 writes it (its properties in its order, the geo URI's comma unescaped).
    static let fromThePhone = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Apple Inc.//iOS 17.1//EN\r
        BEGIN:VTODO\r
        CREATED:20261130T091500Z\r
        DTSTAMP:20261130T091532Z\r
        LAST-MODIFIED:20261130T091532Z\r
        SEQUENCE:0\r
        STATUS:NEEDS-ACTION\r
        SUMMARY:Call my wife\r
        UID:7A1D0C6E-2B3F-4F0E-9C1A-6D2E8B4F1A22\r
        X-APPLE-SORT-ORDER:738832532\r
        BEGIN:VALARM\r
        ACTION:DISPLAY\r
        DESCRIPTION:Reminder\r
        TRIGGER;VALUE=DATE-TIME:19760401T005545Z\r
        UID:5B3E1E0A-9F3C-4C5D-8A0B-0E1F2A3B4C5D\r
        X-APPLE-PROXIMITY:ARRIVE\r
        X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-APPLE-MAPKIT-HANDLE=CAESBg==;X-APPLE-RADIUS=2000;X-APPLE-REFERENCEFRAME=1;X-TITLE=Home:geo:38.9717,-95.2353\r
        X-WR-ALARMUID:5B3E1E0A-9F3C-4C5D-8A0B-0E1F2A3B4C5D\r
        END:VALARM\r
        END:VTODO\r
        END:VCALENDAR\r

        """

    func testThePhonesOrderAndLocationAlarmAreRead() throws {
        let reading = try TodoReader.read(try CalendarObject(parsing: Self.fromThePhone), now: now)
        XCTAssertEqual(reading.reminder.sortOrder, 738_832_532)
        XCTAssertEqual(
            reading.reminder.alarms,
            [
                Alarm(
                    alarmIdentifier: "5B3E1E0A-9F3C-4C5D-8A0B-0E1F2A3B4C5D",
                    trigger: .location(
                        StructuredLocation(title: "Home", geoLocation: GeoLocation(latitude: 38.9717, longitude: -95.2353), radius: 2000), .enter))
            ])
    }

    func testAReminderPlacedHereCarriesItsOrderAndTheUnchangedAlarmGoesBackAsItCame() throws {
        let original = try CalendarObject(parsing: Self.fromThePhone)
        var reminder = try TodoReader.read(original, now: now).reminder
        reminder.sortOrder = -5
        reminder.lastModifiedDate = now
        let text = TodoWriter.object(for: reminder, parentUID: nil, original: original, now: now).text
        XCTAssertTrue(text.contains("X-APPLE-SORT-ORDER:-5\r\n"), text)
        XCTAssertEqual(text.components(separatedBy: "X-APPLE-SORT-ORDER").count, 2, "one manual order, not two")
        let alarm = Self.fromThePhone.components(separatedBy: "BEGIN:VALARM")[1].components(separatedBy: "END:VALARM")[0]
        // (folded at 75 octets on the way out, as RFC 5545 has long lines)
        XCTAssertTrue(text.replacingOccurrences(of: "\r\n ", with: "").contains(alarm), "the phone's alarm, as it came:\n\(text)")
        XCTAssertEqual(try TodoReader.read(try CalendarObject(parsing: text), now: now).reminder.sortOrder, -5)

        reminder.sortOrder = nil
        let cleared = TodoWriter.object(for: reminder, parentUID: nil, original: original, now: now).text
        XCTAssertFalse(cleared.contains("X-APPLE-SORT-ORDER"), cleared)
    }

    func testSeed001sArrivalReminderIsWrittenInApplesForm() throws {
        var reminder = Reminder(calendarItemIdentifier: "R", calendarIdentifier: "L", title: "Listen to the station", creationDate: now)
        reminder.alarms = [
            Alarm(
                alarmIdentifier: "GEO",
                trigger: .location(
                    StructuredLocation(title: "KJHK 90.7", geoLocation: GeoLocation(latitude: 38.9543, longitude: -95.2558), radius: 3000), .enter))
        ]
        let text = TodoWriter.object(for: reminder, parentUID: nil, original: nil, now: now).text.replacingOccurrences(of: "\r\n ", with: "")
        for line in [
            "TRIGGER;VALUE=DATE-TIME:19760401T005545Z", "X-APPLE-PROXIMITY:ARRIVE",
            #"X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-APPLE-RADIUS=3000;X-APPLE-REFERENCEFRAME=1;X-TITLE="KJHK 90.7":geo:38.9543,-95.2558"#,
        ] {
            XCTAssertTrue(text.contains(line + "\r\n"), "missing \(line) in\n\(text)")
        }
        XCTAssertEqual(try TodoReader.read(try CalendarObject(parsing: text), now: now).reminder.alarms, reminder.alarms)
    }

    func testWhatIsNoIntegerIsNoOrder() throws {
        for value in ["first", "1.5", "99999999999999999999", ""] {
            let text = Self.fromThePhone.replacingOccurrences(of: "X-APPLE-SORT-ORDER:738832532", with: "X-APPLE-SORT-ORDER:\(value)")
            XCTAssertNil(try TodoReader.read(try CalendarObject(parsing: text), now: now).reminder.sortOrder, value)
        }
    }
}
