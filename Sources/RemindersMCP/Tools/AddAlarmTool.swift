import JSONRPC
import RemindersServer

/// `add_alarm {id, before? | at? | arrive? | leave?}`.
enum AddAlarmTool: ToolDeclaration {
    static let name = "add_alarm"
    static let title = "Add an alarm"
    static let method = MethodNames.addAlarm
    static let detail = "Give exactly one of before (minutes before the due date), at (a time), arrive or leave (a place)."
    static let input: [ObjectRule.Property] = [.init("id", MethodCatalog.param(of: method, "identifier"), required: true)] + AlarmSpec.members

    static func run(_ call: ToolCall) throws(ToolFailure) -> JSONValue {
        var spec = call.arguments
        spec["id"] = nil
        let alarm = try AlarmSpec.alarm(.object(spec), field: "", zone: call.zone)
        return try call.call(method, ["identifier": call.arguments["id"] ?? .null, "alarm": alarm])
    }

    static func text(_ result: JSONValue, _ call: ToolCall) -> String {
        let reminder = result["reminder"] ?? [:]
        return "Added an alarm (\(reminder["alarms"]?.arrayValue?.count ?? 0) in all): " + ReminderFields.line(reminder)
    }
}
