import Foundation
import RemindersJSONRPC
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

    init(wire value: JSONValue, store: EKEventStore) {
        super.init(store: store)
        read(value)
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

    override func clear() {
        super.clear()
        (startDateComponents, dueDateComponents, priority, completed, completedAt) = (nil, nil, 0, false, nil)
        (tags, isFlagged, parentIdentifier, sortOrder) = ([], false, nil, nil)
    }

    override func take(_ key: String, _ value: JSONValue) {
        switch key {
        case "startDateComponents": startDateComponents = Wire.components(value)
        case "dueDateComponents": dueDateComponents = Wire.components(value)
        case "priority": priority = Int(value.integerValue ?? 0)
        case "isCompleted": completed = value.boolValue ?? false
        case "completionDate": completedAt = Wire.date(value)
        case "tags": tags = value.arrayValue?.compactMap(\.stringValue) ?? []
        case "isFlagged": isFlagged = value.boolValue ?? false
        case "parentIdentifier": parentIdentifier = value.stringValue
        case "sortOrder": sortOrder = value.integerValue.map(Int.init)
        default: super.take(key, value)
        }
    }

    override var wire: JSONObject {
        var object = super.wire
        object["location"] = Wire.string(location)
        object["priority"] = .integer(Int64(priority))
        object["startDateComponents"] = Wire.components(startDateComponents)
        object["dueDateComponents"] = Wire.components(dueDateComponents)
        object["isCompleted"] = .bool(completed)
        object["completionDate"] = completedAt.map(Wire.instant) ?? .null
        object["tags"] = .array(tags.map(JSONValue.string))
        object["isFlagged"] = .bool(isFlagged)
        object["parentIdentifier"] = Wire.string(parentIdentifier)
        object["sortOrder"] = sortOrder.map { .integer(Int64($0)) } ?? .null
        return object
    }

    /// What `saveReminder` takes: the members changed since it was read, and its identifier.
    var saveParams: JSONObject {
        var reminder = changes
        if let identifier { reminder["calendarItemIdentifier"] = .string(identifier) }
        // A completion date sent alone would be taken for "now": it goes with what it belongs to.
        if reminder["isCompleted"] != nil, completedAt != nil { reminder["completionDate"] = wire["completionDate"] }
        return reminder
    }

    @discardableResult
    open override func refresh() -> Bool {
        guard let identifier, let found = try? store.connection().call(CalendarItemMethod.name, ["identifier": .string(identifier)]),
            let reminder = found["reminder"], reminder.objectValue != nil
        else { return false }
        read(reminder)
        return true
    }
}
