import JSONRPC
import RemindersJSON
import RemindersModel

/// `calendars {entityType?}` → `{calendars}`. Write-only clients see the default list only.
enum Calendars: MethodDeclaration {
    static let name = "calendars"
    static let summary = "The calendars of one kind: reminder lists, or event calendars (EKEventStore.calendars(for:))."
    static let access = Access.fullOrWriteOnly
    static let effect = Effect.reads
    static let params: [ObjectRule.Property] = [EntityTypeParam.property]
    static let result = CommonSchemas.result([("calendars", .array(of: CalendarSchemas.calendar))])
    static let errors: [MethodError] = [.invalidParams(.invalidEntityType)]

    static func handle(_ context: MethodContext) throws -> [[UInt8]] {
        let entity = try EntityTypeParam.value(context.params)
        let eventStore = try context.session.eventStore()
        let defaultCalendar = { () throws in entity == .event ? try eventStore.defaultCalendarForNewEvents() : try eventStore.defaultCalendarForNewReminders() }
        let calendars = context.status == .writeOnly ? [try defaultCalendar()].compactMap { $0 } : try eventStore.calendars(for: entity)
        return resultObject { writer in
            writer.key(static: "calendars")
            writer.beginArray()
            for calendar in calendars { calendar.write(to: &writer) }
            writer.endArray()
        }
    }
}
