import JSONRPC
import RemindersJSON
import RemindersModel
import RemindersStore

/// `upcomingAlarms {from?, to}` → `{alarms:[…]}`: the time alarms that fire in the window, soonest
/// first, read in the session's zone — reminders', and events' for a client with full access to
/// events; a snoozed one at its new time, a dismissed one not at all.
enum UpcomingAlarms: MethodDeclaration {
    static let name = "upcomingAlarms"
    static let summary = "The time alarms of open reminders (and of events, with access to them) that fire from `from` (default now) until `to`, soonest first."
    static let access = Access.fullAccess
    static let effect = Effect.reads
    static let params: [ObjectRule.Property] = [
        .init("from", CommonSchemas.instant, description: "Inclusive; default now."),
        .init("to", CommonSchemas.instant, required: true, description: "Exclusive."),
    ]
    static let result = CommonSchemas.result([("alarms", .array(of: AlarmSchedulingSchemas.upcoming))])

    static func handle(_ context: MethodContext) throws -> [[UInt8]] {
        let eventStore = try context.session.eventStore()
        let from = try context.params.optionalTimestamp("from") ?? Timestamp.now()
        guard let to = try context.params.optionalTimestamp("to"), to > from else {
            throw ResponseError.invalidParams("to must come after from", field: "to")
        }
        let upcoming = try eventStore.upcomingAlarms(from: from, to: to, includingEvents: try context.session.authorizationStatus(.event) == .fullAccess)
        return resultObject { writer in
            writer.key(static: "alarms")
            writer.beginArray()
            for entry in upcoming {
                writer.beginObject()
                writer.field("identifier", entry.reminderIdentifier)
                writer.field("entityType", entry.entityType.rawValue)
                writer.field("alarmIdentifier", entry.alarmIdentifier)
                writer.field("title", entry.title)
                writer.field("fireDate", entry.fireDate)
                writer.field("occurrenceDate", entry.occurrenceDate)
                writer.field("snoozed", entry.snoozed)
                writer.endObject()
            }
            writer.endArray()
        }
    }
}
