import Foundation
import RemindersJSON
import RemindersJSONRPC
import RemindersModel
import RemindersProtocol

/// A reminder: a calendar item with a start and a due date (date components: without an hour all
/// day, without a zone floating), a priority and completion. `tags`, `isFlagged`,
/// `parentIdentifier` (subtasks) and `sortOrder` (the manual order) are remindersd's, named as in
/// its protocol.
open class EKReminder: EKCalendarItem {  // not Sendable, as Apple's is not
    private var fields = Fields()

    /// What a reminder holds beside what every item does (read, like those, when first looked at).
    private struct Fields {
        var startDateComponents: DateComponents?
        var dueDateComponents: DateComponents?
        var priority = 0
        var completed = false
        var completedAt: Date?
        var tags: [String] = []
        var isFlagged = false
        var parentIdentifier: String?
        var sortOrder: Int?
    }

    open var startDateComponents: DateComponents? {
        get { loaded(); return fields.startDateComponents }
        set { loaded(); fields.startDateComponents = newValue }
    }
    open var dueDateComponents: DateComponents? {
        get { loaded(); return fields.dueDateComponents }
        set { loaded(); fields.dueDateComponents = newValue }
    }
    /// 0 none; 1 (highest) … 9 (lowest), as RFC 5545 has it.
    open var priority: Int {
        get { loaded(); return fields.priority }
        set { loaded(); fields.priority = newValue }
    }
    private var completed: Bool {
        get { loaded(); return fields.completed }
        set { loaded(); fields.completed = newValue }
    }
    private var completedAt: Date? {
        get { loaded(); return fields.completedAt }
        set { loaded(); fields.completedAt = newValue }
    }

    open var tags: [String] {
        get { loaded(); return fields.tags }
        set { loaded(); fields.tags = newValue }
    }
    open var isFlagged: Bool {
        get { loaded(); return fields.isFlagged }
        set { loaded(); fields.isFlagged = newValue }
    }
    /// The reminder this one is a subtask of.
    open var parentIdentifier: String? {
        get { loaded(); return fields.parentIdentifier }
        set { loaded(); fields.parentIdentifier = newValue }
    }
    /// Where the person put it in its list by hand (lower first); nil when never placed.
    open var sortOrder: Int? {
        get { loaded(); return fields.sortOrder }
        set { loaded(); fields.sortOrder = newValue }
    }

    /// A new reminder for `eventStore`, saved with `save(_:commit:)`.
    public init(eventStore: EKEventStore) {
        super.init(store: eventStore)
    }

    /// What the store said of it when it was read (or saved).
    private var stored: Reminder? {
        get { storedValue?.value }
        set { storedValue = newValue.map(StoredValue.init) }
    }
    private var storedValue: StoredValue<Reminder>?

    init(_ reminder: Reminder, store: EKEventStore) {
        super.init(store: store)
        read(reminder)
    }

    /// A reminder a fetch gave, read when first looked at.
    override init(unread: WireSlice, store: EKEventStore) {
        super.init(unread: unread, store: store)
    }

    /// Completing sets `completionDate` to now; un-completing clears it.
    open var isCompleted: Bool {
        get { completed }
        set {
            guard newValue != completed else { return }
            completed = newValue
            completedAt = newValue ? Date() : nil
        }
    }

    /// Setting a date completes the reminder; clearing it un-completes it.
    open var completionDate: Date? {
        get { completedAt }
        set {
            completedAt = newValue
            completed = newValue != nil
        }
    }

    override var storedItem: (any CalendarItem)? {
        loaded()
        return stored
    }

    /// A fetched reminder, read when first looked at; one the answer does not hold whole is left
    /// as it was made (it cannot come from the server this library started).
    override func read(unread value: JSONValue) {
        guard case .object(let object) = value, let reminder = try? Reminder(reading: RemindersJSON.Fields(object, path: "result")) else { return }
        read(reminder)
    }

    /// Takes what the store says of the reminder.
    func read(_ reminder: Reminder) {
        stored = reminder
        readCommon(reminder)
        startDateComponents = reminder.startDateComponents.map(FoundationValues.dateComponents)
        dueDateComponents = reminder.dueDateComponents.map(FoundationValues.dateComponents)
        priority = reminder.priority
        completed = reminder.isCompleted
        completedAt = reminder.completionDate.map(FoundationValues.date)
        (tags, isFlagged, parentIdentifier, sortOrder) = (reminder.tags, reminder.isFlagged, reminder.parentIdentifier, reminder.sortOrder)
    }

    override func readStored() {
        loaded()
        if let stored { read(stored) }
    }

    /// What `saveReminder` takes: the members changed since it was read, and its identifier.
    func save() throws(EKError) -> ReminderSave {
        let stored = isNew ? nil : self.stored
        let isNew = stored == nil
        var changes = ReminderChanges()
        try fillCommonChanges(into: &changes)
        changes.location = Self.change(location, was: stored?.location, isNew: isNew)
        changes.priority = Self.change(priority, was: stored?.priority, isNew: isNew)
        changes.startDateComponents = Self.change(
            startDateComponents.map(FoundationValues.components), was: stored?.startDateComponents, isNew: isNew)
        changes.dueDateComponents = Self.change(dueDateComponents.map(FoundationValues.components), was: stored?.dueDateComponents, isNew: isNew)
        changes.isCompleted = Self.change(completed, was: stored?.isCompleted, isNew: isNew)
        let completion = completedAt.map(FoundationValues.timestamp)
        changes.completionDate = Self.change(completion, was: stored?.completionDate, isNew: isNew)
        // A completion date sent alone would be taken for "now": it goes with what it belongs to.
        if !changes.isCompleted.isKeep, let completion { changes.completionDate = .set(completion) }
        changes.tags = Self.change(tags, was: stored?.tags, isNew: isNew)
        changes.isFlagged = Self.change(isFlagged, was: stored?.isFlagged, isNew: isNew)
        changes.parentIdentifier = Self.change(parentIdentifier, was: stored?.parentIdentifier, isNew: isNew)
        changes.sortOrder = Self.change(sortOrder, was: stored?.sortOrder, isNew: isNew)
        return ReminderSave(identifier: identifier, changes: changes)
    }

    public override var hasChanges: Bool {
        // A save that would send no member but the identifier changes nothing.
        guard !isNew, let save = try? save() else { return true }
        return !save.changes.changesNothing
    }

    @discardableResult
    open override func refresh() -> Bool {
        guard let identifier,
            case .reminder(let found?)? = try? store.connection().call(CalendarItemMethod.self, IdentifierParams(identifier: identifier))
        else { return false }
        read(found)
        return true
    }
}
