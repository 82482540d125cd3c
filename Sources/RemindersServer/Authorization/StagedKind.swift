import RemindersJSON
import RemindersModel

/// Whose access `commit` and `reset` need: events' when only events are staged; with nothing
/// staged, either kind the client may write will do; reminders' otherwise.
enum StagedKind {
    static func of(session: Session, access: Access) throws -> EntityType {
        let store = try session.eventStore()
        if store.stagesOnlyEvents { return .event }
        if store.stagesNothing, !access.allows(try session.authorizationStatus(.reminder)), access.allows(try session.authorizationStatus(.event)) {
            return .event
        }
        return .reminder
    }
}
