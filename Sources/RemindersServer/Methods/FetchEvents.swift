import JSONRPC
import RemindersJSON
import RemindersModel
import RemindersStore

/// `fetchEvents {start, end, calendarIdentifiers?, limit?, cursor?}` → `{events, nextCursor, truncatedEnd?}`:
/// EKEventStore.predicateForEvents + events(matching:), one object per occurrence.
enum FetchEvents: MethodDeclaration {
    static let name = "fetchEvents"
    static let summary = "Every event or occurrence overlapping [start, end), recurring events expanded, by startDate then identifier (EKEventStore.events(matching:))."
    static let access = Access.fullAccess
    static let entityType = EntityType.event
    static let effect = Effect.reads
    static let maximumLimit: Int64 = 10_000
    static let params: [ObjectRule.Property] = [
        .init("start", CommonSchemas.instant, required: true),
        .init("end", CommonSchemas.instant, required: true, description: "Exclusive; at most four years after start (longer is cut, truncatedEnd says where)."),
        .init("calendarIdentifiers", .array(of: CommonSchemas.identifier), description: "Only these calendars; absent: every event calendar."),
        .init("limit", .integer(IntegerRule(minimum: 1, maximum: maximumLimit, description: "At most this many per page."))),
        .init("cursor", .string("nextCursor of the previous page.")),
    ]
    static let result = JSONSchema.object([
        .init("events", .array(of: EventSchemas.event), required: true),
        .init("nextCursor", .nullable(.string("Where the next page starts; null on the last page.")), required: true),
        .init("truncatedEnd", CommonSchemas.instant, description: "Present when the range was cut at four years: where it stopped."),
    ])

    static func handle(_ context: MethodContext) throws -> [[UInt8]] {
        let params = context.params
        guard let start = try params.optionalTimestamp("start"), let end = try params.optionalTimestamp("end") else {
            throw params.invalid("start", "start and end are required")
        }
        guard end > start else { throw params.invalid("end", "end must come after start") }
        let calendars = try params.optionalArray("calendarIdentifiers")?.enumerated().map { index, value throws(ResponseError) in
            try Fields.string(value, path: "calendarIdentifiers[\(index)]")
        }
        var offset = 0
        if let cursor = try params.optionalString("cursor") {
            guard cursor.hasPrefix("e"), let value = Int(cursor.dropFirst()), value >= 0 else {
                throw params.invalid("cursor", "not a cursor this server gave")
            }
            offset = value
        }
        let eventStore = try context.session.eventStore()
        let (occurrences, truncated) = try eventStore.fetchEvents(from: start, to: end, calendars: calendars)
        let limit = Int(try params.optionalInt("limit") ?? Int(maximumLimit))
        let page = occurrences.dropFirst(offset).prefix(limit)
        let next = offset + page.count < occurrences.count ? "e\(offset + page.count)" : nil
        return resultObject { writer in
            writer.key(static: "events")
            writer.beginArray()
            for occurrence in page { occurrence.write(to: &writer, zone: eventStore.timeZone) }
            writer.endArray()
            writer.field("nextCursor", next)
            if let truncated { writer.field("truncatedEnd", truncated) }
        }
    }
}
