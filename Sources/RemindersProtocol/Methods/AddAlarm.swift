import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `addAlarm {identifier, alarm, lastModifiedDate?, commit?}` → `{reminder}`.
public enum AddAlarm: RemindersMethod {
    public static let name = "addAlarm"
    public static let summary = "Adds an alarm to a reminder (EKCalendarItem.addAlarm(_:))."
    public static let errors: [MethodError] = [.invalidParams(.alarmProximityNotSupported, .reminderAlarmContainsEmailOrUrl), .notFound, .conflict]

    public struct Params: WritableMethodParams, Sendable {
        public static let properties: [ObjectRule.Property] = [
            .init("identifier", CommonSchemas.identifier, required: true),
            .init("alarm", AlarmSchemas.alarmInput, required: true),
            CommonSchemas.lastModifiedDate,
        ]
        public var identifier: String
        public var alarm: AlarmDraft
        public var lastModifiedDate: Timestamp?

        public init(identifier: String, alarm: AlarmDraft, lastModifiedDate: Timestamp? = nil) {
            (self.identifier, self.alarm, self.lastModifiedDate) = (identifier, alarm, lastModifiedDate)
        }

        public init(_ params: Fields) throws(ResponseError) {
            identifier = try params.string("identifier")
            alarm = try AlarmDraft.decode(params.object["alarm"] ?? .null, path: "alarm")
            lastModifiedDate = try params.optionalTimestamp("lastModifiedDate")
        }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.field("identifier", identifier)
            writer.key(static: "alarm")
            alarm.write(to: &writer)
            if let lastModifiedDate { writer.field("lastModifiedDate", lastModifiedDate) }
            writer.endObject()
        }
    }

    public typealias Result = ReminderResult
}
