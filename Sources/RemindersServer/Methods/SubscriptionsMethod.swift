import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersStore
import RemindersSyncHelper

/// The subscribed calendars the client sees (a client granted chosen lists: those among them).
extension SubscriptionsMethod: MethodHandler {
    public static let access = Access.fullAccess
    public static let entityType = EntityType.event
    public static let effect = Effect.reads

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        let eventStore = try context.session.eventStore()
        let states = SubscriptionStatus.states(store: eventStore.path)
        let described = try eventStore.read { store throws(StoreError) in try store.subscribedCalendars() }.filter {
            try !eventStore.visibleCalendars([$0.calendar.calendarIdentifier]).isEmpty
        }.map { SubscriptionDescription($0.subscription, calendar: $0.calendar, state: states[$0.calendar.calendarIdentifier]) }
        return Result(subscriptions: described)
    }
}
