import Foundation

extension EKError.Code {
    /// What a Mac says for the code: EventKit's own English text where it has one (its
    /// Localizable.strings), so a program that prints `localizedDescription` to a person prints
    /// what it prints there. The codes EventKit has no text for are given one in its style.
    var localizedDescription: String {
        switch self {
        case .eventNotMutable: "The event cannot be edited."
        case .noCalendar: "No calendar has been set."
        case .noStartDate: "No start date has been set."
        case .noEndDate: "No end date has been set."
        case .datesInverted: "The start date must be before the end date."
        case .internalFailure: "An unexpected error occurred."
        case .calendarReadOnly: "The calendar is read only."
        case .durationGreaterThanRecurrence: "The event is too long to repeat this often."
        case .alarmGreaterThanRecurrence: "The event repeats before the alert occurs."
        case .startDateTooFarInFuture: "The event is too far in the future."
        case .startDateCollidesWithOtherOccurrence: "Another instance of this event occurs on this date."
        case .objectBelongsToDifferentStore: "That event does not belong to that event store."
        case .invitesCannotBeMoved: "Invites cannot be moved to another calendar."
        case .invalidSpan: "An invalid span was specified."
        case .calendarHasNoSource: "Calendar has no source"
        case .calendarSourceCannotBeModified: "That calendar may not be moved to another account."
        case .calendarIsImmutable: "That calendar can not be changed or deleted."
        case .sourceDoesNotAllowCalendarAddDelete: "That account does not allow calendars to be added or removed."
        case .recurringReminderRequiresDueDate: "A repeating reminder must have a due date."
        case .structuredLocationsNotSupported: "Locations with geo information are not supported by this account."
        case .reminderLocationsNotSupported: "Locations for reminders are not supported by this account."
        case .alarmProximityNotSupported: "Proximity-based alarms are not supported by this account."
        case .calendarDoesNotAllowEvents: "That calendar does not allow events to be added."
        case .calendarDoesNotAllowReminders: "That calendar does not allow reminders to be added."
        case .sourceDoesNotAllowReminders: "That account does not support reminders."
        case .sourceDoesNotAllowEvents: "That account does not support events."
        case .priorityIsInvalid: "Priorities must be between 0 and 9."
        case .invalidEntityType: "This is not a valid EKEntityType."
        case .procedureAlarmsNotMutable: "Alarms cannot be changed."
        // Codes EventKit's strings have no text for.
        case .eventStoreNotAuthorized: "This app is not allowed to access the event store."
        case .osNotSupported: "This action is not supported on this system."
        case .invalidInviteReplyCalendar: "That calendar cannot hold invitation replies."
        case .notificationsCollectionFlagNotSet: "That calendar is not a notifications collection."
        case .sourceMismatch: "That calendar belongs to a different account."
        case .notificationCollectionMismatch: "That notification belongs to a different notifications collection."
        case .notificationSavedWithoutCollection: "A notification must be saved in a notifications collection."
        case .reminderAlarmContainsEmailOrUrl: "Reminder alarms cannot send email or open a URL."
        }
    }
}
