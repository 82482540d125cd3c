import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersServer

/// `create_reminders {reminders: [create_reminder's arguments]}`: up to 100, one commit, all or nothing.
enum CreateReminders: ToolDeclaration {
    typealias Method = SaveReminder
    static let name = "create_reminders"
    static let title = "Create reminders"
    static let detail =
        "Up to \(ReminderBatch.limit) reminders, each with create_reminder's arguments, saved in one commit: all of them, or on any error none (the error names the item)."

    struct Input: MethodParams {
        static let properties: [ObjectRule.Property] = [
            .init(
                "reminders", .array(ArrayRule(items: .object(ReminderFields.properties(titleRequired: true)), maximumItems: ReminderBatch.limit)),
                required: true)
        ]
        var reminders: [ReminderFields]

        init(_ fields: Fields) throws(ResponseError) {
            var read: [ReminderFields] = []
            for (index, item) in try ReminderBatch.items(fields, "reminders").enumerated() {
                read.append(try ReminderFields(try Fields.object(item, path: fields.pathOf("reminders") + "[\(index)]")))
            }
            reminders = read
        }
    }

    static func run(_ input: Input, _ call: ToolCall) throws(ToolFailure) -> SavedReminders {
        let saved = try ReminderBatch.run(input.reminders.count, field: "reminders", call) { (index) throws(ToolFailure) in
            let fields = input.reminders[index]
            let params = SaveReminder.Params(
                reminder: ReminderSave(identifier: nil, changes: try fields.changes(call)), alarmAtDueTime: fields.alarms.isKeep)
            return try call.call(SaveReminder.self, params, commit: false).reminder
        }
        return SavedReminders(reminders: saved)
    }

    static func text(_ result: SavedReminders, _ input: Input, _ call: ToolCall) -> String {
        "Created \(result.reminders.count):\n" + result.reminders.map { "- " + ReminderFields.line($0) }.joined(separator: "\n")
    }
}
