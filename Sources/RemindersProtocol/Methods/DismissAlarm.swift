import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `dismissAlarm {identifier, alarmIdentifier, occurrenceDate?}` → `{}`: the alarm's current
/// occurrence (a reminder's or an event's) does not fire (again); the next occurrence of a series
/// fires as usual.
public enum DismissAlarm: RemindersMethod {
    public static let name = "dismissAlarm"
    public static let summary = "Dismisses an alarm's current occurrence: it does not fire (again); a series' next occurrence does."
    public static let errors: [MethodError] = [.notFound]

    public struct Params: WritableMethodParams {
        public static let properties = AlarmParams.properties
        public var alarm: AlarmParams

        public init(alarm: AlarmParams) {
            self.alarm = alarm
        }
        public init(_ params: Fields) throws(ResponseError) { alarm = try AlarmParams(params) }
        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            alarm.writeMembers(to: &writer)
            writer.endObject()
        }
    }

    public typealias Result = EmptyResult
}
