/// EventKit's `EKError.Code` cases that remindersd reports, by their Swift names (sent as `data.reason`).
public enum EventKitErrorCode: String, Sendable, CaseIterable {
    case noCalendar
    case noStartDate
    case noEndDate
    case datesInverted
    case internalFailure
    case calendarReadOnly
    case durationGreaterThanRecurrence
    case objectBelongsToDifferentStore
    case invalidSpan
    case calendarIsImmutable
    case recurringReminderRequiresDueDate
    case structuredLocationsNotSupported
    case reminderLocationsNotSupported
    case alarmProximityNotSupported
    case calendarDoesNotAllowEvents
    case calendarDoesNotAllowReminders
    case priorityIsInvalid
    case invalidEntityType
    case eventStoreNotAuthorized
    case reminderAlarmContainsEmailOrUrl

    /// EventKit's numeric code, for clients that map back to `EKError.Code`.
    public var code: Int {
        switch self {
        case .noCalendar: return 1
        case .noStartDate: return 2
        case .noEndDate: return 3
        case .datesInverted: return 4
        case .internalFailure: return 5
        case .calendarReadOnly: return 6
        case .durationGreaterThanRecurrence: return 7
        case .objectBelongsToDifferentStore: return 11
        case .invalidSpan: return 13
        case .calendarIsImmutable: return 16
        case .recurringReminderRequiresDueDate: return 18
        case .structuredLocationsNotSupported: return 19
        case .reminderLocationsNotSupported: return 20
        case .alarmProximityNotSupported: return 21
        case .calendarDoesNotAllowEvents: return 22
        case .calendarDoesNotAllowReminders: return 23
        case .priorityIsInvalid: return 26
        case .invalidEntityType: return 27
        case .eventStoreNotAuthorized: return 29
        case .reminderAlarmContainsEmailOrUrl: return 36
        }
    }
}

/// A value that breaks one of EventKit's rules.
///
/// `field` is the path of the offending value relative to the object being checked
/// (`priority`, `alarms[1].relativeOffset`); callers prefix it with where that object sat.
public struct ValidationError: Error, Equatable, Sendable, CustomStringConvertible {
    public var field: String
    public var reason: EventKitErrorCode?
    public var message: String

    public init(field: String, reason: EventKitErrorCode? = nil, _ message: String) {
        self.field = field
        self.reason = reason
        self.message = message
    }

    /// The same error seen from an enclosing object: `prefixed("reminder")` turns `title` into `reminder.title`.
    public func prefixed(_ prefix: String) -> ValidationError {
        var copy = self
        if field.isEmpty {
            copy.field = prefix
        } else if field.hasPrefix("[") {
            copy.field = prefix + field
        } else {
            copy.field = prefix + "." + field
        }
        return copy
    }

    public var description: String { "\(field): \(message)" }
}

/// Runs a check whose errors belong under `prefix`.
public func within<T>(_ prefix: String, _ body: () throws(ValidationError) -> T) throws(ValidationError) -> T {
    do { return try body() } catch { throw error.prefixed(prefix) }
}
