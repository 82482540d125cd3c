import RemindersJSONRPC
import RemindersJSON
import RemindersProtocol
import RemindersServer

/// One MCP tool, declared once: its name and the JSON-RPC method it runs (`Method`), whose
/// declaration gives the tool its description, its read-only hint and its output schema (the
/// method's result is the tool's `structuredContent`, written as the method writes it). The
/// input is the tool's own — dates and priorities as a model writes them — read once into a value
/// (`Input`, whose properties are the input schema, the members it passes on described by the
/// method's schemas); `run` makes the method's params of it and calls the method with them.
protocol ToolDeclaration: SendableMetatype {
    associatedtype Method: MethodHandler
    associatedtype Input: MethodParams
    /// The method's result, or for a tool that runs its method on many items, what they gave.
    associatedtype Output: MethodResult = Method.Result
    static var name: String { get }
    static var title: String { get }
    /// What a model should know beyond the method's summary.
    static var detail: String { get }
    static var isDestructive: Bool { get }
    static var isIdempotent: Bool { get }
    /// Runs the tool: the method's result.
    static func run(_ input: Input, _ call: ToolCall) throws(ToolFailure) -> Output
    /// A short rendering of the result for a model or a person.
    static func text(_ result: Output, _ input: Input, _ call: ToolCall) -> String
}

extension ToolDeclaration {
    static var method: String { Method.name }
    static var output: JSONSchema { Output.schema }
    static var isDestructive: Bool { false }
    static var isIdempotent: Bool { false }
    static var inputSchema: JSONSchema { .object(Input.properties) }

    /// Whether a call joins a group commit with the calls pipelined with it: its method writes or
    /// stages (one that may wait for the owner, or for a CalDAV server, runs alone).
    static var joinsGroupCommit: Bool { Method.effect == .writes || Method.effect == .stages }

    static var description: String { [Method.summary, detail].filter { !$0.isEmpty }.joined(separator: " ") }

    static var listing: JSONValue {
        let readOnly = Method.effect == .reads
        var annotations: JSONObject = ["title": .string(title), "readOnlyHint": .bool(readOnly), "openWorldHint": false]
        if !readOnly { annotations["destructiveHint"] = .bool(isDestructive) }
        annotations["idempotentHint"] = .bool(readOnly || isIdempotent)
        return [
            "name": .string(name), "title": .string(title), "description": .string(description),
            "inputSchema": inputSchema.standaloneDocument, "outputSchema": output.standaloneDocument,
            "annotations": .object(annotations),
        ]
    }

    /// The tool's run on `arguments` (checked against the input schema, then read): the method's
    /// result as JSON, and its rendering.
    static func outcome(of call: ToolCall) throws(ToolFailure) -> (structured: [UInt8], text: String) {
        do throws(ResponseError) { try inputSchema.check(.object(call.arguments), at: "") } catch { throw ToolFailure(error) }
        let input: Input
        do throws(ResponseError) { input = try Input(Fields(call.arguments, path: "")) } catch { throw ToolFailure(error) }
        let result = try run(input, call)
        return (result.json, text(result, input, call))
    }
}

/// Every tool, in the order `tools/list` gives them (always the same, so clients can cache it).
enum ToolCatalog {
    static let all: [any ToolDeclaration.Type] = [
        ListReminderLists.self, SearchReminders.self, GetReminder.self, CreateReminder.self, UpdateReminder.self,
        CompleteReminder.self, DeleteReminder.self, AddAlarmTool.self, CreateList.self, RequestAccessTool.self,
        ListEvents.self, CreateEvent.self, ListTags.self, UpdateList.self, DeleteList.self, UpcomingAlarmsTool.self,
        SnoozeAlarmTool.self, DismissAlarmTool.self, GetEvent.self, UpdateEvent.self, DeleteEvent.self,
        CreateReminders.self, CompleteReminders.self, DeleteReminders.self, RecentChanges.self, UndoChange.self, RestoreDeleted.self,
        SearchEvents.self, SyncNow.self, SubscribeCalendar.self, ListSubscriptions.self,
    ]

    static func named(_ name: String) -> (any ToolDeclaration.Type)? { all.first { $0.name == name } }

    static let listing: [JSONValue] = all.map { $0.listing }
}

/// The input of a tool whose only argument is `id`, a reminder's identifier.
struct ReminderIDInput: MethodParams {
    static let properties: [ObjectRule.Property] = [.init("id", CalendarItemMethod.param("identifier"), required: true)]
    var id: String
    init(_ fields: Fields) throws(ResponseError) { id = try fields.string("id") }
}
