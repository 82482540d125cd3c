import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersServer

/// `snooze_alarm {id, alarm, minutes? | until?}`: the alarm rings again later (snoozeAlarm).
enum SnoozeAlarmTool: ToolDeclaration {
    typealias Method = SnoozeAlarm
    static let name = "snooze_alarm"
    static let title = "Snooze an alarm"
    static let detail = "id and alarm as upcoming_alarms gives them; minutes from now (default 10) or until (\(ReminderFields.dateForms))."
    static let isIdempotent = true

    struct Input: MethodParams {
        static let properties: [ObjectRule.Property] =
            AlarmInput.properties + [
                .init("minutes", SnoozeAlarm.param("minutes")),
                .init("until", .string("When it rings again; not with minutes.")),
            ]
        var alarm: AlarmInput
        var minutes: Int?
        var until: String?

        init(_ fields: Fields) throws(ResponseError) {
            alarm = try AlarmInput(fields)
            minutes = try fields.optionalInt("minutes")
            until = try fields.optionalString("until")
            if minutes != nil, until != nil { throw ResponseError.invalidParams("give minutes or until, not both", field: "until") }
        }
    }

    static func run(_ input: Input, _ call: ToolCall) throws(ToolFailure) -> EmptyResult {
        let until = try input.until.map { (text) throws(ToolFailure) in try ModelDates.instant(text, field: "until", zone: call.zone, now: call.now) }
        if let until, until <= call.now { throw ToolFailure(field: "until", "\(input.until ?? "") has passed") }
        return try call.call(
            SnoozeAlarm.self, SnoozeAlarm.Params(alarm: input.alarm.params, until: until, minutes: until == nil ? (input.minutes ?? 10) : nil))
    }

    static func text(_ result: EmptyResult, _ input: Input, _ call: ToolCall) -> String {
        if let until = input.until { return "Snoozed until \(until)." }
        return "Snoozed for \(input.minutes ?? 10) minutes."
    }
}

/// The alarm a tool acts on: the item's `id` and the alarm's `alarm` identifier.
struct AlarmInput {
    static let properties: [ObjectRule.Property] = [
        .init("id", CalendarItemMethod.param("identifier"), required: true),
        .init("alarm", .string("The alarm's alarmIdentifier."), required: true),
    ]
    var id: String
    var alarm: String

    init(_ fields: Fields) throws(ResponseError) {
        id = try fields.string("id")
        alarm = try fields.string("alarm")
    }

    var params: AlarmParams { AlarmParams(identifier: id, alarmIdentifier: alarm) }
}
