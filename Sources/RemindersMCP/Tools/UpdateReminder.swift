import JSONRPC
import RemindersServer

/// `update_reminder {id, …the members of create_reminder}`: what is given changes, null clears it.
enum UpdateReminder: ToolDeclaration {
    static let name = "update_reminder"
    static let title = "Update a reminder"
    static let method = MethodNames.saveReminder
    static let detail = "Changes the members given (null clears one: due, start, notes, url, recurrence, parent); the others stay."
    static let input = [.init("id", MethodCatalog.param(of: MethodNames.calendarItem, "identifier"), required: true)]
        + ReminderFields.properties(titleRequired: false)
    static let isIdempotent = true

    static func run(_ call: ToolCall) throws(ToolFailure) -> JSONValue {
        var reminder = try ReminderFields.reminder(from: call)
        reminder["calendarItemIdentifier"] = call.arguments["id"]
        return try call.call(method, ["reminder": .object(reminder)])
    }

    static func text(_ result: JSONValue, _ call: ToolCall) -> String { "Updated: " + ReminderFields.line(result["reminder"] ?? [:]) }
}
