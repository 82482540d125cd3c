import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersServer

/// `update_reminder {id, …the members of create_reminder}`: what is given changes, null clears it.
enum UpdateReminder: ToolDeclaration {
    typealias Method = SaveReminder
    static let name = "update_reminder"
    static let title = "Update a reminder"
    static let detail = "Changes the members given (null clears one: due, start, notes, url, recurrence, parent); the others stay."
    static let isIdempotent = true

    struct Input: MethodParams {
        static let properties = ReminderIDInput.properties + ReminderFields.properties(titleRequired: false)
        var id: String
        var fields: ReminderFields

        init(_ fields: Fields) throws(ResponseError) {
            id = try fields.string("id")
            self.fields = try ReminderFields(fields)
        }
    }

    static func run(_ input: Input, _ call: ToolCall) throws(ToolFailure) -> SaveReminder.Result {
        try call.call(
            SaveReminder.self,
            SaveReminder.Params(
                reminder: ReminderSave(identifier: input.id, changes: try input.fields.changes(call)),
                alarmAtDueTime: input.fields.alarms.isKeep))
    }

    static func text(_ result: SaveReminder.Result, _ input: Input, _ call: ToolCall) -> String { "Updated: " + ReminderFields.line(result.reminder) }
}
