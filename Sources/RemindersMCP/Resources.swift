import JSONRPC
import RemindersServer

/// The store as MCP resources: `reminders://lists` (every list) and `reminders://list/{id}` (one
/// list and its open reminders), JSON, read with the client's own permissions.
enum Resources {
    static let lists = "reminders://lists"
    static let listPrefix = "reminders://list/"
    static let mimeType = "application/json"

    static let template: JSONValue = ["uriTemplate": .string(listPrefix + "{calendarIdentifier}"), "name": "list",
                                      "title": "A reminder list", "description": "One list and its open reminders, as JSON.",
                                      "mimeType": .string(mimeType)]

    /// What `resources/list` gives: the lists resource, then one per list.
    static func listing(_ call: ToolCall) throws(ToolFailure) -> [JSONValue] {
        let calendars = try call.call(MethodNames.calendars, ["entityType": "reminder"])["calendars"]?.arrayValue ?? []
        return [["uri": .string(lists), "name": "lists", "title": "Reminder lists", "description": "Every reminder list, as JSON.",
                 "mimeType": .string(mimeType)]]
            + calendars.map { calendar in
                ["uri": .string(listPrefix + (calendar["calendarIdentifier"]?.stringValue ?? "")), "name": calendar["title"] ?? "",
                 "mimeType": .string(mimeType)]
            }
    }

    /// The resource's JSON text; nil for a URI that names none.
    static func read(_ uri: String, _ call: ToolCall) throws(ToolFailure) -> String? {
        if uri == lists { return try call.call(MethodNames.calendars, ["entityType": "reminder"]).serialized }
        guard uri.hasPrefix(listPrefix) else { return nil }
        let identifier = String(uri.dropFirst(listPrefix.count))
        let calendars = try call.call(MethodNames.calendars, ["entityType": "reminder"])["calendars"]?.arrayValue ?? []
        guard let calendar = calendars.first(where: { $0["calendarIdentifier"]?.stringValue == identifier }) else { return nil }
        let reminders = try call.call(MethodNames.fetchReminders, ["predicate": ["kind": "incomplete", "calendarIdentifiers": [.string(identifier)]]])
        return JSONValue.object(["calendar": calendar, "reminders": reminders["reminders"] ?? []]).serialized
    }
}
