import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersStore

/// Whose access a call about one calendar needs: the kind it holds — an existing calendar's, or
/// the kind a new one is made for (`allowedEntityTypes`) — so that managing event calendars takes
/// access to events, and lists access to reminders.
enum CalendarKind {
    /// A calendar outside the client's lists is taken for none: the access it asks for does not
    /// tell what kind of calendar hides behind an identifier.
    static func of(identifier: String?, madeFor type: EntityType?, session: Session) throws -> EntityType {
        _ = try session.authorizationStatus()  // reads the client's lists for the messages in hand
        let eventStore = try session.eventStore()
        if let identifier, let calendar = try eventStore.read({ store throws(StoreError) in try store.calendar(identifier: identifier) }),
            eventStore.sees(identifier, calendar.entityType)
        {
            return calendar.entityType
        }
        return type ?? .reminder
    }
}
