import JSONRPC
import RemindersJSON
import RemindersModel

/// `calendarItem {identifier}` → `{reminder}` (null when there is none; this client's staged
/// changes included) or `{event}` when the identifier is an event's, as
/// EKEventStore.calendarItem(withIdentifier:) gives either kind.
enum CalendarItem: MethodDeclaration {
    static let name = "calendarItem"
    static let summary = "One reminder or event by identifier, staged changes included (EKEventStore.calendarItem(withIdentifier:))."
    static let access = Access.fullAccess
    static let effect = Effect.reads
    static let params: [ObjectRule.Property] = [.init("identifier", CommonSchemas.identifier, required: true)]
    static let result = JSONSchema.object([
        .init("reminder", .nullable(ReminderSchemas.reminder), description: "The reminder; null when there is no item with the identifier."),
        .init(EventSchemas.member, EventSchemas.event, description: "Instead of reminder, when the identifier is an event's (its first occurrence)."),
    ])

    /// An event's identifier needs access to events; any other, to reminders.
    static func entityType(of params: JSONValue?, session: Session) throws -> EntityType {
        guard let identifier = params?["identifier"]?.stringValue, try session.eventStore().store.event(identifier: identifier) != nil else { return .reminder }
        return .event
    }

    static func handle(_ context: MethodContext) throws -> [[UInt8]] {
        let eventStore = try context.session.eventStore()
        let identifier = try context.params.string("identifier")
        let item = try eventStore.calendarItem(identifier: identifier)
        if case .event? = item, let occurrence = try eventStore.event(identifier: identifier, occurrenceDate: nil) {
            return resultObject { writer in
                writer.key(static: "event")
                occurrence.write(to: &writer, zone: eventStore.timeZone)  // a series as its first occurrence
            }
        }
        return resultObject { writer in
            writer.key(static: "reminder")
            if case .reminder(let reminder)? = item { reminder.write(to: &writer) } else { writer.null() }
        }
    }
}
