import RemindersJSONRPC
import RemindersModel

extension Reminder {
    /// Every field, always present (null when unset), so clients see one shape.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("calendarItemIdentifier", calendarItemIdentifier)
        writer.field("calendarItemExternalIdentifier", calendarItemExternalIdentifier)
        writer.field("calendarIdentifier", calendarIdentifier)
        writer.field("title", title)
        writer.field("notes", notes)
        writer.field("url", url)
        writer.field("location", location)
        writer.field("priority", priority)
        writer.key(static: "startDateComponents")
        if let startDateComponents { startDateComponents.write(to: &writer) } else { writer.null() }
        writer.key(static: "dueDateComponents")
        if let dueDateComponents { dueDateComponents.write(to: &writer) } else { writer.null() }
        writer.field("isCompleted", isCompleted)
        writer.field("completionDate", completionDate)
        writer.field("creationDate", creationDate)
        writer.field("lastModifiedDate", lastModifiedDate)
        writer.field("timeZone", timeZone)
        writer.key(static: "alarms")
        writer.beginArray()
        for alarm in alarms { alarm.write(to: &writer) }
        writer.endArray()
        writer.key(static: "recurrenceRules")
        writer.beginArray()
        for rule in recurrenceRules { rule.write(to: &writer) }
        writer.endArray()
        writer.key(static: "tags")
        writer.beginArray()
        for tag in tags { writer.string(tag) }
        writer.endArray()
        writer.field("isFlagged", isFlagged)
        writer.field("parentIdentifier", parentIdentifier)
        writer.field("sortOrder", sortOrder)
        writer.field("hasAlarms", hasAlarms)
        writer.field("hasNotes", hasNotes)
        writer.field("hasRecurrenceRules", hasRecurrenceRules)
        writer.endObject()
    }
}

/// A `saveReminder` reminder object: which reminder (if any), what changes, and the concurrency
/// token. Its members were checked against `ReminderSchemas.changes`; the store's own members
/// (`creationDate`, …) are accepted there and not read here.
public struct ReminderSave: Sendable {
    public var identifier: String?
    public var changes: ReminderChanges
    public var lastModifiedDate: Timestamp?

    public init(identifier: String?, changes: ReminderChanges, lastModifiedDate: Timestamp? = nil) {
        (self.identifier, self.changes, self.lastModifiedDate) = (identifier, changes, lastModifiedDate)
    }

    public init(_ fields: Fields) throws(ResponseError) {
        identifier = try fields.optionalString("calendarItemIdentifier")
        lastModifiedDate = try fields.optionalTimestamp("lastModifiedDate")
        var changes = ReminderChanges()
        try fields.readCommonChanges(into: &changes)
        changes.priority = try fields.change("priority", Fields.int)
        changes.startDateComponents = try fields.change("startDateComponents", ItemDateComponents.decode)
        changes.dueDateComponents = try fields.change("dueDateComponents", ItemDateComponents.decode)
        changes.isCompleted = try fields.change("isCompleted") { (value, path) throws(ResponseError) in
            guard case .bool(let bool) = value else { throw .invalidParams("\(path): expected true or false, got \(value.typeName)", field: path) }
            return bool
        }
        changes.completionDate = try fields.change("completionDate") { (value, path) throws(ResponseError) in
            guard case .string(let text) = value, let date = Timestamp(rfc3339: text) else {
                throw .invalidParams("\(path): expected an RFC 3339 date-time such as 2026-11-29T09:00:00Z", field: path)
            }
            return date
        }
        changes.timeZone = try fields.change("timeZone", Fields.string)
        changes.alarms = try fields.change("alarms", AlarmDraft.decodeList)
        changes.recurrenceRules = try fields.change("recurrenceRules", RecurrenceRule.decodeList)
        changes.tags = try fields.change("tags") { (value, path) throws(ResponseError) in
            try Fields.array(value, path: path).enumerated().map { (index, element) throws(ResponseError) in
                try Fields.string(element, path: "\(path)[\(index)]")
            }
        }
        changes.isFlagged = try fields.change("isFlagged") { (value, path) throws(ResponseError) in
            guard case .bool(let bool) = value else { throw .invalidParams("\(path): expected true or false, got \(value.typeName)", field: path) }
            return bool
        }
        changes.parentIdentifier = try fields.change("parentIdentifier", Fields.string)
        changes.sortOrder = try fields.change("sortOrder", Fields.int)
        if identifier == nil, changes.title.isKeep {
            throw fields.invalid("title", "a new reminder needs a title")
        }
        self.changes = changes
    }
}

extension Reminder {
    /// A reminder as `write` wrote it: what a client reads back from an answer.
    public init(reading fields: Fields) throws(ResponseError) {
        self.init(
            calendarItemIdentifier: try fields.string("calendarItemIdentifier"), calendarIdentifier: try fields.string("calendarIdentifier"),
            title: try fields.string("title"), creationDate: try fields.timestamp("creationDate"))
        calendarItemExternalIdentifier = try fields.string("calendarItemExternalIdentifier")
        notes = try fields.optionalString("notes")
        url = try fields.optionalString("url")
        location = try fields.optionalString("location")
        priority = try fields.int("priority")
        startDateComponents = try fields.optionalObject("startDateComponents").map { (nested) throws(ResponseError) in
            try ItemDateComponents.decode(.object(nested.object), path: nested.path)
        }
        dueDateComponents = try fields.optionalObject("dueDateComponents").map { (nested) throws(ResponseError) in
            try ItemDateComponents.decode(.object(nested.object), path: nested.path)
        }
        isCompleted = try fields.bool("isCompleted")
        completionDate = try fields.optionalTimestamp("completionDate")
        lastModifiedDate = try fields.timestamp("lastModifiedDate")
        timeZone = try fields.optionalString("timeZone")
        alarms = try fields.list("alarms", Alarm.read)
        recurrenceRules = try fields.list("recurrenceRules", RecurrenceRule.read)
        tags = try fields.list("tags", Fields.string)
        isFlagged = try fields.bool("isFlagged")
        parentIdentifier = try fields.optionalString("parentIdentifier")
        sortOrder = try fields.optionalInt("sortOrder")
    }

    public static func read(_ value: JSONValue, path: String) throws(ResponseError) -> Reminder {
        try Reminder(reading: try Fields.object(value, path: path))
    }
}

extension ReminderSave {
    /// As `init(_:)` reads it: the members that change, null for those cleared.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        if let identifier { writer.field("calendarItemIdentifier", identifier) }
        if let lastModifiedDate { writer.field("lastModifiedDate", lastModifiedDate) }
        writer.writeCommonChanges(changes)
        writer.change("priority", changes.priority)
        writer.change("startDateComponents", changes.startDateComponents) { $1.write(to: &$0) }
        writer.change("dueDateComponents", changes.dueDateComponents) { $1.write(to: &$0) }
        writer.change("isCompleted", changes.isCompleted)
        writer.change("completionDate", changes.completionDate)
        writer.change("timeZone", changes.timeZone)
        writer.change("alarms", changes.alarms) { writer, alarms in writer.array(alarms) { $1.write(to: &$0) } }
        writer.change("recurrenceRules", changes.recurrenceRules) { writer, rules in writer.array(rules) { $1.write(to: &$0) } }
        writer.change("tags", changes.tags) { writer, tags in writer.array(tags) { $0.string($1) } }
        writer.change("isFlagged", changes.isFlagged)
        writer.change("parentIdentifier", changes.parentIdentifier)
        writer.change("sortOrder", changes.sortOrder)
        writer.endObject()
    }
}

extension JSONWriter {
    /// The members every calendar item's save takes, as `Fields.readCommonChanges` reads them.
    public mutating func writeCommonChanges(_ changes: some CalendarItemChanges) {
        change("calendarIdentifier", changes.calendarIdentifier)
        change("title", changes.title)
        change("notes", changes.notes)
        change("url", changes.url)
        change("location", changes.location)
    }
}
