import JSONRPC
import RemindersServer

/// `get_reminder {id}`: one reminder in full (`calendarItem`).
enum GetReminder: ToolDeclaration {
    static let name = "get_reminder"
    static let title = "Get a reminder"
    static let method = MethodNames.calendarItem
    static let detail = "`id` is a reminder's calendarItemIdentifier, as search_reminders gives it."
    static let input: [ObjectRule.Property] = [.init("id", MethodCatalog.param(of: method, "identifier"), required: true)]

    static func run(_ call: ToolCall) throws(ToolFailure) -> JSONValue {
        let result = try call.call(method, ["identifier": call.arguments["id"] ?? .null])
        guard let reminder = result["reminder"], !reminder.isNull else {
            throw ToolFailure(field: "id", "no reminder has the identifier \(call.string("id") ?? "")")
        }
        return result
    }

    static func text(_ result: JSONValue, _ call: ToolCall) -> String {
        guard let reminder = result["reminder"] else { return "" }
        var text = ReminderFields.line(reminder)
        if let notes = reminder["notes"]?.stringValue, !notes.isEmpty { text += "\nNotes: " + notes }
        return text
    }
}
