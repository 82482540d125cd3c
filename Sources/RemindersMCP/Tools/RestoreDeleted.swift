import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersServer

/// `restore_deleted {id?}`: brings a deleted reminder, list, event or calendar back (`restore`); without `id`, says
/// what is in the trash.
enum RestoreDeleted: ToolDeclaration {
    typealias Method = Restore
    static let name = "restore_deleted"
    static let title = "Restore a deleted reminder, list, event or calendar"
    static let detail = "Without id: lists what is in the trash (newest first) and restores nothing."

    struct Input: MethodParams {
        static let properties: [ObjectRule.Property] = [.init("id", .string("The deleted reminder's, list's, event's or calendar's identifier."))]
        var id: String?
        init(_ fields: Fields) throws(ResponseError) { id = try fields.optionalString("id") }
    }

    static func run(_ input: Input, _ call: ToolCall) throws(ToolFailure) -> Restore.Result {
        guard let id = input.id else {
            let trash = try call.call(Trash.self, Trash.Params(limit: 50))
            return Restore.Result(changes: trash.page.changes, zone: trash.zone)
        }
        return try call.call(Restore.self, Restore.Params(identifier: id))
    }

    static func text(_ result: Restore.Result, _ input: Input, _ call: ToolCall) -> String {
        guard input.id != nil else {
            guard !result.changes.isEmpty else { return "The trash is empty." }
            return
                (["In the trash (restore_deleted with its id brings one back):"]
                + result.changes.map { ChangeText.line($0, zone: call.zone) }).joined(separator: "\n")
        }
        return (["Restored:"] + result.changes.map { ChangeText.line($0, zone: call.zone) }).joined(separator: "\n")
    }
}
