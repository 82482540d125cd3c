import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// An invitation's organizer and attendees through the real binary: read from an import, shown by
/// every read of the event, untouched by a save (sent back or not) and written back out as they came.
final class AttendeeTests: XCTestCase {
    let folder = TemporaryFolder()

    override func setUpWithError() throws {
        for entity in ["reminder", "event"] {  // an import may hold either
            XCTAssertEqual(
                try RemindersdProcess.run([
                    "permissions", "set", "--any-program", "invitee", "fullAccess", "--entity", entity, "--store", folder.store,
                ]).status, 0)
        }
    }

    private func call(_ method: String, _ params: JSONValue) throws -> JSONValue {
        let result = try RemindersdProcess.run(["call", method, params.serialized, "--store", folder.store, "--client", "invitee"])
        XCTAssertEqual(result.status, 0, result.stderr)
        return try JSONParser.parse(result.stdout)
    }

    private let range: JSONValue = ["start": "2026-12-01T00:00:00Z", "end": "2027-01-01T00:00:00Z"]

    func testAnImportedInvitationsPeopleAreReadOnlyAndGoBackAsTheyCame() throws {
        let calendars = try call("calendars", ["entityType": "event"])["calendars"]?.arrayValue ?? []
        let calendar = try XCTUnwrap(calendars.first?["calendarIdentifier"])
        XCTAssertEqual(try call("importICalendar", ["text": .string(ImportFidelityTests.meeting), "calendarIdentifier": calendar])["imported"], 1)
        let event = try XCTUnwrap(try call("fetchEvents", range)["events"]?.arrayValue?.first)
        XCTAssertEqual(
            event["organizer"],
            ["name": "Ann", "url": "mailto:ann@example.com", "role": "chair", "status": "unknown", "type": "person", "isCurrentUser": false])
        XCTAssertEqual(
            event["attendees"],
            [["name": "Bob", "url": "mailto:bob@example.com", "role": "required", "status": "pending", "type": "person", "isCurrentUser": false]])
        XCTAssertEqual(event["hasAttendees"], true)

        // Sent back whole with a new title, and with attendees of its own: the people stay as they came.
        var edited = try XCTUnwrap(event.objectValue)
        edited["title"] = "Planning (moved)"
        edited["attendees"] = [["url": "mailto:mallory@example.com"]]
        edited["organizer"] = .null
        for member in ["startDate", "endDate", "isAllDay", "timeZone", "occurrenceDate", "lastModifiedDate"] { edited[member] = nil }
        _ = try call("saveEvent", ["event": .object(edited), "span": "thisEvent"])
        let again = try XCTUnwrap(try call("event", ["identifier": event["eventIdentifier"] ?? .null])["event"])
        XCTAssertEqual(again["title"], "Planning (moved)")
        XCTAssertEqual(again["attendees"], event["attendees"])
        XCTAssertEqual(again["organizer"], event["organizer"])

        let exported = try call("exportICalendar", ["calendarIdentifiers": [calendar]])["text"]?.stringValue ?? ""
        XCTAssertTrue(exported.contains("ORGANIZER;CN=Ann:mailto:ann@example.com\r\n"), exported)
        XCTAssertTrue(exported.contains("ATTENDEE;CN=Bob;ROLE=REQ-PARTICIPANT:mailto:bob@example.com\r\n"), exported)
        XCTAssertFalse(exported.contains("mallory"), exported)
    }

    func testAnEventMadeHereHasNoOne() throws {
        let saved = try call(
            "saveEvent", ["event": ["title": "Alone", "startDate": "2026-12-07T09:00:00Z", "endDate": "2026-12-07T10:00:00Z"]])
        XCTAssertEqual(saved["event"]?["attendees"], [])
        XCTAssertEqual(saved["event"]?["organizer"], .null)
        XCTAssertEqual(saved["event"]?["hasAttendees"], false)
    }
}
