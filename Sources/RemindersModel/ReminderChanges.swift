/// What a save does to one field: leave it, set it, or clear it (JSON: absent, a value, null).
public enum FieldChange<Value: Sendable>: Sendable, KeepableChange {
    case keep
    case set(Value)
    case clear

    public var isKeep: Bool { if case .keep = self { return true } else { return false } }

    func apply(to value: inout Value?) {
        switch self {
        case .keep: break
        case .set(let new): value = new
        case .clear: value = nil
        }
    }

    func apply(to value: inout Value, clearedTo empty: Value) {
        switch self {
        case .keep: break
        case .set(let new): value = new
        case .clear: value = empty
        }
    }
}

/// A field's change whatever its value's type, so that a set of changes can ask whether any
/// field is touched without naming each (a field added later cannot be forgotten there).
public protocol KeepableChange {
    var isKeep: Bool { get }
}

/// Changes that touch no field: saving them changes nothing (EventKit's `hasChanges` false).
public protocol FieldChanges {}

extension FieldChanges {
    public var changesNothing: Bool {
        Mirror(reflecting: self).children.allSatisfy { ($0.value as? any KeepableChange)?.isKeep ?? true }
    }
}

/// An alarm as a client sends it: the identifier is the client's choice or the store's.
public struct AlarmDraft: Equatable, Sendable {
    public var alarmIdentifier: String?
    public var trigger: Alarm.Trigger
    /// An event's alarm that moves with the end (`relativeTo: "end"`); see `Alarm.followsEnd`.
    public var followsEnd: Bool
    public init(alarmIdentifier: String? = nil, trigger: Alarm.Trigger, followsEnd: Bool = false) {
        self.alarmIdentifier = alarmIdentifier
        self.trigger = trigger
        self.followsEnd = followsEnd
    }
}

/// The fields a `saveReminder` call changes. Creating a reminder applies these to a blank one.
public struct ReminderChanges: Sendable, FieldChanges {
    public var calendarIdentifier: FieldChange<String> = .keep
    public var title: FieldChange<String> = .keep
    public var notes: FieldChange<String> = .keep
    public var url: FieldChange<String> = .keep
    public var location: FieldChange<String> = .keep
    public var priority: FieldChange<Int> = .keep
    public var startDateComponents: FieldChange<ItemDateComponents> = .keep
    public var dueDateComponents: FieldChange<ItemDateComponents> = .keep
    public var isCompleted: FieldChange<Bool> = .keep
    public var completionDate: FieldChange<Timestamp> = .keep
    public var timeZone: FieldChange<String> = .keep
    public var alarms: FieldChange<[AlarmDraft]> = .keep
    public var recurrenceRules: FieldChange<[RecurrenceRule]> = .keep
    public var tags: FieldChange<[String]> = .keep
    public var isFlagged: FieldChange<Bool> = .keep
    /// Set: becomes a subtask of that reminder; clear: a top-level reminder again.
    public var parentIdentifier: FieldChange<String> = .keep
    public var sortOrder: FieldChange<Int> = .keep

    public init() {}
}

extension Reminder {
    /// Applies `changes` with EventKit's coupling of `isCompleted` and `completionDate`:
    /// completing sets the date to `now` (unless one is given or it was already completed),
    /// setting a date completes, un-completing or clearing the date un-completes.
    /// Does not validate; call `CalendarItemRules.validate` on the result.
    public mutating func apply(_ changes: ReminderChanges, now: Timestamp, makeIdentifier: () -> String) throws(ValidationError) {
        if case .set(let calendar) = changes.calendarIdentifier { calendarIdentifier = calendar }
        if case .clear = changes.calendarIdentifier {
            throw ValidationError(
                field: "calendarIdentifier", reason: .noCalendar, "a reminder must belong to a list; calendarIdentifier cannot be null")
        }
        switch changes.title {
        case .set(let new): title = new
        case .clear: throw ValidationError(field: "title", "a reminder needs a title; it cannot be null")
        case .keep: break
        }
        changes.notes.apply(to: &notes)
        changes.url.apply(to: &url)
        changes.location.apply(to: &location)
        changes.priority.apply(to: &priority, clearedTo: 0)
        changes.startDateComponents.apply(to: &startDateComponents)
        changes.dueDateComponents.apply(to: &dueDateComponents)
        startDateComponents = startDateComponents?.normalized
        dueDateComponents = dueDateComponents?.normalized
        changes.timeZone.apply(to: &timeZone)
        try applyCompletion(changes, now: now)
        if case .set(let drafts) = changes.alarms {
            alarms = drafts.map { Alarm(alarmIdentifier: $0.alarmIdentifier ?? makeIdentifier(), trigger: $0.trigger, followsEnd: $0.followsEnd) }
        } else if case .clear = changes.alarms {
            alarms = []
        }
        changes.recurrenceRules.apply(to: &recurrenceRules, clearedTo: [])
        switch changes.tags {
        case .set(let new): tags = try Tags.normalized(new)
        case .clear: tags = []
        case .keep: break
        }
        changes.isFlagged.apply(to: &isFlagged, clearedTo: false)
        changes.parentIdentifier.apply(to: &parentIdentifier)
        changes.sortOrder.apply(to: &sortOrder)
    }

    private mutating func applyCompletion(_ changes: ReminderChanges, now: Timestamp) throws(ValidationError) {
        switch (changes.isCompleted, changes.completionDate) {
        case (.set(false), .set), (.clear, .set):
            throw ValidationError(field: "completionDate", "completionDate contradicts isCompleted false")
        case (.set(true), .clear):
            throw ValidationError(field: "completionDate", "isCompleted true needs a completion date; leave completionDate out to use now")
        case (_, .set(let date)):
            isCompleted = true
            completionDate = date
        case (.set(true), .keep):
            if !isCompleted { completionDate = now }
            isCompleted = true
        case (.set(false), _), (.clear, _), (.keep, .clear):
            isCompleted = false
            completionDate = nil
        case (.keep, .keep):
            break
        }
    }
}
