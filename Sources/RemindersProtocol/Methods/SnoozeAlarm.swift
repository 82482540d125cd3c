import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `snoozeAlarm {identifier, alarmIdentifier, occurrenceDate?, until? | minutes?}` → `{}`: the
/// alarm's current occurrence — a reminder's or an event's, a time alarm or a location alarm —
/// fires at `until` (or `minutes` from now; default the agent's usual 10), whether it has fired
/// already or not yet.
public enum SnoozeAlarm: RemindersMethod {
    public static let name = "snoozeAlarm"
    public static let summary = "Makes an alarm fire again (or first) later: at `until`, or `minutes` from now (default 10)."
    public static let errors: [MethodError] = [.notFound]

    public struct Params: WritableMethodParams {
        public static let properties =
            AlarmParams.properties + [
                .init("until", CommonSchemas.instant, description: "When it fires again; not with minutes."),
                .init("minutes", .integer(IntegerRule(minimum: 1, maximum: 525_600)), description: "From now; not with until."),
            ]
        public var alarm: AlarmParams
        public var until: Timestamp?
        public var minutes: Int?

        public init(alarm: AlarmParams, until: Timestamp? = nil, minutes: Int? = nil) {
            self.alarm = alarm
            self.until = until
            self.minutes = minutes
        }

        public init(_ params: Fields) throws(ResponseError) {
            alarm = try AlarmParams(params)
            until = try params.optionalTimestamp("until")
            minutes = try params.optionalInt("minutes")
            if until != nil, minutes != nil { throw ResponseError.invalidParams("give until or minutes, not both", field: "minutes") }
        }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            alarm.writeMembers(to: &writer)
            if let until { writer.field("until", until) }
            if let minutes { writer.field("minutes", minutes) }
            writer.endObject()
        }
    }

    public typealias Result = EmptyResult
}
