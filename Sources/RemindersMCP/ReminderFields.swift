import Foundation
import JSONRPC
import RemindersServer

/// The members `create_reminder` and `update_reminder` share, and how they become a
/// `saveReminder`'s reminder. Null clears a member in an update.
enum ReminderFields {
    static let dateForms = "\"2026-12-24\" (all day), \"2026-12-24T09:00\" (the person's wall clock, wherever they are) or an RFC 3339 instant with an offset (\"2026-12-24T09:00:00+01:00\")"

    static func properties(titleRequired: Bool) -> [ObjectRule.Property] {
        let save = MethodNames.saveReminder
        return [
            .init("title", MethodCatalog.param(of: save, "reminder", "title"), required: titleRequired),
            .init("list", .string("The list's title or identifier; absent: the default list.")),
            .init("notes", MethodCatalog.param(of: save, "reminder", "notes")),
            .init("url", MethodCatalog.param(of: save, "reminder", "url")),
            .init("due", .string("When it is due: \(dateForms).")),
            .init("start", .string("When to start: \(dateForms).")),
            .init("priority", .any(description: "\"none\", \"low\", \"medium\", \"high\", or 0-9 (1 highest, 9 lowest, 0 none).")),
            .init("alarms", .array(of: AlarmSpec.schema), description: "Replaces the alarms."),
            .init("recurrence", .string("An RFC 5545 RRULE such as FREQ=WEEKLY;BYDAY=MO,WE or FREQ=MONTHLY;COUNT=6.")),
            .init("tags", MethodCatalog.param(of: save, "reminder", "tags")),
            .init("flagged", MethodCatalog.param(of: save, "reminder", "isFlagged")),
            .init("parent", .string("The identifier of the reminder this one is a subtask of.")),
        ]
    }

    /// The `reminder` of a saveReminder call.
    static func reminder(from call: ToolCall) throws(ToolFailure) -> JSONObject {
        var reminder = JSONObject()
        for member in call.arguments.members {
            let name = member.key, value = member.value
            switch name {
            case "title": reminder["title"] = value
            case "notes": reminder["notes"] = value
            case "url": reminder["url"] = value
            case "tags": reminder["tags"] = value.isNull ? [] : value
            case "flagged": reminder["isFlagged"] = value.isNull ? false : value
            case "parent": reminder["parentIdentifier"] = value
            case "list":
                guard let list = value.stringValue else { throw ToolFailure(field: name, "a list cannot be removed; give another list") }
                reminder["calendarIdentifier"] = .string(try call.listIdentifier(list, field: name))
            case "due", "start":
                let key = name == "due" ? "dueDateComponents" : "startDateComponents"
                reminder[key] = try value.stringValue.map { text throws(ToolFailure) in try ModelDates.components(text, field: name, zone: call.zone) } ?? .null
            case "priority": reminder["priority"] = .integer(try priority(value))
            case "alarms":
                reminder["alarms"] = .array(try (value.arrayValue ?? []).enumerated().map { index, spec throws(ToolFailure) in
                    try AlarmSpec.alarm(spec, field: "alarms[\(index)]", zone: call.zone)
                })
            case "recurrence":
                reminder["recurrenceRules"] = value.stringValue.map { [["rrule": .string($0)]] } ?? []
            default: break
            }
        }
        return reminder
    }

    static func priority(_ value: JSONValue) throws(ToolFailure) -> Int64 {
        if value.isNull { return 0 }
        if let number = value.integerValue, (0...9).contains(number) { return number }
        switch value.stringValue?.lowercased() {
        case "none"?: return 0
        case "high"?: return 1
        case "medium"?: return 5
        case "low"?: return 9
        case let text?: if let number = Int64(text), (0...9).contains(number) { return number }
        case nil: break
        }
        throw ToolFailure(field: "priority", reason: "priorityIsInvalid", "expected \"none\", \"low\", \"medium\", \"high\" or 0-9, got \(value.serialized.prefix(40))")
    }

    /// "Buy milk — due 2026-12-24 09:00, Groceries [ID]" for one reminder of a result.
    static func line(_ reminder: JSONValue) -> String {
        let title = (reminder["title"]?.stringValue ?? "").replacingOccurrences(of: "\n", with: " ")
        var parts: [String] = []
        if let due = reminder["dueDateComponents"], !due.isNull { parts.append("due " + dateText(due)) }
        if reminder["isCompleted"]?.boolValue == true { parts.append("completed") }
        if reminder["isFlagged"]?.boolValue == true { parts.append("flagged") }
        if let tags = reminder["tags"]?.arrayValue, !tags.isEmpty { parts.append(tags.compactMap(\.stringValue).map { "#" + $0 }.joined(separator: " ")) }
        let id = reminder["calendarItemIdentifier"]?.stringValue ?? ""
        return "\(title)\(parts.isEmpty ? "" : " — " + parts.joined(separator: ", ")) [\(id)]"
    }

    static func dateText(_ components: JSONValue) -> String {
        func two(_ key: String) -> String { String(format: "%02lld", components[key]?.integerValue ?? 0) }
        var text = "\(components["year"]?.integerValue ?? 0)-\(two("month"))-\(two("day"))"
        if components["hour"]?.integerValue != nil { text += " \(two("hour")):\(two("minute"))" }
        if let zone = components["timeZone"]?.stringValue { text += " \(zone)" }
        return text
    }
}
