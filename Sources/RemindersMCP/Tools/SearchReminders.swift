import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersServer
import RemindersStore

/// `search_reminders {query?, list?, status, dueAfter?, dueBefore?, tags?, flagged?, limit?, cursor?}`:
/// `fetchReminders` with a predicate made of the arguments.
enum SearchReminders: ToolDeclaration {
    typealias Method = FetchReminders
    static let name = "search_reminders"
    static let title = "Search reminders"
    static let detail = "Open reminders by default; a page of at most `limit` (default 50), `nextCursor` for the next."

    struct Input: MethodParams {
        static let properties: [ObjectRule.Property] = {
            let fetch = FetchReminders.self
            return [
                .init("query", fetch.param("predicate", "matching")),
                .init("list", .string("A list's title or identifier: only its reminders.")),
                .init("status", .oneOf(["incomplete", "completed", "all"]), default: "incomplete"),
                .init("dueAfter", .string("Due at or after this: \(ReminderFields.dateForms); a day means its start.")),
                .init("dueBefore", .string("Due before this, in the same forms.")),
                .init("tags", fetch.param("predicate", "tags")),
                .init("flagged", fetch.param("predicate", "isFlagged")),
                .init("limit", .integer(IntegerRule(minimum: 1, maximum: 500, description: "At most this many (default 50).")), default: 50),
                .init("cursor", fetch.param("cursor")),
            ]
        }()
        var query: String?
        var list: String?
        var status: ReminderPredicate.Kind
        var dueAfter: String?
        var dueBefore: String?
        var tags: [String]?
        var flagged: Bool?
        var limit: Int
        var cursor: String?

        init(_ fields: Fields) throws(ResponseError) {
            query = try fields.optionalString("query")
            list = try fields.optionalString("list")
            status = try fields.optionalEnum("status", ReminderPredicate.Kind.self) ?? .incomplete
            dueAfter = try fields.optionalString("dueAfter")
            dueBefore = try fields.optionalString("dueBefore")
            tags = try fields.optionalStrings("tags")
            flagged = try fields.optionalBool("flagged")
            limit = try fields.optionalInt("limit") ?? 50
            cursor = try fields.optionalString("cursor")
        }
    }

    static func run(_ input: Input, _ call: ToolCall) throws(ToolFailure) -> FetchReminders.Result {
        var predicate = ReminderPredicate(kind: input.status, matching: input.query)
        if let list = input.list { predicate.calendarIdentifiers = [try call.listIdentifier(list, field: "list")] }
        if let after = input.dueAfter {
            predicate.dueDateStarting = try ModelDates.boundary(after, field: "dueAfter", zone: call.zone, now: call.now)
        }
        if let before = input.dueBefore {
            predicate.dueDateEnding = try ModelDates.boundary(before, field: "dueBefore", zone: call.zone, now: call.now)
        }
        predicate.tags = input.tags
        predicate.isFlagged = input.flagged
        return try call.call(FetchReminders.self, FetchReminders.Params(predicate: predicate, limit: input.limit, cursor: input.cursor))
    }

    static func text(_ result: FetchReminders.Result, _ input: Input, _ call: ToolCall) -> String {
        let reminders = result.reminders
        var text =
            reminders.isEmpty
            ? "No reminders match."
            : "\(reminders.count) reminder\(reminders.count == 1 ? "" : "s"):\n"
                + reminders.map { "- " + ReminderFields.line($0) }.joined(separator: "\n")
        if let cursor = result.nextCursor { text += "\nMore: call again with cursor \"\(cursor)\"." }
        return text
    }
}
