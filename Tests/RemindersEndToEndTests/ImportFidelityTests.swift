import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// What an import keeps, through the real binary: everything a VEVENT holds comes back out of an
/// export; importing twice changes nothing; an alarm added afterwards leaves the others as they came.
final class ImportFidelityTests: XCTestCase {
    let folder = TemporaryFolder()

    override func setUpWithError() throws {
        for entity in ["reminder", "event"] {
            XCTAssertEqual(
                try RemindersdProcess.run([
                    "permissions", "set", "--any-program", "fidelity", "fullAccess", "--entity", entity, "--store", folder.store,
                ]).status, 0)
        }
    }

    private func call(_ method: String, _ params: JSONValue) throws -> JSONValue {
        let result = try RemindersdProcess.run([
            "call", method, params.serialized, "--store", folder.store, "--client", "fidelity", "--time-zone", "Europe/Berlin",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        return try JSONParser.parse(result.stdout)
    }

    private func eventCalendar() throws -> String {
        let calendars = try call("calendars", ["entityType": "event"])
        return try XCTUnwrap(calendars["calendars"]?.arrayValue?.first?["calendarIdentifier"]?.stringValue)
    }

    static let meeting = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Microsoft Corporation//Outlook 16.0//EN\r
        BEGIN:VEVENT\r
        UID:meeting@example.com\r
        DTSTAMP:20261101T000000Z\r
        DTSTART:20261207T090000Z\r
        DTEND:20261207T100000Z\r
        SUMMARY;LANGUAGE=en:Planning\r
        ORGANIZER;CN=Ann:mailto:ann@example.com\r
        ATTENDEE;CN=Bob;ROLE=REQ-PARTICIPANT:mailto:bob@example.com\r
        CATEGORIES:Work,Planning\r
        CLASS:CONFIDENTIAL\r
        SEQUENCE:3\r
        X-MICROSOFT-CDO-BUSYSTATUS:BUSY\r
        BEGIN:VALARM\r
        ACTION:EMAIL\r
        SUMMARY:Mail me\r
        DESCRIPTION:Planning starts soon\r
        ATTENDEE:mailto:ann@example.com\r
        TRIGGER:-PT1H\r
        END:VALARM\r
        BEGIN:VALARM\r
        ACTION:AUDIO\r
        TRIGGER:-PT15M\r
        END:VALARM\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    /// ORGANIZER, ATTENDEE, CATEGORIES, CLASS, SEQUENCE, X- properties, EMAIL alarms and LANGUAGE
    /// survive import → export, as they survive a sync.
    func testAnImportedEventExportsWhatItCameWith() throws {
        let calendar = try eventCalendar()
        XCTAssertEqual(try call("importICalendar", ["text": .string(Self.meeting), "calendarIdentifier": .string(calendar)])["imported"], 1)
        let exported = try call("exportICalendar", ["calendarIdentifiers": [.string(calendar)]])["text"]?.stringValue ?? ""
        for line in [
            "ORGANIZER;CN=Ann:mailto:ann@example.com", "ATTENDEE;CN=Bob;ROLE=REQ-PARTICIPANT:mailto:bob@example.com",
            "CATEGORIES:Work,Planning", "CLASS:CONFIDENTIAL", "SEQUENCE:3", "X-MICROSOFT-CDO-BUSYSTATUS:BUSY", "ACTION:EMAIL",
            "DESCRIPTION:Planning starts soon", "ACTION:AUDIO",
        ] {
            XCTAssertTrue(exported.contains(line + "\r\n"), "lost \(line) in\n\(exported)")
        }
        XCTAssertTrue(exported.contains("SUMMARY;LANGUAGE=en:Planning\r\n") || exported.contains("LANGUAGE=en"), exported)
    }

    /// Without CREATED, importing again is `unchanged`, and moves neither date.
    func testReimportingAnEventWithoutCreatedChangesNothing() throws {
        let calendar = try eventCalendar()
        let params: JSONValue = ["text": .string(Self.meeting), "calendarIdentifier": .string(calendar)]
        XCTAssertEqual(try call("importICalendar", params)["imported"], 1)
        let range: JSONValue = ["start": "2026-12-01T00:00:00Z", "end": "2027-01-01T00:00:00Z"]
        let before = try call("fetchEvents", range)["events"]?.arrayValue?.first
        usleep(20_000)
        let again = try call("importICalendar", params)
        XCTAssertEqual(again["unchanged"], 1, "\(again)")
        XCTAssertEqual(again["updated"], 0)
        let after = try call("fetchEvents", range)["events"]?.arrayValue?.first
        XCTAssertEqual(after?["creationDate"], before?["creationDate"])
        XCTAssertEqual(after?["lastModifiedDate"], before?["lastModifiedDate"])
        // The export read back is the same events too.
        let exported = try call("exportICalendar", ["calendarIdentifiers": [.string(calendar)]])["text"] ?? ""
        XCTAssertEqual(try call("importICalendar", ["text": exported, "calendarIdentifier": .string(calendar)])["unchanged"], 1)
    }

    /// `addAlarm` on an imported reminder leaves its other alarms as they came: AUDIO stays AUDIO,
    /// the DESCRIPTION is not replaced by the title.
    func testAddingAnAlarmLeavesTheOthersAsTheyCame() throws {
        let todo = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            BEGIN:VTODO\r
            UID:bells@example.com\r
            DTSTAMP:20261101T000000Z\r
            SUMMARY:Water the plants\r
            DUE:20261210T090000Z\r
            BEGIN:VALARM\r
            ACTION:AUDIO\r
            DESCRIPTION:Ring the bell\r
            TRIGGER;RELATED=END:-PT30M\r
            END:VALARM\r
            END:VTODO\r
            END:VCALENDAR\r

            """
        XCTAssertEqual(try call("importICalendar", ["text": .string(todo)])["imported"], 1)
        let reminder = try XCTUnwrap(try call("fetchReminders", [:])["reminders"]?.arrayValue?.first)
        _ = try call("addAlarm", ["identifier": reminder["calendarItemIdentifier"]!, "alarm": ["relativeOffset": -60]])
        let exported = try call("exportICalendar", [:])["text"]?.stringValue ?? ""
        XCTAssertTrue(exported.contains("ACTION:AUDIO\r\n"), exported)
        XCTAssertTrue(exported.contains("DESCRIPTION:Ring the bell\r\n"), exported)
        XCTAssertEqual(exported.components(separatedBy: "BEGIN:VALARM").count - 1, 2, exported)
    }

    /// What cannot be held as the file has it is imported and named in `notes`.
    func testNotesNameWhatIsNotQuiteAsTheFileHasIt() throws {
        let calendar = try eventCalendar()
        let text =
            "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:z@test\r\nDTSTART;TZID=Nowhere Standard Time:20261207T090000\r\n"
            + "DURATION:PT1H\r\nSUMMARY:Somewhere\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let report = try call("importICalendar", ["text": .string(text), "calendarIdentifier": .string(calendar)])
        XCTAssertEqual(report["imported"], 1)
        XCTAssertTrue(report["notes"]?.arrayValue?.first?["message"]?.stringValue?.contains("Nowhere Standard Time") ?? false, "\(report)")
        XCTAssertEqual(report["notes"]?.arrayValue?.first?["uid"], "z@test")
        let cli = try RemindersdProcess.run(["import", "-", "--calendar", "Calendar", "--store", folder.store], stdin: text)
        XCTAssertTrue(cli.stderr.contains("note: z@test: z@test: TZID Nowhere Standard Time"), cli.stderr)
    }

    /// An Exchange-style override of this and later occurrences: imported as the series split
    /// there, every occurrence where the file puts it, again unchanged on a second import, and
    /// the same occurrences after an export and a fresh import.
    func testAnOverrideOfThisAndLaterOccurrencesIsImportedAsASplit() throws {
        let calendar = try eventCalendar()
        let text =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:standup@test\r\nDTSTART:20270104T090000Z\r\nDURATION:PT15M\r\n"
            + "RRULE:FREQ=DAILY;COUNT=5\r\nSUMMARY:Standup\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:standup@test\r\n"
            + "RECURRENCE-ID;RANGE=THISANDFUTURE:20270106T090000Z\r\nDTSTART:20270106T093000Z\r\nDURATION:PT15M\r\n"
            + "SUMMARY:Standup (later)\r\nATTENDEE:mailto:team@example.com\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let params: JSONValue = ["text": .string(text), "calendarIdentifier": .string(calendar)]
        let report = try call("importICalendar", params)
        XCTAssertEqual(report["imported"], 2, "\(report)")
        XCTAssertTrue(report["notes"]?.arrayValue?.contains { $0["message"]?.stringValue?.contains("THISANDFUTURE") ?? false } ?? false, "\(report)")
        func occurrences() throws -> [String] {
            let found = try call("fetchEvents", ["start": "2027-01-01T00:00:00Z", "end": "2027-02-01T00:00:00Z"])
            return (found["events"]?.arrayValue ?? []).map { "\($0["startDate"]?.stringValue ?? "") \($0["title"]?.stringValue ?? "")" }
        }
        let expected = [
            "2027-01-04T09:00:00.000Z Standup", "2027-01-05T09:00:00.000Z Standup", "2027-01-06T09:30:00.000Z Standup (later)",
            "2027-01-07T09:30:00.000Z Standup (later)", "2027-01-08T09:30:00.000Z Standup (later)",
        ]
        XCTAssertEqual(try occurrences(), expected)
        XCTAssertEqual(try call("importICalendar", params)["unchanged"], 2, "importing twice changes nothing")
        let exported = try call("exportICalendar", ["calendarIdentifiers": [.string(calendar)]])["text"]?.stringValue ?? ""
        XCTAssertTrue(exported.contains("ATTENDEE:mailto:team@example.com"), exported)
        XCTAssertFalse(exported.contains("THISANDFUTURE"), "written as the two series it was read as")
        let series = try call("fetchEvents", ["start": "2027-01-01T00:00:00Z", "end": "2027-02-01T00:00:00Z"])["events"]?.arrayValue ?? []
        for identifier in Set(series.compactMap { $0["isDetached"] == true ? nil : $0["eventIdentifier"]?.stringValue }) {
            _ = try call("removeEvent", ["identifier": .string(identifier)])
        }
        XCTAssertEqual(try occurrences(), [])
        XCTAssertEqual(try call("importICalendar", ["text": .string(exported), "calendarIdentifier": .string(calendar)])["imported"], 2)
        XCTAssertEqual(try occurrences(), expected)
    }
}
