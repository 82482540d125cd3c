import Foundation
import RemindersModel
import RemindersProtocol

/// What an event store holds: events or reminders.
public enum EKEntityType: UInt, Sendable {
    case event = 0
    case reminder = 1

    var model: EntityType { self == .event ? .event : .reminder }
}

/// Entity types as a set (a calendar's `allowedEntityTypes`).
public struct EKEntityMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let event = EKEntityMask(rawValue: 1 << 0)
    public static let reminder = EKEntityMask(rawValue: 1 << 1)
}

/// What the person allowed this program (EventKit's states, in its order).
public enum EKAuthorizationStatus: Int, Sendable {
    case notDetermined = 0
    case restricted = 1
    case denied = 2
    case fullAccess = 3
    case writeOnly = 4

    /// Before iOS 17's full and write-only access: the same as `fullAccess`.
    @available(*, deprecated, renamed: "fullAccess")
    public static var authorized: EKAuthorizationStatus { .fullAccess }

    init(_ status: AuthorizationStatus) {
        switch status {
        case .notDetermined: self = .notDetermined
        case .restricted: self = .restricted
        case .denied: self = .denied
        case .fullAccess: self = .fullAccess
        case .writeOnly: self = .writeOnly
        }
    }
}

/// Which occurrences of a recurring event a save or removal is for.
public enum EKSpan: Int, Sendable {
    case thisEvent = 0
    case futureEvents = 1

    var model: EventSpan { self == .thisEvent ? .thisEvent : .futureEvents }
}

/// When a location alarm fires: on arriving at its place, or on leaving it.
public enum EKAlarmProximity: Int, Sendable {
    case none = 0
    case enter = 1
    case leave = 2

    var model: AlarmProximity { [.enter: .enter, .leave: .leave][self] ?? .none }
    init(_ proximity: AlarmProximity) { self = [.enter: .enter, .leave: .leave][proximity] ?? .none }
}

public enum EKRecurrenceFrequency: Int, Sendable {
    case daily = 0
    case weekly = 1
    case monthly = 2
    case yearly = 3

    private static let models: [RecurrenceFrequency] = [.daily, .weekly, .monthly, .yearly]
    var model: RecurrenceFrequency { Self.models[rawValue] }
    init(_ frequency: RecurrenceFrequency) { self.init(rawValue: Self.models.firstIndex(of: frequency) ?? 0)! }
}

/// Days of the week, Sunday first (Foundation's `Calendar` numbering).
public enum EKWeekday: Int, Sendable {
    case sunday = 1, monday, tuesday, wednesday, thursday, friday, saturday
}

public enum EKCalendarType: Int, Sendable {
    case local = 0
    case calDAV = 1
    case exchange = 2
    case subscription = 3
    case birthday = 4

    init(_ type: CalendarType) {
        switch type {
        case .calDAV: self = .calDAV
        case .exchange: self = .exchange
        case .subscription: self = .subscription
        case .birthday: self = .birthday
        case .local: self = .local
        }
    }
}

public enum EKSourceType: Int, Sendable {
    case local = 0
    case exchange = 1
    case calDAV = 2
    case mobileMe = 3
    case subscribed = 4
    case birthdays = 5
}

public enum EKEventAvailability: Int, Sendable {
    case notSupported = -1
    case busy = 0
    case free = 1
    case tentative = 2
    case unavailable = 3

    private static let models: [EKEventAvailability: EventAvailability] = [
        .notSupported: .notSupported, .busy: .busy, .free: .free, .tentative: .tentative, .unavailable: .unavailable,
    ]
    var model: EventAvailability { Self.models[self] ?? .busy }
    init(_ availability: EventAvailability) { self = Self.models.first { $0.value == availability }?.key ?? .busy }
}

/// The availabilities a calendar's events may have (`EKCalendar.supportedEventAvailabilities`).
public struct EKCalendarEventAvailabilityMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let busy = EKCalendarEventAvailabilityMask(rawValue: 1 << 0)
    public static let free = EKCalendarEventAvailabilityMask(rawValue: 1 << 1)
    public static let tentative = EKCalendarEventAvailabilityMask(rawValue: 1 << 2)
    public static let unavailable = EKCalendarEventAvailabilityMask(rawValue: 1 << 3)
}

/// What an alarm does when it fires (`EKAlarm.type`).
public enum EKAlarmType: Int, Sendable {
    case display = 0
    case audio = 1
    case procedure = 2
    case email = 3
}

public enum EKEventStatus: Int, Sendable {
    case none = 0
    case confirmed = 1
    case tentative = 2
    case canceled = 3

    private static let models: [EventStatus] = [.none, .confirmed, .tentative, .canceled]
    var model: EventStatus { Self.models[rawValue] }
    init(_ status: EventStatus) { self.init(rawValue: Self.models.firstIndex(of: status) ?? 0)! }
}

/// Reminders' priorities by name (RFC 5545: 1 highest … 9 lowest, 0 none).
public enum EKReminderPriority: UInt, Sendable {
    case none = 0
    case high = 1
    case medium = 5
    case low = 9
}

extension Notification.Name {
    /// Posted on the main queue, with the store as the object, when anything changed in it — by this
    /// program, another one, a sync, or the owner's permissions. Refetch what you show.
    public static let EKEventStoreChanged = Notification.Name("EKEventStoreChangedNotification")
}
