import JSONRPC
import RemindersServer

/// `request_access {level?}`: asks the owner — through the consent agent `remindersd mcp` was
/// started with — never the client; without one, the answer says which command grants access.
enum RequestAccessTool: ToolDeclaration {
    static let name = "request_access"
    static let title = "Request access to the reminders"
    static let method = MethodNames.requestAccess
    static let detail = "The owner decides (their consent agent asks them); an assistant cannot grant itself access."
    static let input: [ObjectRule.Property] = [
        .init("level", .oneOf(["full", "writeOnly"], description: "full (read and write) or writeOnly (add only)."), default: "full"),
        .init("entityType", MethodCatalog.param(of: method, "entityType"), default: "reminder"),
    ]
    static let isIdempotent = true

    static func run(_ call: ToolCall) throws(ToolFailure) -> JSONValue {
        try call.call(method, ["entityType": .string(call.string("entityType") ?? "reminder"), "level": .string(call.string("level") ?? "full"),
                               "usageDescription": .string("\(call.client), an AI assistant, asks to work with your reminders.")])
    }

    static func text(_ result: JSONValue, _ call: ToolCall) -> String {
        let status = result["status"]?.stringValue ?? "notDetermined"
        if result["granted"]?.boolValue == true { return "Access granted (\(status))." }
        return "Access not granted (status \(status)). " + call.access.refused(client: call.client, status: status, entity: call.string("entityType") ?? "reminder")
    }
}
