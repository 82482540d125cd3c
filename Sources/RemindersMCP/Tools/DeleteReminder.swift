import JSONRPC
import RemindersJSON
import RemindersProtocol
import RemindersServer

/// `delete_reminder {id}`: removes the reminder (and its subtasks) for good.
enum DeleteReminder: ToolDeclaration {
    typealias Method = RemoveReminder
    static let name = "delete_reminder"
    static let title = "Delete a reminder"
    static let detail = "For good, with its subtasks; a recurring reminder's whole series."
    static let isDestructive = true
    static let isIdempotent = true

    typealias Input = ReminderIDInput

    static func run(_ input: Input, _ call: ToolCall) throws(ToolFailure) -> EmptyResult {
        try call.call(RemoveReminder.self, RemoveReminder.Params(identifier: input.id))
    }

    static func text(_ result: EmptyResult, _ input: Input, _ call: ToolCall) -> String { "Deleted." }
}
