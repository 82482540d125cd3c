import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersServer

/// The store as MCP resources: `reminders://lists` (every list) and `reminders://list/{id}` (one
/// list and its open reminders), JSON, read with the client's own permissions.
enum Resources {
    static let lists = "reminders://lists"
    static let listPrefix = "reminders://list/"
    static let mimeType = "application/json"

    static let template: JSONValue = [
        "uriTemplate": .string(listPrefix + "{calendarIdentifier}"), "name": "list",
        "title": "A reminder list", "description": "One list and its open reminders, as JSON.",
        "mimeType": .string(mimeType),
    ]

    /// What `resources/list` gives: the lists resource, then one per list.
    static func listing(_ call: ToolCall) throws(ToolFailure) -> [JSONValue] {
        [
            [
                "uri": .string(lists), "name": "lists", "title": "Reminder lists", "description": "Every reminder list, as JSON.",
                "mimeType": .string(mimeType),
            ]
        ]
            + (try call.calendars()).map { calendar in
                ["uri": .string(listPrefix + calendar.calendarIdentifier), "name": .string(calendar.title), "mimeType": .string(mimeType)]
            }
    }

    /// The resource's JSON text; nil for a URI that names none.
    static func read(_ uri: String, _ call: ToolCall) throws(ToolFailure) -> String? {
        if uri == lists { return String(decoding: Calendars.Result(calendars: try call.calendars()).json, as: UTF8.self) }
        guard uri.hasPrefix(listPrefix) else { return nil }
        let identifier = String(uri.dropFirst(listPrefix.count))
        guard let calendar = try call.calendars().first(where: { $0.calendarIdentifier == identifier }) else { return nil }
        let found = try call.call(
            FetchReminders.self, FetchReminders.Params(predicate: ReminderPredicate(kind: .incomplete, calendarIdentifiers: [identifier])))
        var writer = JSONWriter()
        writer.beginObject()
        writer.key(static: "calendar")
        calendar.write(to: &writer)
        writer.key(static: "reminders")
        writer.beginArray()
        for reminder in found.reminders { reminder.write(to: &writer) }
        writer.endArray()
        writer.endObject()
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
