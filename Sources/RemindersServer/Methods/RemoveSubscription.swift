import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersStore
import RemindersSyncHelper

/// Unsubscribes: removed as any calendar is, so a client that may not change it may not remove it.
extension RemoveSubscription: MethodHandler {
    public static let access = Access.fullAccess
    public static let entityType = EntityType.event
    public static let effect = Effect.writes

    public static func entityType(of params: Params, _ caller: Caller) throws -> EntityType {
        try CalendarKind.of(identifier: params.calendarIdentifier, madeFor: nil, session: caller.session)
    }

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        let eventStore = try context.session.eventStore()
        let subscribed = try eventStore.read { store throws(StoreError) in try store.subscription(calendar: params.calendarIdentifier) }
        guard subscribed != nil, try !eventStore.visibleCalendars([params.calendarIdentifier]).isEmpty else {
            throw StoreError.notFound(kind: "subscription", identifier: params.calendarIdentifier)
        }
        try eventStore.removeCalendar(identifier: params.calendarIdentifier)
        return EmptyResult()
    }
}
