import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersStore
import RemindersSyncHelper

/// Refreshes in remindersd-sync, where the feeds are fetched. A client granted chosen lists
/// refreshes one it sees, named; one it does not see is refused as one that does not exist.
extension RefreshSubscriptions: MethodHandler {
    public static let access = Access.fullAccess
    public static let entityType = EntityType.event
    public static let effect = Effect.network

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        let eventStore = try context.session.eventStore()
        if eventStore.isScoped {
            guard let calendar = params.calendarIdentifier, try !eventStore.visibleCalendars([calendar]).isEmpty else {
                throw StoreError.notFound(kind: "subscription", identifier: params.calendarIdentifier ?? "(every one)")
            }
        }
        return try SyncHelper.subscriptions(RefreshSubscriptions.self, params, store: eventStore.path, isCancelled: context.isCancelled)
    }
}
