import JSONRPC
import RemindersJSON
import RemindersModel

/// `defaultCalendarForNewEvents {}` → `{calendar}`, null when every event calendar is read-only.
enum DefaultCalendarForNewEvents: MethodDeclaration {
    static let name = "defaultCalendarForNewEvents"
    static let summary = "The calendar new events go to when they name none; always a writable one, or null."
    static let access = Access.fullOrWriteOnly
    static let entityType = EntityType.event
    static let effect = Effect.reads
    static let params: [ObjectRule.Property] = []
    static let result = CommonSchemas.result([("calendar", .nullable(CalendarSchemas.calendar))])

    static func handle(_ context: MethodContext) throws -> [[UInt8]] {
        let calendar = try context.session.eventStore().defaultCalendarForNewEvents()
        return resultObject { writer in
            writer.key(static: "calendar")
            if let calendar { calendar.write(to: &writer) } else { writer.null() }
        }
    }
}
