import JSONRPC
import RemindersJSON
import RemindersModel

/// `defaultCalendarForNewReminders {}` → `{calendar}`, null when every list is read-only.
enum DefaultCalendarForNewReminders: MethodDeclaration {
    static let name = "defaultCalendarForNewReminders"
    static let summary = "The list new reminders go to when they name none; always a writable one, or null."
    static let access = Access.fullOrWriteOnly
    static let effect = Effect.reads
    static let params: [ObjectRule.Property] = []
    static let result = CommonSchemas.result([("calendar", .nullable(CalendarSchemas.calendar))])

    static func handle(_ context: MethodContext) throws -> [[UInt8]] {
        let calendar = try context.session.eventStore().defaultCalendarForNewReminders()
        return resultObject { writer in
            writer.key(static: "calendar")
            if let calendar { calendar.write(to: &writer) } else { writer.null() }
        }
    }
}
