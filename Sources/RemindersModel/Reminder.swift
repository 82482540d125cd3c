import Foundation

/// A reminder (EKReminder) as the store keeps it; what it shares with events is `CalendarItem`.
public struct Reminder: Equatable, Sendable {
    public var calendarItemIdentifier: String
    /// The sync identifier; equal to `calendarItemIdentifier` for local lists.
    public var calendarItemExternalIdentifier: String
    public var calendarIdentifier: String
    public var title: String
    public var notes: String?
    public var url: String?
    public var location: String?
    /// 0 none, 1–4 high, 5 medium, 6–9 low (RFC 5545).
    public var priority: Int
    public var startDateComponents: ItemDateComponents?
    public var dueDateComponents: ItemDateComponents?
    public var isCompleted: Bool
    public var completionDate: Timestamp?
    public var creationDate: Timestamp
    public var lastModifiedDate: Timestamp
    /// IANA identifier of the item's time zone (EKCalendarItem.timeZone); nil = floating.
    public var timeZone: String?
    public var alarms: [Alarm]
    public var recurrenceRules: [RecurrenceRule]
    /// Beyond EventKit, as the Reminders app has them (see `Tags`).
    public var tags: [String]
    public var isFlagged: Bool
    /// The reminder this one is a subtask of (in the same list), or nil. Subtasks made here are one
    /// level deep, as in the Reminders app; deeper ones come from other clients.
    public var parentIdentifier: String?
    /// Where the person put it in its list by hand (the Reminders app's manual order, which it
    /// syncs as `X-APPLE-SORT-ORDER`): lower first; nil when never placed.
    public var sortOrder: Int?
    /// What its series holds beyond the rules, as other clients write it (see `ReminderSeries`).
    public var series: ReminderSeries {
        get { if case .some(let series) = seriesStorage { return series } else { return ReminderSeries() } }
        set { seriesStorage = newValue.isPlain ? .none : .some(newValue) }
    }
    /// Boxed: most reminders have none, and a fetch of 100,000 holds each reminder once.
    private var seriesStorage: SeriesStorage

    public init(calendarItemIdentifier: String, calendarIdentifier: String, title: String, creationDate: Timestamp) {
        self.calendarItemIdentifier = calendarItemIdentifier
        self.calendarItemExternalIdentifier = calendarItemIdentifier
        self.calendarIdentifier = calendarIdentifier
        self.title = title
        self.priority = 0
        self.isCompleted = false
        self.creationDate = creationDate
        self.lastModifiedDate = creationDate
        self.alarms = []
        self.recurrenceRules = []
        self.tags = []
        self.isFlagged = false
        self.seriesStorage = .none
    }

    private indirect enum SeriesStorage: Equatable, Sendable {
        case none
        case some(ReminderSeries)
    }

    /// The due date as an instant for a reader in `zone` (see `ItemDateComponents.instant(in:)`).
    public func dueInstant(in zone: TimeZone) -> Timestamp? { dueDateComponents?.instant(in: zone) }

    /// The date that names the occurrence its alarms belong to: the due date, or — a series
    /// without one — the start. What the deliveries ledger keys a decision by.
    public var occurrenceDate: ItemDateComponents? { dueDateComponents ?? (hasRecurrenceRules ? startDateComponents : nil) }
}
