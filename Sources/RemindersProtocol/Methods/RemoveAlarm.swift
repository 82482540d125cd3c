import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `removeAlarm {identifier, alarmIdentifier, lastModifiedDate?, commit?}` → `{reminder}`.
public enum RemoveAlarm: RemindersMethod {
    public static let name = "removeAlarm"
    public static let summary = "Removes one alarm from a reminder (EKCalendarItem.removeAlarm(_:))."
    public static let errors: [MethodError] = [.notFound, .conflict]

    public struct Params: WritableMethodParams {
        public static let properties: [ObjectRule.Property] = [
            .init("identifier", CommonSchemas.identifier, required: true),
            .init("alarmIdentifier", CommonSchemas.identifier, required: true),
            CommonSchemas.lastModifiedDate,
        ]
        public var identifier: String
        public var alarmIdentifier: String
        public var lastModifiedDate: Timestamp?

        public init(identifier: String, alarmIdentifier: String, lastModifiedDate: Timestamp? = nil) {
            self.identifier = identifier
            self.alarmIdentifier = alarmIdentifier
            self.lastModifiedDate = lastModifiedDate
        }

        public init(_ params: Fields) throws(ResponseError) {
            identifier = try params.string("identifier")
            alarmIdentifier = try params.string("alarmIdentifier")
            lastModifiedDate = try params.optionalTimestamp("lastModifiedDate")
        }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.field("identifier", identifier)
            writer.field("alarmIdentifier", alarmIdentifier)
            if let lastModifiedDate { writer.field("lastModifiedDate", lastModifiedDate) }
            writer.endObject()
        }
    }

    public typealias Result = ReminderResult
}
