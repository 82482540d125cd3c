import JSONRPC
import RemindersServer

/// One MCP tool, declared once: its name and the JSON-RPC method it runs, whose declaration gives
/// the tool its description, its read-only hint and its output schema (the method's result is
/// the tool's `structuredContent`). The input is the tool's own — dates and priorities as a model
/// writes them — with the members it passes on described by the method's schemas.
protocol ToolDeclaration: SendableMetatype {
    static var name: String { get }
    static var title: String { get }
    static var method: String { get }
    /// What a model should know beyond the method's summary.
    static var detail: String { get }
    static var input: [ObjectRule.Property] { get }
    static var output: JSONSchema { get }
    static var isDestructive: Bool { get }
    static var isIdempotent: Bool { get }
    /// Runs the tool; the method's result.
    static func run(_ call: ToolCall) throws(ToolFailure) -> JSONValue
    /// A short rendering of the result for a model or a person.
    static func text(_ result: JSONValue, _ call: ToolCall) -> String
}

extension ToolDeclaration {
    static var output: JSONSchema { MethodCatalog.result(of: method) }
    static var isDestructive: Bool { false }
    static var isIdempotent: Bool { false }
    static var inputSchema: JSONSchema { .object(input) }

    static var description: String { [MethodCatalog.summary(of: method), detail].filter { !$0.isEmpty }.joined(separator: " ") }

    static var listing: JSONValue {
        let readOnly = MethodCatalog.onlyReads(method)
        var annotations: JSONObject = ["title": .string(title), "readOnlyHint": .bool(readOnly), "openWorldHint": false]
        if !readOnly { annotations["destructiveHint"] = .bool(isDestructive) }
        annotations["idempotentHint"] = .bool(readOnly || isIdempotent)
        return ["name": .string(name), "title": .string(title), "description": .string(description),
                "inputSchema": inputSchema.standaloneDocument, "outputSchema": output.standaloneDocument,
                "annotations": .object(annotations)]
    }
}

/// Every tool, in the order `tools/list` gives them (always the same, so clients can cache it).
enum ToolCatalog {
    static let all: [any ToolDeclaration.Type] = [
        ListReminderLists.self, SearchReminders.self, GetReminder.self, CreateReminder.self, UpdateReminder.self,
        CompleteReminder.self, DeleteReminder.self, AddAlarmTool.self, CreateList.self, RequestAccessTool.self,
        ListEvents.self, CreateEvent.self,
    ]

    static func named(_ name: String) -> (any ToolDeclaration.Type)? { all.first { $0.name == name } }

    static let listing: [JSONValue] = all.map { $0.listing }
}
