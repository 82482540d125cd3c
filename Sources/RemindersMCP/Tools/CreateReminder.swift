import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersServer

/// `create_reminder {title, list?, notes?, url?, due?, start?, priority?, alarms?, recurrence?, tags?, flagged?, parent?}`.
enum CreateReminder: ToolDeclaration {
    typealias Method = SaveReminder
    static let name = "create_reminder"
    static let title = "Create a reminder"
    static let detail = "Creates one reminder (saveReminder without an identifier)."

    struct Input: MethodParams {
        static let properties = ReminderFields.properties(titleRequired: true)
        var fields: ReminderFields
        init(_ fields: Fields) throws(ResponseError) { self.fields = try ReminderFields(fields) }
    }

    static func run(_ input: Input, _ call: ToolCall) throws(ToolFailure) -> SaveReminder.Result {
        try call.call(
            SaveReminder.self,
            SaveReminder.Params(
                reminder: ReminderSave(identifier: nil, changes: try input.fields.changes(call)),
                alarmAtDueTime: input.fields.alarms.isKeep))
    }

    static func text(_ result: SaveReminder.Result, _ input: Input, _ call: ToolCall) -> String { "Created: " + ReminderFields.line(result.reminder) }
}
