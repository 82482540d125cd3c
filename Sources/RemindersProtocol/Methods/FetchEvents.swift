import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `fetchEvents {start, end, calendarIdentifiers?, limit?, cursor?}` → `{events, nextCursor, truncatedEnd?}`:
/// EKEventStore.predicateForEvents + events(matching:), one object per occurrence.
public enum FetchEvents: RemindersMethod {
    public static let name = "fetchEvents"
    public static let summary =
        "Every event or occurrence overlapping [start, end), recurring events expanded, by startDate then identifier (EKEventStore.events(matching:))."
    public static let maximumLimit: Int64 = 10_000

    public struct Params: WritableMethodParams, Sendable {
        public static let properties: [ObjectRule.Property] = [
            .init("start", CommonSchemas.instant, required: true),
            .init(
                "end", CommonSchemas.instant, required: true,
                description: "Exclusive; at most four years after start (longer is cut, truncatedEnd says where)."),
            .init("calendarIdentifiers", .array(of: CommonSchemas.identifier), description: "Only these calendars; absent: every event calendar."),
            .init("limit", .integer(IntegerRule(minimum: 1, maximum: maximumLimit, description: "At most this many per page."))),
            .init("cursor", .string("nextCursor of the previous page.")),
        ]
        public var start: Timestamp
        public var end: Timestamp
        public var calendarIdentifiers: [String]?
        public var limit: Int?
        /// Where the page starts (decoded from `cursor`).
        public var offset = 0

        public init(start: Timestamp, end: Timestamp, calendarIdentifiers: [String]? = nil, limit: Int? = nil, cursor: String? = nil)
            throws(ResponseError)
        {
            (self.start, self.end, self.calendarIdentifiers, self.limit) = (start, end, calendarIdentifiers, limit)
            guard end > start else { throw .invalidParams("end: end must come after start", field: "end") }
            if let cursor { offset = try Self.offset(cursor, field: "cursor") }
        }

        public init(_ params: Fields) throws(ResponseError) {
            guard let start = try params.optionalTimestamp("start"), let end = try params.optionalTimestamp("end") else {
                throw params.invalid("start", "start and end are required")
            }
            guard end > start else { throw params.invalid("end", "end must come after start") }
            (self.start, self.end) = (start, end)
            calendarIdentifiers = try params.optionalStrings("calendarIdentifiers")
            limit = try params.optionalInt("limit")
            if let cursor = try params.optionalString("cursor") { offset = try Self.offset(cursor, field: params.pathOf("cursor")) }
        }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.field("start", start)
            writer.field("end", end)
            if let calendarIdentifiers { writer.field("calendarIdentifiers", calendarIdentifiers) }
            if let limit { writer.field("limit", limit) }
            if offset > 0 { writer.field("cursor", "e\(offset)") }
            writer.endObject()
        }

        private static func offset(_ cursor: String, field: String) throws(ResponseError) -> Int {
            guard cursor.hasPrefix("e"), let value = Int(cursor.dropFirst()), value >= 0 else {
                throw .invalidParams("\(field): not a cursor this server gave", field: field)
            }
            return value
        }
    }

    public struct Result: ReadableMethodResult, Sendable {
        /// The members by name, for a reader that takes a page apart lazily (EventKit's fetch).
        public static let eventsMember = "events", nextCursorMember = "nextCursor"
        public static let schema = JSONSchema.object([
            .init(eventsMember, .array(of: EventSchemas.event), required: true),
            .init(nextCursorMember, .nullable(.string("Where the next page starts; null on the last page.")), required: true),
            .init("truncatedEnd", CommonSchemas.instant, description: "Present when the range was cut at four years: where it stopped."),
        ])
        public var events: [EventOccurrence]
        public var nextCursor: String?
        public var truncatedEnd: Timestamp?
        /// The zone the events' dates are written in: the session's.
        public var zone: TimeZone

        public init(events: [EventOccurrence], nextCursor: String? = nil, truncatedEnd: Timestamp? = nil, zone: TimeZone) {
            self.events = events
            self.nextCursor = nextCursor
            self.truncatedEnd = truncatedEnd
            self.zone = zone
        }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.key(static: "events")
            writer.beginArray()
            for occurrence in events { occurrence.write(to: &writer, zone: zone) }
            writer.endArray()
            writer.field("nextCursor", nextCursor)
            if let truncatedEnd { writer.field("truncatedEnd", truncatedEnd) }
            writer.endObject()
        }

        public init(reading value: JSONValue, zone: TimeZone) throws(ResponseError) {
            let fields = try Self.fields(value)
            self.init(
                events: try fields.list(Self.eventsMember) { (value, path) throws(ResponseError) in
                    try EventOccurrence.read(value, path: path, zone: zone)
                },
                nextCursor: try fields.optionalString(Self.nextCursorMember), truncatedEnd: try fields.optionalTimestamp("truncatedEnd"), zone: zone)
        }
    }
}
