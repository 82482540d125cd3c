import JSONRPC
import RemindersServer

/// `create_reminder {title, list?, notes?, url?, due?, start?, priority?, alarms?, recurrence?, tags?, flagged?, parent?}`.
enum CreateReminder: ToolDeclaration {
    static let name = "create_reminder"
    static let title = "Create a reminder"
    static let method = MethodNames.saveReminder
    static let detail = "Creates one reminder (saveReminder without an identifier)."
    static let input = ReminderFields.properties(titleRequired: true)

    static func run(_ call: ToolCall) throws(ToolFailure) -> JSONValue {
        try call.call(method, ["reminder": .object(try ReminderFields.reminder(from: call))])
    }

    static func text(_ result: JSONValue, _ call: ToolCall) -> String { "Created: " + ReminderFields.line(result["reminder"] ?? [:]) }
}
