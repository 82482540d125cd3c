import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersServer

/// `recent_changes {id?, limit?}`: the history, newest first (`changes`).
enum RecentChanges: ToolDeclaration {
    typealias Method = Changes
    static let name = "recent_changes"
    static let title = "Recent changes"
    static let detail =
        "id: only that reminder's, list's, event's or calendar's. undo_change takes a change's number; restore_deleted brings back a deleted reminder, list, event or calendar."

    struct Input: MethodParams {
        static let properties: [ObjectRule.Property] = [
            .init("id", .string("A reminder's, list's, event's or calendar's identifier: only its changes.")),
            .init("limit", .integer(IntegerRule(minimum: 1, maximum: 100, description: "How many (default 20)."))),
        ]
        var id: String?
        var limit: Int
        init(_ fields: Fields) throws(ResponseError) {
            id = try fields.optionalString("id")
            limit = try fields.optionalInt("limit") ?? 20
        }
    }

    static func run(_ input: Input, _ call: ToolCall) throws(ToolFailure) -> Changes.Result {
        try call.call(Changes.self, Changes.Params(filter: ChangesFilter(itemIdentifier: input.id, limit: input.limit)))
    }

    static func text(_ result: Changes.Result, _ input: Input, _ call: ToolCall) -> String {
        guard !result.page.changes.isEmpty else { return "No changes in the history." }
        return result.page.changes.map { ChangeText.line($0, zone: call.zone) }.joined(separator: "\n")
    }
}

/// A change as a line a model reads: when (with its weekday), what, to which item, by whom.
enum ChangeText {
    static func line(_ change: ItemChange, zone: TimeZone) -> String {
        let who = change.account.map { "the sync of \($0)" } ?? change.client
        let what: String
        switch change.kind {
        case .reminder: what = "\"\(change.title)\""
        case .list, .event, .calendar: what = "\(change.kind.rawValue) \"\(change.title)\""
        }
        let undoing = change.undoes.map { ", undoing #\($0)" } ?? ""
        let together = change.undoGroup == change.changeIdentifier ? "" : ", together with #\(change.undoGroup)"
        return "- #\(change.changeIdentifier) \(ReminderFields.instantText(change.date, zone: zone)): \(change.action.rawValue) \(what) "
            + "by \(who)\(undoing)\(together) [\(change.itemIdentifier)]"
    }
}
