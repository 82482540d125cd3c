import JSONRPC
import RemindersJSON
import RemindersModel
import RemindersStore

/// `event {identifier, occurrenceDate?}` → `{event}` (null if none): EKEventStore.event(withIdentifier:).
enum EventMethod: MethodDeclaration {
    static let name = "event"
    static let summary = "An event by identifier: its first occurrence, or the one at occurrenceDate; null if none (EKEventStore.event(withIdentifier:))."
    static let access = Access.fullAccess
    static let entityType = EntityType.event
    static let effect = Effect.reads
    static let params: [ObjectRule.Property] = [
        .init("identifier", CommonSchemas.identifier, required: true),
        .init("occurrenceDate", CommonSchemas.instant, description: "Which occurrence of a recurring event."),
    ]
    static let result = CommonSchemas.result([("event", .nullable(EventSchemas.event))])

    static func handle(_ context: MethodContext) throws -> [[UInt8]] {
        let eventStore = try context.session.eventStore()
        let found = try eventStore.event(identifier: try context.params.string("identifier"),
                                     occurrenceDate: try context.params.optionalTimestamp("occurrenceDate"))
        return resultObject { writer in
            writer.key(static: "event")
            if let found { found.write(to: &writer, zone: eventStore.timeZone) } else { writer.null() }
        }
    }
}
