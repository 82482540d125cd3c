import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersServer

/// `complete_reminder {id, completed?:true}`: a recurring reminder moves on to its next occurrence.
enum CompleteReminder: ToolDeclaration {
    typealias Method = SaveReminder
    static let name = "complete_reminder"
    static let title = "Complete a reminder"
    static let detail =
        "Marks it completed (completed:false reopens it); a recurring reminder moves on to its next occurrence and completedOccurrence records the one done."
    static let isIdempotent = true

    struct Input: MethodParams {
        static let properties: [ObjectRule.Property] =
            ReminderIDInput.properties + [
                .init("completed", SaveReminder.param("reminder", "isCompleted"), default: true)
            ]
        var id: String
        var completed: Bool

        init(_ fields: Fields) throws(ResponseError) {
            id = try fields.string("id")
            completed = try fields.optionalBool("completed") ?? true
        }
    }

    static func run(_ input: Input, _ call: ToolCall) throws(ToolFailure) -> SaveReminder.Result {
        var changes = ReminderChanges()
        changes.isCompleted = .set(input.completed)
        return try call.call(SaveReminder.self, SaveReminder.Params(reminder: ReminderSave(identifier: input.id, changes: changes)))
    }

    static func text(_ result: SaveReminder.Result, _ input: Input, _ call: ToolCall) -> String {
        if result.completedOccurrence != nil { return "Completed this occurrence; next: " + ReminderFields.line(result.reminder) }
        return (result.reminder.isCompleted ? "Completed: " : "Reopened: ") + ReminderFields.line(result.reminder)
    }
}
