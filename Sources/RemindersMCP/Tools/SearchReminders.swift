import JSONRPC
import RemindersServer

/// `search_reminders {query?, list?, status, dueAfter?, dueBefore?, tags?, flagged?, limit?, cursor?}`:
/// `fetchReminders` with a predicate made of the arguments.
enum SearchReminders: ToolDeclaration {
    static let name = "search_reminders"
    static let title = "Search reminders"
    static let method = MethodNames.fetchReminders
    static let detail = "Open reminders by default; a page of at most `limit` (default 50), `nextCursor` for the next."
    static let input: [ObjectRule.Property] = [
        .init("query", MethodCatalog.param(of: method, "predicate", "matching")),
        .init("list", .string("A list's title or identifier: only its reminders.")),
        .init("status", .oneOf(["incomplete", "completed", "all"]), default: "incomplete"),
        .init("dueAfter", .string("Due at or after this: \(ReminderFields.dateForms); a day means its start.")),
        .init("dueBefore", .string("Due before this, in the same forms.")),
        .init("tags", MethodCatalog.param(of: method, "predicate", "tags")),
        .init("flagged", MethodCatalog.param(of: method, "predicate", "isFlagged")),
        .init("limit", .integer(IntegerRule(minimum: 1, maximum: 500, description: "At most this many (default 50).")), default: 50),
        .init("cursor", MethodCatalog.param(of: method, "cursor")),
    ]

    static func run(_ call: ToolCall) throws(ToolFailure) -> JSONValue {
        var predicate: JSONObject = ["kind": .string(call.string("status") ?? "incomplete")]
        if let query = call.string("query") { predicate["matching"] = .string(query) }
        if let list = call.string("list") { predicate["calendarIdentifiers"] = [.string(try call.listIdentifier(list, field: "list"))] }
        if let after = call.string("dueAfter") { predicate["dueDateStarting"] = .string(try ModelDates.boundary(after, field: "dueAfter", zone: call.zone)) }
        if let before = call.string("dueBefore") { predicate["dueDateEnding"] = .string(try ModelDates.boundary(before, field: "dueBefore", zone: call.zone)) }
        if let tags = call.arguments["tags"], !tags.isNull { predicate["tags"] = tags }
        if let flagged = call.arguments["flagged"], !flagged.isNull { predicate["isFlagged"] = flagged }
        var params: JSONObject = ["predicate": .object(predicate), "limit": call.arguments["limit"] ?? 50]
        if let cursor = call.string("cursor") { params["cursor"] = .string(cursor) }
        return try call.call(method, .object(params))
    }

    /// A day's start, a wall-clock time or an instant, as the instant the predicate takes.
    static func text(_ result: JSONValue, _ call: ToolCall) -> String {
        let reminders = result["reminders"]?.arrayValue ?? []
        var text = reminders.isEmpty ? "No reminders match." : "\(reminders.count) reminder\(reminders.count == 1 ? "" : "s"):\n"
            + reminders.map { "- " + ReminderFields.line($0) }.joined(separator: "\n")
        if let cursor = result["nextCursor"]?.stringValue { text += "\nMore: call again with cursor \"\(cursor)\"." }
        return text
    }
}
