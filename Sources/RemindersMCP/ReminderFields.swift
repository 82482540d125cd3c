import RemindersDatePhrases
import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersServer

/// The members `create_reminder` and `update_reminder` share, as the model gave them, and how
/// they become a `saveReminder`'s changes. Null clears a member in an update.
struct ReminderFields {
    static let dateForms =
        "\"2026-12-24\" (all day), \"2026-12-24T09:00\" (the person's wall clock, wherever they are), an RFC 3339 instant with an offset (\"2026-12-24T09:00:00+01:00\"), or as the person said it: \"tomorrow 9am\", \"in 3 days\", \"next monday\", \"the 15th\", \"end of month\", \"tonight\""

    static func properties(titleRequired: Bool) -> [ObjectRule.Property] {
        let save = SaveReminder.self
        return [
            .init("title", save.param("reminder", "title"), required: titleRequired),
            .init("list", .string("The list's title or identifier; absent: the default list.")),
            .init("notes", save.param("reminder", "notes")),
            .init("url", save.param("reminder", "url")),
            .init(
                "due",
                .string(
                    "When it is due: \(dateForms). A due time rings: the reminder gets an alarm then, unless `alarms` is given (an empty list for none)."
                )),
            .init("start", .string("When to start: \(dateForms).")),
            .init("priority", .any(description: "\"none\", \"low\", \"medium\", \"high\", or 0-9 (1 highest, 9 lowest, 0 none).")),
            .init("alarms", .array(of: AlarmSpec.schema), description: "Replaces the alarms."),
            .init(
                "recurrence",
                .string(
                    "How it repeats, as a person says it (\"every monday\", \"every 2 weeks\", \"every month on the 1st\", \"every weekday\", \"every year\") or an RFC 5545 RRULE such as FREQ=MONTHLY;COUNT=6."
                )),
            .init("tags", save.param("reminder", "tags")),
            .init("flagged", save.param("reminder", "isFlagged")),
            .init("parent", .string("The identifier of the reminder this one is a subtask of.")),
        ]
    }

    var title: FieldChange<String>
    var list: FieldChange<String>
    var notes: FieldChange<String>
    var url: FieldChange<String>
    var due: FieldChange<String>
    var start: FieldChange<String>
    var priority: FieldChange<JSONValue>
    var alarms: FieldChange<[AlarmSpec]>
    var recurrence: FieldChange<String>
    var tags: FieldChange<[String]>
    var flagged: FieldChange<Bool>
    var parent: FieldChange<String>

    init(_ fields: Fields) throws(ResponseError) {
        title = try fields.change("title", Fields.string)
        list = try fields.change("list", Fields.string)
        notes = try fields.change("notes", Fields.string)
        url = try fields.change("url", Fields.string)
        due = try fields.change("due", Fields.string)
        start = try fields.change("start", Fields.string)
        priority = try fields.change("priority") { value, _ in value }
        alarms = try fields.change("alarms", AlarmSpec.list)
        recurrence = try fields.change("recurrence", Fields.string)
        tags = try fields.change("tags") { (value, path) throws(ResponseError) in
            try Fields.array(value, path: path).enumerated().map { (index, element) throws(ResponseError) in
                try Fields.string(element, path: "\(path)[\(index)]")
            }
        }
        flagged = try fields.change("flagged") { (value, path) throws(ResponseError) in
            guard case .bool(let bool) = value else { throw .invalidParams("\(path): expected true or false", field: path) }
            return bool
        }
        parent = try fields.change("parent", Fields.string)
    }

    /// What the members ask of the reminder (lists by title, dates as the person means them).
    func changes(_ call: ToolCall) throws(ToolFailure) -> ReminderChanges {
        var changes = ReminderChanges()
        changes.title = title
        changes.notes = notes
        changes.url = url
        changes.parentIdentifier = parent
        changes.tags = tags.isClear ? .set([]) : tags
        changes.isFlagged = flagged.isClear ? .set(false) : flagged
        switch list {
        case .keep: break
        case .clear: throw ToolFailure(field: "list", "a list cannot be removed; give another list")
        case .set(let name): changes.calendarIdentifier = .set(try call.listIdentifier(name, field: "list"))
        }
        changes.dueDateComponents = try Self.date(due, field: "due", zone: call.zone, now: call.now)
        changes.startDateComponents = try Self.date(start, field: "start", zone: call.zone, now: call.now)
        if case .set(let value) = priority {
            changes.priority = .set(try Self.priority(value))
        } else if priority.isClear {
            changes.priority = .set(0)
        }
        switch alarms {
        case .keep: break
        case .clear: changes.alarms = .set([])
        case .set(let specs):
            changes.alarms = .set(
                try specs.enumerated().map { index, spec throws(ToolFailure) in
                    try spec.draft(field: "alarms[\(index)]", zone: call.zone, now: call.now)
                })
        }
        switch recurrence {
        case .keep: break
        case .clear: changes.recurrenceRules = .set([])
        case .set(let rule):
            changes.recurrenceRules = .set([try ModelDates.rule(rule, field: "recurrence")])
        }
        return changes
    }

    private static func date(_ change: FieldChange<String>, field: String, zone: TimeZone, now: Timestamp) throws(ToolFailure) -> FieldChange<
        ItemDateComponents
    > {
        switch change {
        case .keep: return .keep
        case .clear: return .clear
        case .set(let text): return .set(try ModelDates.components(text, field: field, zone: zone, now: now))
        }
    }

    static func priority(_ value: JSONValue) throws(ToolFailure) -> Int {
        if value.isNull { return 0 }
        if let number = value.integerValue, (0...9).contains(number) { return Int(number) }
        switch value.stringValue?.lowercased() {
        case "none"?: return 0
        case "high"?: return 1
        case "medium"?: return 5
        case "low"?: return 9
        case let text?: if let number = Int(text), (0...9).contains(number) { return number }
        case nil: break
        }
        throw ToolFailure(
            field: "priority", reason: EventKitErrorCode.priorityIsInvalid.rawValue,
            "expected \"none\", \"low\", \"medium\", \"high\" or 0-9, got \(value.serialized.prefix(40))")
    }

    /// "Buy milk — due 2026-12-24 09:00, Groceries [ID]" for one reminder of a result.
    static func line(_ reminder: Reminder) -> String {
        let title = reminder.title.replacingOccurrences(of: "\n", with: " ")
        var parts: [String] = []
        if let due = reminder.dueDateComponents { parts.append("due " + dateText(due)) }
        if let rule = reminder.recurrenceRules.first { parts.append("repeats " + RepeatText.words(rule, start: reminder.dueDateComponents)) }
        if reminder.isCompleted { parts.append("completed") }
        if reminder.isFlagged { parts.append("flagged") }
        if !reminder.tags.isEmpty { parts.append(reminder.tags.map { "#" + $0 }.joined(separator: " ")) }
        return "\(title)\(parts.isEmpty ? "" : " — " + parts.joined(separator: ", ")) [\(reminder.calendarItemIdentifier)]"
    }

    /// With its weekday and what kind of date it is, so a model never works either out itself (and
    /// gets it wrong): `Mon 2026-12-07 (all day)`, `Mon 2026-12-07 09:00 (floating)`.
    static func dateText(_ components: ItemDateComponents) -> String { DateReading.text(components) }

    /// An instant as the person's wall clock in their zone, with the zone.
    static func instantText(_ instant: Timestamp, zone: TimeZone) -> String {
        var wall = ItemDateComponents.wallClock(of: instant, in: zone)
        wall.timeZone = zone.identifier
        return dateText(wall)
    }
}

extension FieldChange {
    var isClear: Bool { if case .clear = self { return true } else { return false } }
}
