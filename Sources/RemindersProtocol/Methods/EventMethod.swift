import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `event {identifier, occurrenceDate?}` → `{event}` (null if none): EKEventStore.event(withIdentifier:).
public enum EventMethod: RemindersMethod {
    public static let name = "event"
    public static let summary =
        "An event by identifier: its first occurrence, or the one at occurrenceDate; null if none (EKEventStore.event(withIdentifier:))."
    public struct Params: WritableMethodParams {
        public static let properties: [ObjectRule.Property] = [
            .init("identifier", CommonSchemas.identifier, required: true),
            .init("occurrenceDate", CommonSchemas.instant, description: "Which occurrence of a recurring event."),
        ]
        public var identifier: String
        public var occurrenceDate: Timestamp?

        public init(identifier: String, occurrenceDate: Timestamp? = nil) {
            self.identifier = identifier
            self.occurrenceDate = occurrenceDate
        }

        public init(_ params: Fields) throws(ResponseError) {
            identifier = try params.string("identifier")
            occurrenceDate = try params.optionalTimestamp("occurrenceDate")
        }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.field("identifier", identifier)
            if let occurrenceDate { writer.field("occurrenceDate", occurrenceDate) }
            writer.endObject()
        }
    }

    public struct Result: ReadableMethodResult {
        public static let schema = CommonSchemas.result([("event", .nullable(EventSchemas.event))])
        public var event: EventOccurrence?
        public var zone: TimeZone

        public init(event: EventOccurrence? = nil, zone: TimeZone) {
            self.event = event
            self.zone = zone
        }
        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.key(static: "event")
            if let event { event.write(to: &writer, zone: zone) } else { writer.null() }
            writer.endObject()
        }

        public init(reading value: JSONValue, zone: TimeZone) throws(ResponseError) {
            let event = try Self.fields(value).optionalObject("event").map { (nested) throws(ResponseError) in
                try EventOccurrence(reading: nested, zone: zone)
            }
            self.init(event: event, zone: zone)
        }
    }
}
