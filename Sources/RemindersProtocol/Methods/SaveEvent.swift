import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `saveEvent {event, span?, commit?}` → `{event}`: creates an event (no eventIdentifier) or
/// changes one; on an occurrence of a recurring event, `span` says which (EKEventStore.save(_:span:commit:)).
public enum SaveEvent: RemindersMethod {
    public static let name = "saveEvent"
    public static let summary = "Creates an event (no eventIdentifier) or changes one, or occurrences of one (EKEventStore.save(_:span:commit:))."
    public static let errors: [MethodError] = [
        .invalidParams(
            .noCalendar, .calendarReadOnly, .calendarDoesNotAllowEvents, .noStartDate, .noEndDate, .datesInverted,
            .durationGreaterThanRecurrence, .invalidSpan),
        .notFound, .conflict,
    ]

    public struct Params: WritableMethodParams, Sendable {
        public static let properties: [ObjectRule.Property] = [
            .init(EventSchemas.member, EventSchemas.input, required: true, subject: true),
            .init("span", EventSchemas.span, description: "For an occurrence (occurrenceDate) of a recurring event; default thisEvent."),
        ]
        public var event: EventSave
        public var span: EventSpan?

        public init(event: EventSave, span: EventSpan? = nil) { (self.event, self.span) = (event, span) }

        public init(_ params: Fields) throws(ResponseError) {
            event = try EventSave(try params.object(EventSchemas.member))
            span = try params.optionalEnum("span", EventSpan.self)
        }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.key(static: "event")
            event.write(to: &writer)
            if let span { writer.field("span", span.rawValue) }
            writer.endObject()
        }
    }

    public struct Result: ReadableMethodResult, Sendable {
        public static let schema = EventSchemas.eventResult
        public var event: EventOccurrence
        /// The zone its dates are written in: the session's.
        public var zone: TimeZone

        public init(event: EventOccurrence, zone: TimeZone) {
            self.event = event
            self.zone = zone
        }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.key(static: "event")
            event.write(to: &writer, zone: zone)
            writer.endObject()
        }

        public init(reading value: JSONValue, zone: TimeZone) throws(ResponseError) {
            let fields = try Self.fields(value)
            self.init(event: try EventOccurrence(reading: try fields.object(EventSchemas.member), zone: zone), zone: zone)
        }
    }
}
