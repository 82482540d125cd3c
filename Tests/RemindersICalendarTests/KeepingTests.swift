import Foundation
import RemindersICalendarFormat
import RemindersModel
import XCTest
@testable import RemindersICalendar

/// What another client wrote and remindersd does not map goes back unchanged.
final class KeepingTests: XCTestCase {
    let now = Timestamp(rfc3339: "2026-12-01T10:00:00Z")!

    let foreign = """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Another Client//EN
        X-WR-CALNAME:Shopping
        BEGIN:VTIMEZONE
        TZID:W. Europe Standard Time
        BEGIN:STANDARD
        DTSTART:16010101T030000
        TZOFFSETFROM:+0200
        TZOFFSETTO:+0100
        RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10
        END:STANDARD
        BEGIN:DAYLIGHT
        DTSTART:16010101T020000
        TZOFFSETFROM:+0100
        TZOFFSETTO:+0200
        RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3
        END:DAYLIGHT
        END:VTIMEZONE
        BEGIN:VTODO
        UID:foreign-1
        DTSTAMP:20261101T000000Z
        SUMMARY;LANGUAGE=de:Milch kaufen
        DUE;TZID=W. Europe Standard Time:20261205T180000
        DTSTART;TZID=W. Europe Standard Time:20261205T120000
        STATUS:IN-PROCESS
        PERCENT-COMPLETE:40
        x-custom-thing;X-PARAM="a:b":kept byte for byte, even \\, this
        ATTENDEE;CN="Sam";ROLE=REQ-PARTICIPANT:mailto:sam@example.com
        SEQUENCE:7
        CATEGORIES:home,Two Words
        URL:javascript:alert(1)
        PRIORITY:12
        RRULE:FREQ=HOURLY;INTERVAL=3
        BEGIN:VALARM
        ACTION:DISPLAY
        DESCRIPTION:Before start
        TRIGGER:-PT30M
        END:VALARM
        BEGIN:VALARM
        ACTION:EMAIL
        SUMMARY:Mail me
        DESCRIPTION:An email alarm
        ATTENDEE:mailto:me@example.com
        TRIGGER;RELATED=END:-P1D
        END:VALARM
        END:VTODO
        END:VCALENDAR
        """

    func testReadsWhatItCanAndLeavesTheRest() throws {
        let object = try CalendarObject(parsing: foreign)
        let reading = try TodoReader.read(object, now: now)
        let reminder = reading.reminder
        XCTAssertEqual(reminder.title, "Milch kaufen")
        XCTAssertEqual(reminder.dueDateComponents, ItemDateComponents(year: 2026, month: 12, day: 5, hour: 18, minute: 0, timeZone: "Europe/Berlin"))
        XCTAssertFalse(reminder.isCompleted)
        XCTAssertEqual(reminder.tags, ["home"])
        XCTAssertNil(reminder.url)
        XCTAssertEqual(reminder.priority, 0)
        XCTAssertEqual(reminder.recurrenceRules, [])
        // START-related: it stays so, whatever the due date does (Evolution and the phone ring it so).
        XCTAssertEqual(reminder.alarms.map(\.trigger), [.relativeToStart(offset: -1800)])
    }

    /// Radicale cuts Apple's `geo:LAT,LON` at its unescaped comma: with no place left the alarm is
    /// kept in the item as it came, not read as one at Apple's placeholder time (1976).
    func testALocationAlarmWithoutItsPlaceIsNoAlarmAtThePlaceholderTime() throws {
        func alarms(_ uri: String) throws -> [Alarm.Trigger] {
            let text = [
                "BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:geo", "SUMMARY:Leave home", "BEGIN:VALARM", "ACTION:DISPLAY",
                "TRIGGER;VALUE=DATE-TIME:19760401T005545Z", "X-APPLE-PROXIMITY:DEPART",
                "X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-APPLE-RADIUS=150;X-TITLE=\"Home\":\(uri)",
                "END:VALARM", "END:VTODO", "END:VCALENDAR",
            ].joined(separator: "\n")
            return try TodoReader.read(try CalendarObject(parsing: text), now: now).reminder.alarms.map(\.trigger)
        }
        var home = StructuredLocation(title: "Home")
        home.geoLocation = GeoLocation(latitude: 52.52, longitude: 13.405)
        home.radius = 150
        XCTAssertEqual(try alarms("geo:52.52,13.405"), [.location(home, .leave)])
        XCTAssertEqual(try alarms("geo:52.52\\,13.405"), [.location(home, .leave)], "a comma escaped as TEXT")
        XCTAssertEqual(try alarms("geo:52.52"), [])
        XCTAssertEqual(try alarms("geo:north"), [])
    }

    func testAnUnchangedReminderIsWrittenBackAsItCame() throws {
        let object = try CalendarObject(parsing: foreign)
        let reading = try TodoReader.read(object, now: now)
        let written = TodoWriter.object(for: reading.reminder, parentUID: nil, original: object, now: now)
        func withoutStamp(_ text: String) -> [String] {
            ContentLines.unfold(text).map(\.text).filter { !$0.hasPrefix("DTSTAMP") }
        }
        XCTAssertEqual(withoutStamp(written.text), withoutStamp(object.text))
    }

    func testAChangeRewritesOnlyItsField() throws {
        let object = try CalendarObject(parsing: foreign)
        var reminder = try TodoReader.read(object, now: now).reminder
        let kept = try XCTUnwrap(reminder.alarms.first?.alarmIdentifier)
        XCTAssertTrue(kept.hasPrefix("foreign-1-alarm-"), "an alarm without a UID is known by what it says: \(kept)")
        reminder.title = "Buy milk"
        reminder.tags = ["home", "shop"]
        reminder.alarms.append(Alarm(alarmIdentifier: "NEW", trigger: .relative(offset: -600)))
        let text = TodoWriter.object(for: reminder, parentUID: nil, original: object, now: now).text
        for kept in [
            #"x-custom-thing;X-PARAM="a:b":kept byte for byte, even \, this"#, "SEQUENCE:7", "STATUS:IN-PROCESS",
            "PERCENT-COMPLETE:40", "URL:javascript:alert(1)", "PRIORITY:12", "RRULE:FREQ=HOURLY;INTERVAL=3",
            "ACTION:EMAIL", "TZID:W. Europe Standard Time", "SUMMARY;LANGUAGE=de:Buy milk", "CATEGORIES:home,shop,Two Words",
            "X-WR-CALNAME:Shopping", #"ATTENDEE;CN="Sam";ROLE=REQ-PARTICIPANT:mailto:sam@example.com"#,
        ] {
            XCTAssertTrue(text.contains(kept + "\r\n"), "lost \(kept) in\n\(text)")
        }
        // The alarm not changed keeps its VALARM as it came, and its place; the new one goes after.
        XCTAssertTrue(text.contains("DESCRIPTION:Before start\r\n"), "the unchanged alarm was rewritten:\n\(text)")
        let reread = try TodoReader.read(try CalendarObject(parsing: text), now: now).reminder
        XCTAssertEqual(reread.alarms.map(\.alarmIdentifier), [kept, "NEW"])
        XCTAssertEqual(reread.title, "Buy milk")
    }

    func testItemsThatAreNoReminder() {
        for (text, words) in [
            ("BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY:x\nEND:VTODO\nEND:VCALENDAR", "without a UID"),
            ("BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:u\nEND:VTODO\nEND:VCALENDAR", "no SUMMARY"),
            ("BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:u\nSUMMARY:s\nDUE:2026-12-01\nEND:VTODO\nEND:VCALENDAR", "line 5"),
        ] {
            XCTAssertThrowsError(try TodoReader.read(try CalendarObject(parsing: text), now: now)) { error in
                XCTAssertTrue("\(error)".contains(words), "\(error)")
            }
        }
    }

    func testAFileSplitsIntoObjectsByUID() throws {
        let file = """
            BEGIN:VCALENDAR
            VERSION:2.0
            BEGIN:VTIMEZONE
            TZID:Europe/Berlin
            END:VTIMEZONE
            BEGIN:VTODO
            UID:a
            SUMMARY:first
            DUE;TZID=Europe/Berlin:20261201T090000
            RRULE:FREQ=DAILY
            END:VTODO
            BEGIN:VEVENT
            UID:e
            SUMMARY:an event
            END:VEVENT
            BEGIN:VTODO
            UID:b
            SUMMARY:second
            END:VTODO
            BEGIN:VTODO
            UID:a
            RECURRENCE-ID;TZID=Europe/Berlin:20261202T090000
            SUMMARY:first, moved
            END:VTODO
            END:VCALENDAR
            """
        let items = try ICalendarDocument.items(file)
        var objects: [CalendarObject] = []
        var problems: [String] = []
        for item in items {
            switch item {
            case .object(let object, _): objects.append(object)
            case .problem(let uid, let line, let message): problems.append("\(uid ?? "-") \(line ?? 0) \(message)")
            }
        }
        XCTAssertEqual(objects.map(\.uid), ["a", "b"])
        XCTAssertEqual(objects[0].calendar.components.map(\.name), ["VTIMEZONE", "VTODO", "VTODO"])
        XCTAssertEqual(objects[1].calendar.components.map(\.name), ["VTODO"])
        XCTAssertEqual(problems, ["e 12 a VEVENT, not a VTODO: a list takes reminders (import events into an event calendar)"])
        let joined = ICalendarDocument.joined(objects)
        XCTAssertEqual(joined.components(separatedBy: "BEGIN:VTIMEZONE").count, 2)
        XCTAssertEqual(try ICalendarDocument.items(joined).count, 2)
    }
}
