import RemindersJSONRPC
import RemindersJSON
import RemindersProtocol
import RemindersServer

/// `list_reminder_lists {}`: the lists, as `calendars` gives them.
enum ListReminderLists: ToolDeclaration {
    typealias Method = Calendars
    static let name = "list_reminder_lists"
    static let title = "List reminder lists"
    static let detail = "Use a list's title or calendarIdentifier as `list` in the other tools."

    typealias Input = NoParams

    static func run(_ input: Input, _ call: ToolCall) throws(ToolFailure) -> Calendars.Result {
        Calendars.Result(calendars: try call.calendars())
    }

    static func text(_ result: Calendars.Result, _ input: Input, _ call: ToolCall) -> String {
        "\(result.calendars.count) list\(result.calendars.count == 1 ? "" : "s"):\n"
            + result.calendars.map { list in
                "- \(list.title)\(list.isDefault ? " (default)" : "") [\(list.calendarIdentifier)]"
            }.joined(separator: "\n")
    }
}
