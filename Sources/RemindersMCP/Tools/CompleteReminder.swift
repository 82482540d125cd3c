import JSONRPC
import RemindersServer

/// `complete_reminder {id, completed?:true}`: a recurring reminder moves on to its next occurrence.
enum CompleteReminder: ToolDeclaration {
    static let name = "complete_reminder"
    static let title = "Complete a reminder"
    static let method = MethodNames.saveReminder
    static let detail = "Marks it completed (completed:false reopens it); a recurring reminder moves on to its next occurrence and completedOccurrence records the one done."
    static let input: [ObjectRule.Property] = [
        .init("id", MethodCatalog.param(of: MethodNames.calendarItem, "identifier"), required: true),
        .init("completed", MethodCatalog.param(of: method, "reminder", "isCompleted"), default: true),
    ]
    static let isIdempotent = true

    static func run(_ call: ToolCall) throws(ToolFailure) -> JSONValue {
        try call.call(method, ["reminder": ["calendarItemIdentifier": call.arguments["id"] ?? .null,
                                            "isCompleted": .bool(call.arguments["completed"]?.boolValue ?? true)]])
    }

    static func text(_ result: JSONValue, _ call: ToolCall) -> String {
        let reminder = result["reminder"] ?? [:]
        if let done = result["completedOccurrence"], !done.isNull { return "Completed this occurrence; next: " + ReminderFields.line(reminder) }
        return (reminder["isCompleted"]?.boolValue == true ? "Completed: " : "Reopened: ") + ReminderFields.line(reminder)
    }
}
