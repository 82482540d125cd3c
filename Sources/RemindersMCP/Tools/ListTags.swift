import RemindersJSONRPC
import RemindersJSON
import RemindersProtocol
import RemindersServer

/// `list_tags {}`: the tags in use and how many open reminders carry each (`tags`).
enum ListTags: ToolDeclaration {
    typealias Method = TagsMethod
    static let name = "list_tags"
    static let title = "List tags"
    static let detail = "search_reminders takes them as tags."

    typealias Input = NoParams

    static func run(_ input: Input, _ call: ToolCall) throws(ToolFailure) -> TagsMethod.Result {
        try call.call(TagsMethod.self, NoParams())
    }

    static func text(_ result: TagsMethod.Result, _ input: Input, _ call: ToolCall) -> String {
        guard !result.tags.isEmpty else { return "No tags in use." }
        return result.tags.map { "#\($0.name) (\($0.count))" }.joined(separator: ", ")
    }
}
