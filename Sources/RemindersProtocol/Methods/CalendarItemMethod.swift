import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `calendarItem {identifier}` → `{reminder}` (null when there is none; this client's staged
/// changes included) or `{event}` when the identifier is an event's, as
/// EKEventStore.calendarItem(withIdentifier:) gives either kind.
public enum CalendarItemMethod: RemindersMethod {
    public static let name = "calendarItem"
    public static let summary = "One reminder or event by identifier, staged changes included (EKEventStore.calendarItem(withIdentifier:))."
    public typealias Params = IdentifierParams

    public enum Result: ReadableMethodResult, Sendable {
        case reminder(Reminder?)
        /// A series as its first occurrence, written in the session's zone.
        case event(EventOccurrence, zone: TimeZone)

        public static let schema = JSONSchema.object([
            .init("reminder", .nullable(ReminderSchemas.reminder), description: "The reminder; null when there is no item with the identifier."),
            .init(
                EventSchemas.member, EventSchemas.event, description: "Instead of reminder, when the identifier is an event's (its first occurrence)."
            ),
        ])

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            switch self {
            case .reminder(let reminder):
                writer.key(static: "reminder")
                if let reminder { reminder.write(to: &writer) } else { writer.null() }
            case .event(let occurrence, let zone):
                writer.key(static: "event")
                occurrence.write(to: &writer, zone: zone)
            }
            writer.endObject()
        }

        public init(reading value: JSONValue, zone: TimeZone) throws(ResponseError) {
            let fields = try Self.fields(value)
            if let event = try fields.optionalObject(EventSchemas.member) {
                self = .event(try EventOccurrence(reading: event, zone: zone), zone: zone)
            } else {
                self = .reminder(try fields.optionalObject("reminder").map { (nested) throws(ResponseError) in try Reminder(reading: nested) })
            }
        }
    }
}
