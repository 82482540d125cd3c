import Foundation

/// EventKit's error: what a save, a removal or a commit was refused for, as `EKError.Code`.
/// remindersd's errors arrive with EventKit's code name in their `data.reason`; those without one
/// are mapped by their JSON-RPC code (not authorized, not found, a conflict, the store unavailable).
public struct EKError: CustomNSError, Hashable, CustomStringConvertible, LocalizedError, Sendable {
    public enum Code: Int, Sendable {
        case eventNotMutable = 0
        case noCalendar = 1
        case noStartDate = 2
        case noEndDate = 3
        case datesInverted = 4
        case internalFailure = 5
        case calendarReadOnly = 6
        case durationGreaterThanRecurrence = 7
        case alarmGreaterThanRecurrence = 8
        case startDateTooFarInFuture = 9
        case startDateCollidesWithOtherOccurrence = 10
        case objectBelongsToDifferentStore = 11
        case invitesCannotBeMoved = 12
        case invalidSpan = 13
        case calendarHasNoSource = 14
        case calendarSourceCannotBeModified = 15
        case calendarIsImmutable = 16
        case sourceDoesNotAllowCalendarAddDelete = 17
        case recurringReminderRequiresDueDate = 18
        case structuredLocationsNotSupported = 19
        case reminderLocationsNotSupported = 20
        case alarmProximityNotSupported = 21
        case calendarDoesNotAllowEvents = 22
        case calendarDoesNotAllowReminders = 23
        case sourceDoesNotAllowReminders = 24
        case sourceDoesNotAllowEvents = 25
        case priorityIsInvalid = 26
        case invalidEntityType = 27
        case procedureAlarmsNotMutable = 28
        case eventStoreNotAuthorized = 29
        case osNotSupported = 30
        case invalidInviteReplyCalendar = 31
        case notificationsCollectionFlagNotSet = 32
        case sourceMismatch = 33
        case notificationCollectionMismatch = 34
        case notificationSavedWithoutCollection = 35
        case reminderAlarmContainsEmailOrUrl = 36
    }

    /// Apple's domain for EventKit's errors: `(error as NSError).domain`.
    public static var errorDomain: String { EKErrorDomain }

    public let code: Code
    /// What the store said, in its words (the field it names, the rule broken).
    public let message: String
    /// The JSON-RPC error code the store answered with (−32010 not authorized, −32602 invalid, …), 0 when none.
    public let serverCode: Int

    public init(_ code: Code, message: String = "", serverCode: Int = 0) {
        self.code = code
        self.message = message
        self.serverCode = serverCode
    }

    public var errorCode: Int { code.rawValue }
    public var description: String { "EKError \(code) (\(code.rawValue))" + (message.isEmpty ? "" : ": \(message)") }
    /// `localizedDescription`: EventKit's text for the code, as a Mac shows it to a person.
    public var errorDescription: String? { code.localizedDescription }
    /// `localizedFailureReason`: the store's detail (the field it names, the rule broken), nil when none.
    public var failureReason: String? { message.isEmpty ? nil : message }

    public static func == (lhs: EKError, rhs: EKError) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// The same through `NSError`: the description, and the detail as its failure reason.
    public var errorUserInfo: [String: Any] {
        var info: [String: Any] = [NSLocalizedDescriptionKey: code.localizedDescription]
        if let failureReason { info[NSLocalizedFailureReasonErrorKey] = failureReason }
        return info
    }

    // One static member per code, as Apple's overlay has them: `catch EKError.calendarIsImmutable`.
    public static var eventNotMutable: Code { .eventNotMutable }
    public static var noCalendar: Code { .noCalendar }
    public static var noStartDate: Code { .noStartDate }
    public static var noEndDate: Code { .noEndDate }
    public static var datesInverted: Code { .datesInverted }
    public static var internalFailure: Code { .internalFailure }
    public static var calendarReadOnly: Code { .calendarReadOnly }
    public static var durationGreaterThanRecurrence: Code { .durationGreaterThanRecurrence }
    public static var alarmGreaterThanRecurrence: Code { .alarmGreaterThanRecurrence }
    public static var startDateTooFarInFuture: Code { .startDateTooFarInFuture }
    public static var startDateCollidesWithOtherOccurrence: Code { .startDateCollidesWithOtherOccurrence }
    public static var objectBelongsToDifferentStore: Code { .objectBelongsToDifferentStore }
    public static var invitesCannotBeMoved: Code { .invitesCannotBeMoved }
    public static var invalidSpan: Code { .invalidSpan }
    public static var calendarHasNoSource: Code { .calendarHasNoSource }
    public static var calendarSourceCannotBeModified: Code { .calendarSourceCannotBeModified }
    public static var calendarIsImmutable: Code { .calendarIsImmutable }
    public static var sourceDoesNotAllowCalendarAddDelete: Code { .sourceDoesNotAllowCalendarAddDelete }
    public static var recurringReminderRequiresDueDate: Code { .recurringReminderRequiresDueDate }
    public static var structuredLocationsNotSupported: Code { .structuredLocationsNotSupported }
    public static var reminderLocationsNotSupported: Code { .reminderLocationsNotSupported }
    public static var alarmProximityNotSupported: Code { .alarmProximityNotSupported }
    public static var calendarDoesNotAllowEvents: Code { .calendarDoesNotAllowEvents }
    public static var calendarDoesNotAllowReminders: Code { .calendarDoesNotAllowReminders }
    public static var sourceDoesNotAllowReminders: Code { .sourceDoesNotAllowReminders }
    public static var sourceDoesNotAllowEvents: Code { .sourceDoesNotAllowEvents }
    public static var priorityIsInvalid: Code { .priorityIsInvalid }
    public static var invalidEntityType: Code { .invalidEntityType }
    public static var procedureAlarmsNotMutable: Code { .procedureAlarmsNotMutable }
    public static var eventStoreNotAuthorized: Code { .eventStoreNotAuthorized }
    public static var osNotSupported: Code { .osNotSupported }
    public static var invalidInviteReplyCalendar: Code { .invalidInviteReplyCalendar }
    public static var notificationsCollectionFlagNotSet: Code { .notificationsCollectionFlagNotSet }
    public static var sourceMismatch: Code { .sourceMismatch }
    public static var notificationCollectionMismatch: Code { .notificationCollectionMismatch }
    public static var notificationSavedWithoutCollection: Code { .notificationSavedWithoutCollection }
    public static var reminderAlarmContainsEmailOrUrl: Code { .reminderAlarmContainsEmailOrUrl }
}

/// Apple's domain for EventKit's errors.
public let EKErrorDomain = "EKErrorDomain"

/// Pattern matching a caught error against a code, as `catch EKError.noCalendar` does with Apple's.
public func ~= (code: EKError.Code, error: Error) -> Bool {
    (error as? EKError)?.code == code
}
