import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersStore
import RemindersSyncHelper

/// Subscribes in remindersd-sync, where the feeds are fetched. A client granted chosen lists adds
/// none: a subscription is a calendar of its own, which its grant does not hold.
extension AddSubscription: MethodHandler {
    public static let access = Access.fullAccess
    public static let entityType = EntityType.event
    public static let effect = Effect.network

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        let eventStore = try context.session.eventStore()
        guard !eventStore.isScoped else {
            throw ResponseError.invalidParams(
                "a client granted chosen lists subscribes to no calendar: the owner grants it the new one", field: "url")
        }
        return try SyncHelper.subscriptions(AddSubscription.self, params, store: eventStore.path, isCancelled: context.isCancelled)
    }
}
