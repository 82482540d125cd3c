import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersServer

/// `undo_change {change}`: reverts one change of the history (`undo`).
enum UndoChange: ToolDeclaration {
    typealias Method = Undo
    static let name = "undo_change"
    static let title = "Undo a change"
    static let detail =
        "change: its number from recent_changes. The changes made together with it (\"together with #N\": completing a repeating reminder, a move with subtasks) are undone with it. The undo is a change too, and can be undone the same way."

    struct Input: MethodParams {
        static let properties: [ObjectRule.Property] = [
            .init("change", .string("The change's number (changeIdentifier), e.g. \"41\"."), required: true)
        ]
        var change: String
        init(_ fields: Fields) throws(ResponseError) { change = try fields.string("change").trimmingCharacters(in: ["#", " "]) }
    }

    static func run(_ input: Input, _ call: ToolCall) throws(ToolFailure) -> Undo.Result {
        guard let number = Int64(input.change), number > 0 else {
            throw ToolFailure(field: "change", "\(input.change) is not a change's number (recent_changes gives them)")
        }
        return try call.call(Undo.self, Undo.Params(target: .change(number)))
    }

    static func text(_ result: Undo.Result, _ input: Input, _ call: ToolCall) -> String {
        (["Undone #\(input.change):"] + result.changes.map { ChangeText.line($0, zone: call.zone) }).joined(separator: "\n")
    }
}
