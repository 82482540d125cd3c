import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol

extension Calendars: MethodHandler {
    public static let access = Access.fullOrWriteOnly
    public static let effect = Effect.reads
    public static func entityType(of params: Params, _ caller: Caller) throws -> EntityType { params.entityType }

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        let entity = params.entityType
        let eventStore = try context.session.eventStore()
        let defaultCalendar = { () throws in
            entity == .event ? try eventStore.defaultCalendarForNewEvents() : try eventStore.defaultCalendarForNewReminders()
        }
        return Result(calendars: context.status == .writeOnly ? [try defaultCalendar()].compactMap { $0 } : try eventStore.calendars(for: entity))
    }
}
