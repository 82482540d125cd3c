import JSONRPC
import RemindersServer

/// `list_reminder_lists {}`: the lists, as `calendars` gives them.
enum ListReminderLists: ToolDeclaration {
    static let name = "list_reminder_lists"
    static let title = "List reminder lists"
    static let method = MethodNames.calendars
    static let detail = "Use a list's title or calendarIdentifier as `list` in the other tools."
    static let input: [ObjectRule.Property] = []

    static func run(_ call: ToolCall) throws(ToolFailure) -> JSONValue {
        try call.call(method, ["entityType": "reminder"])
    }

    static func text(_ result: JSONValue, _ call: ToolCall) -> String {
        let lists = result["calendars"]?.arrayValue ?? []
        return "\(lists.count) list\(lists.count == 1 ? "" : "s"):\n" + lists.map { list in
            "- \(list["title"]?.stringValue ?? "")\(list["isDefault"]?.boolValue == true ? " (default)" : "") [\(list["calendarIdentifier"]?.stringValue ?? "")]"
        }.joined(separator: "\n")
    }
}
