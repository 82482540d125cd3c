/// What reminders and events have in common, as `EKCalendarItem` is the superclass of both:
/// identifiers, the calendar, the texts, alarms, recurrence and the dates the store stamps.
/// Code that works on either kind (rules, conflicts, sync) is written once against it.
public protocol CalendarItem: Sendable {
    static var entityType: EntityType { get }
    /// The store's identifier of this item (a detached occurrence's own, for an event).
    var calendarItemIdentifier: String { get }
    /// The sync identifier (iCalendar UID).
    var calendarItemExternalIdentifier: String { get }
    var calendarIdentifier: String { get }
    var title: String { get }
    var notes: String? { get }
    var url: String? { get }
    var location: String? { get }
    /// IANA identifier of the item's time zone; nil = floating.
    var timeZone: String? { get }
    var alarms: [Alarm] { get }
    var recurrenceRules: [RecurrenceRule] { get }
    var creationDate: Timestamp { get }
    var lastModifiedDate: Timestamp { get }
}

extension CalendarItem {
    public var hasAlarms: Bool { !alarms.isEmpty }
    public var hasNotes: Bool { !(notes ?? "").isEmpty }
    public var hasRecurrenceRules: Bool { !recurrenceRules.isEmpty }
}

/// One calendar item of either kind, as a value (what `calendarItem(withIdentifier:)` returns, or
/// what a conflict found stored).
public enum AnyCalendarItem: Equatable, Sendable {
    case reminder(Reminder)
    case event(Event)

    public var item: any CalendarItem {
        switch self {
        case .reminder(let reminder): return reminder
        case .event(let event): return event
        }
    }
}

extension Reminder: CalendarItem {
    public static var entityType: EntityType { .reminder }
}

extension Event: CalendarItem {
    public static var entityType: EntityType { .event }
    public var calendarItemIdentifier: String { eventIdentifier }
}

/// The changes a save may make to what every calendar item has (`ReminderChanges`,
/// `EventChanges`), so that they are read in one place.
public protocol CalendarItemChanges {
    var calendarIdentifier: FieldChange<String> { get set }
    var title: FieldChange<String> { get set }
    var notes: FieldChange<String> { get set }
    var url: FieldChange<String> { get set }
    var location: FieldChange<String> { get set }
    var alarms: FieldChange<[AlarmDraft]> { get set }
    var recurrenceRules: FieldChange<[RecurrenceRule]> { get set }
}

extension ReminderChanges: CalendarItemChanges {}
extension EventChanges: CalendarItemChanges {}
