import EventKit
import Foundation
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

    func testEveryCodeIsCaughtByItsStaticMemberAndBridgesToNSErrorInEKErrorDomain() {
        XCTAssertEqual(everyCode.count, 37)
        assertEveryCodeIsCaughtAndBridged(
            everyCode, domain: EKErrorDomain, make: { EKError($0, message: $1) }, caughtBy: { $0 ~= $1 })
        XCTAssertEqual(EKErrorDomain, "EKErrorDomain")
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
