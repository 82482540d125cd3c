import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersStore

/// Whose access a call about one calendar needs: the kind it holds — an existing calendar's, or
/// the kind a new one is made for (`allowedEntityTypes`) — so that managing event calendars takes
/// access to events, and lists access to reminders.
enum CalendarKind {
    static func of(identifier: String?, madeFor type: EntityType?, session: Session) throws -> EntityType {
        if let identifier, let calendar = try session.eventStore().read({ store throws(StoreError) in try store.calendar(identifier: identifier) }) {
            return calendar.entityType
        }
        return type ?? .reminder
    }
}
