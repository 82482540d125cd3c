import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersServer

/// `delete_reminders {ids}`: up to 100, with their subtasks, one commit, all or nothing.
enum DeleteReminders: ToolDeclaration {
    typealias Method = RemoveReminder
    static let name = "delete_reminders"
    static let title = "Delete reminders"
    static let detail =
        "Up to \(ReminderBatch.limit) reminders by id, with their subtasks, removed in one commit: all of them, or on any error none (the error names the item). Can be undone: restore_deleted brings each back."
    static let isDestructive = true
    static let isIdempotent = true

    struct Input: MethodParams {
        static let properties: [ObjectRule.Property] = [
            .init("ids", .array(ArrayRule(items: CalendarItemMethod.param("identifier"), maximumItems: ReminderBatch.limit)), required: true)
        ]
        var ids: [String]
        init(_ fields: Fields) throws(ResponseError) { ids = try ReminderBatch.items(fields, "ids").compactMap(\.stringValue) }
    }

    static func run(_ input: Input, _ call: ToolCall) throws(ToolFailure) -> RemovedReminders {
        let removed = try ReminderBatch.run(input.ids.count, field: "ids", call) { (index) throws(ToolFailure) in
            _ = try call.call(RemoveReminder.self, RemoveReminder.Params(identifier: input.ids[index]), commit: false)
            return input.ids[index]
        }
        return RemovedReminders(deleted: removed)
    }

    static func text(_ result: RemovedReminders, _ input: Input, _ call: ToolCall) -> String { "Deleted \(result.deleted.count)." }
}
