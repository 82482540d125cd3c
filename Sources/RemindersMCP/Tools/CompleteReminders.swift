import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersServer

/// `complete_reminders {ids, completed?:true}`: up to 100, one commit, all or nothing.
enum CompleteReminders: ToolDeclaration {
    typealias Method = SaveReminder
    static let name = "complete_reminders"
    static let title = "Complete reminders"
    static let detail =
        "Up to \(ReminderBatch.limit) reminders by id, completed (completed:false reopens them) in one commit: all of them, or on any error none (the error names the item). A recurring one moves on to its next occurrence."
    static let isIdempotent = true

    struct Input: MethodParams {
        static let properties: [ObjectRule.Property] = [
            .init("ids", .array(ArrayRule(items: CalendarItemMethod.param("identifier"), maximumItems: ReminderBatch.limit)), required: true),
            .init("completed", SaveReminder.param("reminder", "isCompleted"), default: true),
        ]
        var ids: [String]
        var completed: Bool

        init(_ fields: Fields) throws(ResponseError) {
            ids = try ReminderBatch.items(fields, "ids").compactMap(\.stringValue)
            completed = try fields.optionalBool("completed") ?? true
        }
    }

    static func run(_ input: Input, _ call: ToolCall) throws(ToolFailure) -> SavedReminders {
        var changes = ReminderChanges()
        changes.isCompleted = .set(input.completed)
        let saved = try ReminderBatch.run(input.ids.count, field: "ids", call) { (index) throws(ToolFailure) in
            let params = SaveReminder.Params(reminder: ReminderSave(identifier: input.ids[index], changes: changes))
            return try call.call(SaveReminder.self, params, commit: false).reminder
        }
        return SavedReminders(reminders: saved)
    }

    static func text(_ result: SavedReminders, _ input: Input, _ call: ToolCall) -> String {
        "\(input.completed ? "Completed" : "Reopened") \(result.reminders.count):\n"
            + result.reminders.map { "- " + ReminderFields.line($0) }.joined(separator: "\n")
    }
}
