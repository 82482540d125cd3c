import EventKit
import Foundation
import RemindersModel
import XCTest

/// EventKit's errors as Apple's are: a `CustomNSError` in `EKErrorDomain` whose code is the
/// code's raw value, with a static member per code that a `catch` matches.
final class EKErrorTests: XCTestCase {
    /// Every code Apple's EventKit has, by its static member (spelled once each: the surface
    /// cannot lose one unnoticed).
    private let everyCode: [(EKError.Code, Int)] = [
        (EKError.eventNotMutable, 0),
        (EKError.noCalendar, 1),
        (EKError.noStartDate, 2),
        (EKError.noEndDate, 3),
        (EKError.datesInverted, 4),
        (EKError.internalFailure, 5),
        (EKError.calendarReadOnly, 6),
        (EKError.durationGreaterThanRecurrence, 7),
        (EKError.alarmGreaterThanRecurrence, 8),
        (EKError.startDateTooFarInFuture, 9),
        (EKError.startDateCollidesWithOtherOccurrence, 10),
        (EKError.objectBelongsToDifferentStore, 11),
        (EKError.invitesCannotBeMoved, 12),
        (EKError.invalidSpan, 13),
        (EKError.calendarHasNoSource, 14),
        (EKError.calendarSourceCannotBeModified, 15),
        (EKError.calendarIsImmutable, 16),
        (EKError.sourceDoesNotAllowCalendarAddDelete, 17),
        (EKError.recurringReminderRequiresDueDate, 18),
        (EKError.structuredLocationsNotSupported, 19),
        (EKError.reminderLocationsNotSupported, 20),
        (EKError.alarmProximityNotSupported, 21),
        (EKError.calendarDoesNotAllowEvents, 22),
        (EKError.calendarDoesNotAllowReminders, 23),
        (EKError.sourceDoesNotAllowReminders, 24),
        (EKError.sourceDoesNotAllowEvents, 25),
        (EKError.priorityIsInvalid, 26),
        (EKError.invalidEntityType, 27),
        (EKError.procedureAlarmsNotMutable, 28),
        (EKError.eventStoreNotAuthorized, 29),
        (EKError.osNotSupported, 30),
        (EKError.invalidInviteReplyCalendar, 31),
        (EKError.notificationsCollectionFlagNotSet, 32),
        (EKError.sourceMismatch, 33),
        (EKError.notificationCollectionMismatch, 34),
        (EKError.notificationSavedWithoutCollection, 35),
        (EKError.reminderAlarmContainsEmailOrUrl, 36),
    ]

    /// The server names a refusal by EventKit's case name (`data.reason`) and the library maps it
    /// by number: each reason the server can send is the EKError code of the same name.
    func testEveryReasonTheServerSendsIsTheEKErrorCodeOfThatName() {
        XCTAssertFalse(EventKitErrorCode.allCases.isEmpty)
        for reason in EventKitErrorCode.allCases {
            guard let code = EKError.Code(rawValue: reason.code) else { return XCTFail("\(reason) has no EKError code \(reason.code)") }
            XCTAssertEqual(String(describing: code), reason.rawValue)
        }
    }

    func testEveryCodeIsCaughtByItsStaticMemberAndBridgesToNSErrorInEKErrorDomain() {
        XCTAssertEqual(everyCode.count, 37)
        assertEveryCodeIsCaughtAndBridged(
            everyCode, domain: EKErrorDomain, make: { EKError($0, message: $1) }, caughtBy: { $0 ~= $1 },
            described: { code, message in
                let description = EKError(code).localizedDescription
                XCTAssertFalse(description.isEmpty || description.contains(message), "\(code)")
                return description
            })
        for (code, raw) in everyCode {
            let error = EKError(code, message: "refused: \(raw)") as NSError
            XCTAssertEqual(error.localizedFailureReason, "refused: \(raw)", "the store's detail stays reachable")
        }
        XCTAssertEqual(Set(everyCode.map { EKError($0.0).localizedDescription }).count, 37, "a text of its own for each code")
        XCTAssertNil((EKError(.internalFailure) as NSError).localizedFailureReason)
        XCTAssertEqual(EKErrorDomain, "EKErrorDomain")
    }

    /// A Mac shows EventKit's own words; the store's detail is the failure reason.
    func testTheDescriptionIsEventKitsText() {
        let spelled: [(EKError.Code, String)] = [
            (.datesInverted, "The start date must be before the end date."),
            (.noCalendar, "No calendar has been set."),
            (.noStartDate, "No start date has been set."),
            (.recurringReminderRequiresDueDate, "A repeating reminder must have a due date."),
            (.calendarReadOnly, "The calendar is read only."),
            (.invalidSpan, "An invalid span was specified."),
            (.durationGreaterThanRecurrence, "The event is too long to repeat this often."),
            (.calendarDoesNotAllowEvents, "That calendar does not allow events to be added."),
            (.calendarIsImmutable, "That calendar can not be changed or deleted."),
            (.priorityIsInvalid, "Priorities must be between 0 and 9."),
        ]
        for (code, text) in spelled {
            let error = EKError(code, message: "event.endDate: endDate is before startDate")
            XCTAssertEqual(error.localizedDescription, text)
            XCTAssertEqual(error.failureReason, "event.endDate: endDate is before startDate")
        }
    }

    func testACatchNamesTheCodeAsApplesDoes() {
        do {
            throw EKError(.calendarIsImmutable)
        } catch EKError.calendarReadOnly {
            XCTFail("another code")
        } catch EKError.calendarIsImmutable {
            XCTAssertEqual(EKError.errorDomain, EKErrorDomain)
        } catch {
            XCTFail("not caught: \(error)")
        }
    }
}
