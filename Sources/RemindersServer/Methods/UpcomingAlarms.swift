import JSONRPC
import RemindersJSON
import RemindersModel
import RemindersStore

/// `upcomingAlarms {from?, to}` → `{alarms:[…]}`: the time alarms that fire in the window, soonest
/// first, read in the session's zone — reminders', and events' for a client with full access to
/// events; a snoozed one at its new time, a dismissed one not at all.
enum UpcomingAlarms: TypedMethod, MethodDeclaration {
    static let name = "upcomingAlarms"
    static let summary = "The time alarms of open reminders (and of events, with access to them) that fire from `from` (default now) until `to`, soonest first."
    static let access = Access.fullAccess
    static let effect = Effect.reads

    struct Params: MethodParams {
        static let properties: [ObjectRule.Property] = [
            .init("from", CommonSchemas.instant, description: "Inclusive; default now."),
            .init("to", CommonSchemas.instant, required: true, description: "Exclusive."),
        ]
        var from: Timestamp
        var to: Timestamp

        init(_ params: Fields) throws(ResponseError) {
            from = try params.optionalTimestamp("from") ?? Timestamp.now()
            guard let to = try params.optionalTimestamp("to"), to > from else {
                throw ResponseError.invalidParams("to must come after from", field: "to")
            }
            self.to = to
        }
    }

    struct Result: MethodResult {
        static let schema = CommonSchemas.result([("alarms", .array(of: AlarmSchedulingSchemas.upcoming))])
        var alarms: [ScheduledAlarm]

        func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.key(static: "alarms")
            writer.beginArray()
            for entry in alarms {
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
            writer.endObject()
        }
    }

    static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        let includingEvents = try context.session.authorizationStatus(.event) == .fullAccess
        return Result(alarms: try context.session.eventStore().upcomingAlarms(from: params.from, to: params.to, includingEvents: includingEvents))
    }
}
