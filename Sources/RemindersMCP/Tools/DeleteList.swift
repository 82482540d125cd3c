import RemindersJSONRPC
import RemindersJSON
import RemindersProtocol
import RemindersServer

/// `delete_list {list}`: removes a list and every reminder in it (removeCalendar).
enum DeleteList: ToolDeclaration {
    typealias Method = RemoveCalendar
    static let name = "delete_list"
    static let title = "Delete a list"
    static let detail =
        "`list` is a list's title (ignoring case) or identifier. Every reminder in it goes too; the last list cannot be removed. Can be undone: restore_deleted brings it back with its reminders."
    static let isDestructive = true
    static let isIdempotent = true

    struct Input: MethodParams {
        static let properties: [ObjectRule.Property] = [.init("list", .string("The list's title or identifier."), required: true)]
        var list: String
        init(_ fields: Fields) throws(ResponseError) { list = try fields.string("list") }
    }

    static func run(_ input: Input, _ call: ToolCall) throws(ToolFailure) -> EmptyResult {
        let identifier = try call.listIdentifier(input.list, field: "list")
        return try call.call(RemoveCalendar.self, RemoveCalendar.Params(calendarIdentifier: identifier))
    }

    static func text(_ result: EmptyResult, _ input: Input, _ call: ToolCall) -> String { "Deleted the list \(input.list) and its reminders." }
}
