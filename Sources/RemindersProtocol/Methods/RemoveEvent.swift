import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `removeEvent {identifier, occurrenceDate?, span?, commit?}` → `{}` (EKEventStore.remove(_:span:commit:)).
public enum RemoveEvent: RemindersMethod {
    public static let name = "removeEvent"
    public static let summary =
        "Removes an event, or occurrences of a recurring one: thisEvent that one, futureEvents it and those after (EKEventStore.remove(_:span:))."
    public static let errors: [MethodError] = [.notFound, .invalidParams(.calendarReadOnly, .invalidSpan)]

    public struct Params: WritableMethodParams {
        public static let properties: [ObjectRule.Property] = [
            .init("identifier", CommonSchemas.identifier, required: true),
            .init("occurrenceDate", CommonSchemas.instant, description: "Which occurrence of a recurring event; absent: the whole event."),
            .init("span", EventSchemas.span, description: "Default thisEvent."),
        ]
        public var identifier: String
        public var occurrenceDate: Timestamp?
        public var span: EventSpan?

        public init(identifier: String, occurrenceDate: Timestamp? = nil, span: EventSpan? = nil) {
            self.identifier = identifier
            self.occurrenceDate = occurrenceDate
            self.span = span
        }

        public init(_ params: Fields) throws(ResponseError) {
            identifier = try params.string("identifier")
            occurrenceDate = try params.optionalTimestamp("occurrenceDate")
            span = try params.optionalEnum("span", EventSpan.self)
        }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.field("identifier", identifier)
            if let occurrenceDate { writer.field("occurrenceDate", occurrenceDate) }
            if let span { writer.field("span", span.rawValue) }
            writer.endObject()
        }
    }

    public typealias Result = EmptyResult
}
