import RemindersJSONRPC
import RemindersJSON
import RemindersProtocol
import RemindersServer

/// `dismiss_alarm {id, alarm}`: the alarm's current occurrence does not ring (again) (dismissAlarm).
enum DismissAlarmTool: ToolDeclaration {
    typealias Method = DismissAlarm
    static let name = "dismiss_alarm"
    static let title = "Dismiss an alarm"
    static let detail = "id and alarm as upcoming_alarms gives them."
    static let isIdempotent = true

    struct Input: MethodParams {
        static let properties = AlarmInput.properties
        var alarm: AlarmInput
        init(_ fields: Fields) throws(ResponseError) { alarm = try AlarmInput(fields) }
    }

    static func run(_ input: Input, _ call: ToolCall) throws(ToolFailure) -> EmptyResult {
        try call.call(DismissAlarm.self, DismissAlarm.Params(alarm: input.alarm.params))
    }

    static func text(_ result: EmptyResult, _ input: Input, _ call: ToolCall) -> String { "Dismissed." }
}
