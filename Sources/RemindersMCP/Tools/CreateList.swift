import JSONRPC
import RemindersServer

/// `create_list {title, color?}`: a new local list (saveCalendar).
enum CreateList: ToolDeclaration {
    static let name = "create_list"
    static let title = "Create a list"
    static let method = MethodNames.saveCalendar
    static let detail = ""
    static let input: [ObjectRule.Property] = [
        .init("title", MethodCatalog.param(of: method, "calendar", "title"), required: true),
        .init("color", MethodCatalog.param(of: method, "calendar", "color")),
    ]

    static func run(_ call: ToolCall) throws(ToolFailure) -> JSONValue {
        var calendar: JSONObject = ["title": call.arguments["title"] ?? .null]
        if let color = call.arguments["color"], !color.isNull { calendar["color"] = color }
        return try call.call(method, ["calendar": .object(calendar)])
    }

    static func text(_ result: JSONValue, _ call: ToolCall) -> String {
        "Created the list \(result["calendar"]?["title"]?.stringValue ?? "") [\(result["calendar"]?["calendarIdentifier"]?.stringValue ?? "")]"
    }
}
