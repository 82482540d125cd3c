import JSONRPC
import RemindersServer

/// `delete_reminder {id}`: removes the reminder (and its subtasks) for good.
enum DeleteReminder: ToolDeclaration {
    static let name = "delete_reminder"
    static let title = "Delete a reminder"
    static let method = MethodNames.removeReminder
    static let detail = "For good, with its subtasks; a recurring reminder's whole series."
    static let input: [ObjectRule.Property] = [.init("id", MethodCatalog.param(of: method, "identifier"), required: true)]
    static let isDestructive = true
    static let isIdempotent = true

    static func run(_ call: ToolCall) throws(ToolFailure) -> JSONValue {
        try call.call(method, ["identifier": call.arguments["id"] ?? .null])
    }

    static func text(_ result: JSONValue, _ call: ToolCall) -> String { "Deleted." }
}
