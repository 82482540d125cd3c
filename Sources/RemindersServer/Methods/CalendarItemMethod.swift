import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersStore

extension CalendarItemMethod: MethodHandler {
    public static let access = Access.fullAccess
    public static let effect = Effect.reads

    /// An event's identifier needs access to events; any other, to reminders. Decided from the
    /// view the handler reads (this client's staged changes included), so an event it staged is
    /// checked against its access to events.
    public static func entityType(of params: Params, _ caller: Caller) throws -> EntityType {
        let session = caller.session
        if case .event? = try session.eventStore().calendarItem(identifier: params.identifier) { return .event }
        return .reminder
    }

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        let eventStore = try context.session.eventStore()
        let item = try eventStore.calendarItem(identifier: params.identifier)
        if case .event? = item, let occurrence = try eventStore.event(identifier: params.identifier, occurrenceDate: nil) {
            return .event(occurrence, zone: eventStore.timeZone)  // a series as its first occurrence
        }
        if case .reminder(let reminder)? = item { return .reminder(reminder) }
        return .reminder(nil)
    }
}
