import RemindersJSONRPC
import RemindersJSON
import RemindersProtocol
import RemindersServer

/// `add_alarm {id, before? | at? | arrive? | leave?}`.
enum AddAlarmTool: ToolDeclaration {
    typealias Method = AddAlarm
    static let name = "add_alarm"
    static let title = "Add an alarm"
    static let detail = "Give exactly one of before (minutes before the due date), at (a time), arrive or leave (a place)."

    struct Input: MethodParams {
        static let properties: [ObjectRule.Property] = [.init("id", AddAlarm.param("identifier"), required: true)] + AlarmSpec.members
        var id: String
        var alarm: AlarmSpec

        init(_ fields: Fields) throws(ResponseError) {
            id = try fields.string("id")
            alarm = try AlarmSpec(fields)
        }
    }

    static func run(_ input: Input, _ call: ToolCall) throws(ToolFailure) -> AddAlarm.Result {
        try call.call(AddAlarm.self, AddAlarm.Params(identifier: input.id, alarm: try input.alarm.draft(field: "", zone: call.zone, now: call.now)))
    }

    static func text(_ result: AddAlarm.Result, _ input: Input, _ call: ToolCall) -> String {
        "Added an alarm (\(result.reminder.alarms.count) in all): " + ReminderFields.line(result.reminder)
    }
}
