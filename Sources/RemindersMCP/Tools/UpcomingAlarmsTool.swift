import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersServer

/// `upcoming_alarms {until?}`: the time alarms that will ring from now (upcomingAlarms).
enum UpcomingAlarmsTool: ToolDeclaration {
    typealias Method = UpcomingAlarms
    static let name = "upcoming_alarms"
    static let title = "Upcoming alarms"
    static let detail =
        "until: \(ReminderFields.dateForms); default a week from now. snooze_alarm and dismiss_alarm take an entry's identifier and alarmIdentifier."

    struct Input: MethodParams {
        static let properties: [ObjectRule.Property] = [.init("until", .string("Until when (exclusive)."))]
        var until: String?
        init(_ fields: Fields) throws(ResponseError) { until = try fields.optionalString("until") }
    }

    static func run(_ input: Input, _ call: ToolCall) throws(ToolFailure) -> UpcomingAlarms.Result {
        let now = call.now
        let until = try input.until.map { (text) throws(ToolFailure) in try ModelDates.boundary(text, field: "until", zone: call.zone, now: call.now)
        }
        let to = until ?? now.advanced(by: 7 * 86_400_000)
        guard to > now else { throw ToolFailure(field: "until", "\(input.until ?? "") is not in the future") }
        return try call.call(UpcomingAlarms.self, UpcomingAlarms.Params(from: now, to: to))
    }

    static func text(_ result: UpcomingAlarms.Result, _ input: Input, _ call: ToolCall) -> String {
        guard !result.alarms.isEmpty else { return "No alarms ring in that time." }
        return result.alarms.map { alarm in
            let title = alarm.title.replacingOccurrences(of: "\n", with: " ")
            return "- \(ReminderFields.instantText(alarm.fireDate, zone: call.zone)): \(title)\(alarm.snoozed ? " (snoozed)" : "")"
                + " [\(alarm.itemIdentifier), alarm \(alarm.alarmIdentifier)]"
        }.joined(separator: "\n")
    }
}
