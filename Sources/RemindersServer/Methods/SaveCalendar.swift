import JSONRPC
import RemindersJSON
import RemindersModel

/// `saveCalendar {calendar}` → `{calendar}`: creates a list (no identifier) or changes one, at once.
enum SaveCalendar: MethodDeclaration {
    static let name = "saveCalendar"
    static let summary = "Creates a reminder list or changes one (EKEventStore.saveCalendar(_:commit:)); saved at once."
    static let access = Access.fullAccess
    static let effect = Effect.writes
    static let params: [ObjectRule.Property] = [.init("calendar", CalendarSchemas.calendarInput, required: true, subject: true)]
    static let result = CommonSchemas.result([("calendar", CalendarSchemas.calendar)])
    static let errors: [MethodError] = [.notFound]

    static func entityType(of params: JSONValue?, session: Session) throws -> EntityType {
        let calendar = params?["calendar"]
        return try CalendarKind.of(identifier: calendar?["calendarIdentifier"]?.stringValue, madeFor: calendar?["allowedEntityTypes"], session: session)
    }

    static func handle(_ context: MethodContext) throws -> [[UInt8]] {
        let changes = try CalendarChanges(try context.params.object("calendar"))
        let calendar = try context.session.eventStore().saveCalendar(changes)
        return resultObject { writer in
            writer.key(static: "calendar")
            calendar.write(to: &writer)
        }
    }
}
