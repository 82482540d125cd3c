import JSONRPC
import RemindersJSON
import RemindersModel

/// `defaultCalendarForNewReminders {}` → `{calendar}`, null when every list is read-only.
enum DefaultCalendarForNewReminders: TypedMethod, MethodDeclaration {
    static let name = "defaultCalendarForNewReminders"
    static let summary = "The list new reminders go to when they name none; always a writable one, or null."
    static let access = Access.fullOrWriteOnly
    static let effect = Effect.reads

    typealias Params = NoParams
    typealias Result = CalendarResult

    static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        CalendarResult(calendar: try context.session.eventStore().defaultCalendarForNewReminders())
    }
}
