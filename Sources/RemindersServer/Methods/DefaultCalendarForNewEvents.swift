import JSONRPC
import RemindersJSON
import RemindersModel

/// `defaultCalendarForNewEvents {}` → `{calendar}`, null when every event calendar is read-only.
enum DefaultCalendarForNewEvents: TypedMethod, MethodDeclaration {
    static let name = "defaultCalendarForNewEvents"
    static let summary = "The calendar new events go to when they name none; always a writable one, or null."
    static let access = Access.fullOrWriteOnly
    static let entityType = EntityType.event
    static let effect = Effect.reads

    typealias Params = NoParams
    typealias Result = CalendarResult

    static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        CalendarResult(calendar: try context.session.eventStore().defaultCalendarForNewEvents())
    }
}

/// `{calendar}`: one calendar, or null.
public struct CalendarResult: MethodResult, Sendable {
    public static let schema = CommonSchemas.result([("calendar", .nullable(CalendarSchemas.calendar))])
    public var calendar: ItemCalendar?

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key(static: "calendar")
        if let calendar { calendar.write(to: &writer) } else { writer.null() }
        writer.endObject()
    }
}
