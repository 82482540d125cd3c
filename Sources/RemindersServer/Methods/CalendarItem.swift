import Foundation
import JSONRPC
import RemindersJSON
import RemindersModel
import RemindersStore

/// `calendarItem {identifier}` → `{reminder}` (null when there is none; this client's staged
/// changes included) or `{event}` when the identifier is an event's, as
/// EKEventStore.calendarItem(withIdentifier:) gives either kind.
public enum CalendarItem: TypedMethod, MethodDeclaration {
    public static let name = "calendarItem"
    static let summary = "One reminder or event by identifier, staged changes included (EKEventStore.calendarItem(withIdentifier:))."
    static let access = Access.fullAccess
    static let effect = Effect.reads

    public typealias Params = IdentifierParams

    public enum Result: MethodResult, Sendable {
        case reminder(Reminder?)
        /// A series as its first occurrence, written in the session's zone.
        case event(EventOccurrence, zone: TimeZone)

        public static let schema = JSONSchema.object([
            .init("reminder", .nullable(ReminderSchemas.reminder), description: "The reminder; null when there is no item with the identifier."),
            .init(EventSchemas.member, EventSchemas.event, description: "Instead of reminder, when the identifier is an event's (its first occurrence)."),
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
    }

    /// An event's identifier needs access to events; any other, to reminders. Decided from the
    /// view the handler reads (this client's staged changes included), so an event it staged is
    /// checked against its access to events.
    static func entityType(of params: Params, session: Session) throws -> EntityType {
        if case .event? = try session.eventStore().calendarItem(identifier: params.identifier) { return .event }
        return .reminder
    }

    static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        let eventStore = try context.session.eventStore()
        let item = try eventStore.calendarItem(identifier: params.identifier)
        if case .event? = item, let occurrence = try eventStore.event(identifier: params.identifier, occurrenceDate: nil) {
            return .event(occurrence, zone: eventStore.timeZone)  // a series as its first occurrence
        }
        if case .reminder(let reminder)? = item { return .reminder(reminder) }
        return .reminder(nil)
    }
}
