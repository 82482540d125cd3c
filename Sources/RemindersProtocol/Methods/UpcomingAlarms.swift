import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `upcomingAlarms {from?, to}` → `{alarms:[…]}`: the time alarms that fire in the window, soonest
/// first, read in the session's zone — reminders', and events' for a client with full access to
/// events; a snoozed one at its new time, a dismissed one not at all.
public enum UpcomingAlarms: RemindersMethod {
    public static let name = "upcomingAlarms"
    public static let summary =
        "The time alarms of open reminders (and of events, with access to them) that fire from `from` (default now) until `to`, soonest first."
    public struct Params: WritableMethodParams {
        public static let properties: [ObjectRule.Property] = [
            .init("from", CommonSchemas.instant, description: "Inclusive; default now."),
            .init("to", CommonSchemas.instant, required: true, description: "Exclusive."),
        ]
        /// Absent: the server's now (its clock, read by the handler).
        public var from: Timestamp?
        public var to: Timestamp

        public init(from: Timestamp?, to: Timestamp) {
            self.from = from
            self.to = to
        }

        public init(_ params: Fields) throws(ResponseError) {
            from = try params.optionalTimestamp("from")
            guard let to = try params.optionalTimestamp("to") else { throw ResponseError.invalidParams("to is required", field: "to") }
            self.to = to
            if let from { try Self.check(from: from, to: to) }
        }

        /// The window, from `now` when the params did not say.
        public func window(now: Timestamp) throws(ResponseError) -> (from: Timestamp, to: Timestamp) {
            let from = from ?? now
            try Self.check(from: from, to: to)
            return (from, to)
        }

        private static func check(from: Timestamp, to: Timestamp) throws(ResponseError) {
            guard to > from else { throw ResponseError.invalidParams("to must come after from", field: "to") }
        }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            if let from { writer.field("from", from) }
            writer.field("to", to)
            writer.endObject()
        }
    }

    public struct Result: ReadableMethodResult {
        public static let schema = CommonSchemas.result([("alarms", .array(of: AlarmSchedulingSchemas.upcoming))])
        public var alarms: [ScheduledAlarm]

        public init(alarms: [ScheduledAlarm]) {
            self.alarms = alarms
        }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.key(static: "alarms")
            writer.beginArray()
            for entry in alarms {
                writer.beginObject()
                writer.field("identifier", entry.itemIdentifier)
                writer.field("entityType", entry.entityType.rawValue)
                writer.field("alarmIdentifier", entry.alarmIdentifier)
                writer.field("title", entry.title)
                writer.field("fireDate", entry.fireDate)
                writer.field("occurrenceDate", entry.occurrenceDate)
                writer.field("snoozed", entry.snoozed)
                writer.endObject()
            }
            writer.endArray()
            writer.endObject()
        }

        public init(reading value: JSONValue, zone: TimeZone) throws(ResponseError) {
            let fields = try Self.fields(value)
            alarms = try fields.list("alarms") { (value, path) throws(ResponseError) in
                let entry = try Fields.object(value, path: path)
                var alarm = ScheduledAlarm(
                    itemIdentifier: try entry.string("identifier"), alarmIdentifier: try entry.string("alarmIdentifier"),
                    title: try entry.string("title"), fireDate: try entry.timestamp("fireDate"),
                    occurrenceDate: try entry.optionalTimestamp("occurrenceDate"), snoozed: try entry.bool("snoozed"))
                alarm.entityType = try entry.enumValue("entityType", EntityType.self)
                return alarm
            }
        }
    }
}
