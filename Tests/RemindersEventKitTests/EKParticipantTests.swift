import EventKit
import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// An invitation's people as EventKit gives them: `attendees` and `organizer` as `EKParticipant`s,
/// read-only, nil where there are none.
final class EKParticipantTests: XCTestCase {
    let folder = TemporaryFolder()

    override func setUp() { EventKitTests.prepare(client: "eventkit-participants", store: folder.store) }

    func testAnImportedInvitationsAttendeesAndOrganizer() throws {
        let store = EKEventStore()
        let calendar = try XCTUnwrap(store.defaultCalendarForNewEvents)
        let params: JSONValue = ["text": .string(ImportFidelityMeeting.text), "calendarIdentifier": .string(calendar.calendarIdentifier)]
        let imported = try RemindersdProcess.run([
            "call", "importICalendar", params.serialized, "--store", folder.store, "--client", "eventkit-participants",
        ])
        XCTAssertEqual(imported.status, 0, imported.stderr)

        let day = Date(timeIntervalSince1970: 1_796_630_400)  // 2026-12-07
        let events = store.events(matching: store.predicateForEvents(withStart: day, end: day.addingTimeInterval(86_400), calendars: nil))
        let event = try XCTUnwrap(events.first)
        XCTAssertTrue(event.hasAttendees)
        let attendees = try XCTUnwrap(event.attendees)
        XCTAssertEqual(attendees.map(\.name), ["Bob", "Carol"])
        XCTAssertEqual(attendees.map(\.url.absoluteString), ["mailto:bob@example.com", "mailto:carol@example.com"])
        XCTAssertEqual(attendees.map(\.participantRole), [.required, .optional])
        XCTAssertEqual(attendees.map(\.participantStatus), [.accepted, .pending])
        XCTAssertEqual(attendees.map(\.participantType), [.person, .room])
        XCTAssertEqual(attendees.map(\.isCurrentUser), [false, false])
        let organizer = try XCTUnwrap(event.organizer)
        XCTAssertEqual(organizer.name, "Ann")
        XCTAssertEqual(organizer.participantRole, .chair)
        XCTAssertEqual((organizer.copy() as? EKParticipant)?.url, organizer.url)

        // A save of the event leaves them as they came.
        event.title = "Planning (moved)"
        try store.save(event, span: .thisEvent, commit: true)
        let again = try XCTUnwrap(store.event(withIdentifier: event.eventIdentifier))
        XCTAssertEqual(again.attendees?.map(\.name), ["Bob", "Carol"])
        XCTAssertEqual(again.organizer?.name, "Ann")
    }

    func testAnEventMadeHereAndAReminderHaveNone() throws {
        let store = EKEventStore()
        let event = EKEvent(eventStore: store)
        event.title = "Alone"
        event.startDate = Date(timeIntervalSince1970: 1_800_000_000)
        event.endDate = event.startDate.addingTimeInterval(600)
        event.calendar = store.defaultCalendarForNewEvents
        try store.save(event, span: .thisEvent, commit: true)
        XCTAssertNil(store.event(withIdentifier: event.eventIdentifier)?.attendees)
        XCTAssertNil(store.event(withIdentifier: event.eventIdentifier)?.organizer)
        XCTAssertFalse(event.hasAttendees)
        XCTAssertNil(EKReminder(eventStore: store).attendees)
    }
}

/// An invitation, its people as Outlook writes them.
enum ImportFidelityMeeting {
    static let text = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        BEGIN:VEVENT\r
        SUMMARY:Planning\r
        UID:planning@example.com\r
        ORGANIZER;CN=Ann:mailto:ann@example.com\r
        DTSTART:20261207T090000Z\r
        DURATION:PT1H\r
        ATTENDEE;CN=Bob;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED:mailto:bob@example.com\r
        ATTENDEE;CN=Carol;ROLE=OPT-PARTICIPANT;CUTYPE=ROOM:mailto:carol@example.com\r
        END:VEVENT\r
        END:VCALENDAR\r

        """
}
