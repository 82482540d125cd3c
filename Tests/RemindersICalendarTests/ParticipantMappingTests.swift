import RemindersICalendarFormat
import RemindersModel
import XCTest
@testable import RemindersICalendar

/// ATTENDEE and ORGANIZER → the event's read-only participants, with RFC 5545's defaults, and the
/// text the store keeps them in.
final class ParticipantMappingTests: XCTestCase {
    private func read(_ lines: String) throws -> Event {
        let text =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:m@test\r\nDTSTART:20270104T090000Z\r\n\(lines)END:VEVENT\r\nEND:VCALENDAR\r\n"
        let calendar = try XCTUnwrap(try Component.parse(text).first)
        return try EventReader.read(calendar, now: Timestamp(milliseconds: 0)).series
    }

    func testAnInvitationsPeopleWithWhatTheyAnswered() throws {
        let event = try read(
            """
            ORGANIZER;CN="Ann, Chair":mailto:ann@example.com\r
            ATTENDEE;CN=Ann;PARTSTAT=ACCEPTED:mailto:ann@example.com\r
            ATTENDEE;CN=Bob;ROLE=OPT-PARTICIPANT;PARTSTAT=DECLINED:mailto:bob@example.com\r
            ATTENDEE;CUTYPE=ROOM;ROLE=NON-PARTICIPANT;PARTSTAT=TENTATIVE:mailto:room2@example.com\r
            ATTENDEE;PARTSTAT=IN-PROCESS;CUTYPE=GROUP:mailto:team@example.com\r
            ATTENDEE:mailto:carol@example.com\r

            """)
        XCTAssertEqual(event.organizer, Participant(name: "Ann, Chair", url: "mailto:ann@example.com", role: .chair, status: .accepted))
        XCTAssertEqual(
            event.attendees,
            [
                Participant(name: "Ann", url: "mailto:ann@example.com", role: .required, status: .accepted),
                Participant(name: "Bob", url: "mailto:bob@example.com", role: .optional, status: .declined),
                Participant(url: "mailto:room2@example.com", role: .nonParticipant, status: .tentative, type: .room),
                Participant(url: "mailto:team@example.com", status: .inProcess, type: .group),
                Participant(url: "mailto:carol@example.com", role: .required, status: .pending, type: .person),
            ])
    }

    func testAnOrganizerWhoDoesNotAttendHasNoAnswerAndUnknownValuesAreUnknown() throws {
        let event = try read("ORGANIZER:mailto:ann@example.com\r\nATTENDEE;ROLE=X-SPEAKER;PARTSTAT=X-MAYBE;CUTYPE=X-ROBOT:mailto:r@example.com\r\n")
        XCTAssertEqual(event.organizer?.status, .unknown)
        XCTAssertEqual(event.attendees.map(\.role), [.unknown])
        XCTAssertEqual(event.attendees.map(\.status), [.unknown])
        XCTAssertEqual(event.attendees.map(\.type), [.unknown])
    }

    func testNoneMeansNoStoredText() throws {
        let event = try read("SUMMARY:Alone\r\n")
        XCTAssertEqual(event.attendees, [])
        XCTAssertNil(event.organizer)
        XCTAssertNil(event.participantsStorageText)
    }

    func testTheStoredTextReadsBackTheSameWhateverTheNamesHold() throws {
        var event = try read("ORGANIZER:mailto:a@example.com\r\nATTENDEE;CN=x:mailto:b@example.com\r\n")
        event.attendees.append(Participant(name: "Tab\there\\ and\nline", url: "mailto:odd\t@example.com", role: .chair, status: .completed))
        let text = try XCTUnwrap(event.participantsStorageText)
        var again = try read("")
        XCTAssertTrue(again.readParticipants(storageText: text))
        XCTAssertEqual(again.attendees, event.attendees)
        XCTAssertEqual(again.organizer, event.organizer)
        XCTAssertFalse(again.readParticipants(storageText: "Q\tmailto:x\trequired\tpending\tperson"), "a line it did not write")
        XCTAssertFalse(again.readParticipants(storageText: "A\tmailto:x\tboss\tpending\tperson"))
    }

    func testTheCurrentUserIsTheAccountsAddress() throws {
        var event = try read("ORGANIZER:mailto:Ann@Example.com\r\nATTENDEE:mailto:bob@example.com\r\nATTENDEE:MAILTO:ann@example.com\r\n")
        event.markCurrentUser(login: "ann@example.com")
        XCTAssertEqual(event.organizer?.isCurrentUser, true)
        XCTAssertEqual(event.attendees.map(\.isCurrentUser), [false, true])
        event.markCurrentUser(login: "ann")
        XCTAssertEqual(event.attendees.map(\.isCurrentUser), [false, false], "a login that is no address names no one")
    }
}
