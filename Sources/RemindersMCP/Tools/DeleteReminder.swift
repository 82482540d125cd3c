import RemindersJSONRPC
import RemindersJSON
import RemindersProtocol
import RemindersServer

/// `delete_reminder {id}`: removes the reminder (and its subtasks) to the trash.
enum DeleteReminder: ToolDeclaration {
    typealias Method = RemoveReminder
    static let name = "delete_reminder"
    static let title = "Delete a reminder"
    static let detail = "With its subtasks; a recurring reminder's whole series. Can be undone: restore_deleted brings it back."
    static let isDestructive = true
    static let isIdempotent = true

    typealias Input = ReminderIDInput

    static func run(_ input: Input, _ call: ToolCall) throws(ToolFailure) -> EmptyResult {
        try call.call(RemoveReminder.self, RemoveReminder.Params(identifier: input.id))
    }

    static func text(_ result: EmptyResult, _ input: Input, _ call: ToolCall) -> String { "Deleted." }
}
