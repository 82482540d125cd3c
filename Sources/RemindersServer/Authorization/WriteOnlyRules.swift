import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// What write-only access allows: new reminders in the default list, alarms on reminders this
/// session created, and committing only what it staged itself.
enum WriteOnlyRules {
    static func checkSave(_ save: ReminderSave, session: Session) throws {
        guard save.identifier == nil else {
            throw ResponseError.notAuthorized(client: session.clientName, status: .writeOnly, "write-only clients cannot change existing reminders")
        }
        if case .set = save.changes.parentIdentifier {
            throw ResponseError.notAuthorized(client: session.clientName, status: .writeOnly, "write-only clients cannot make subtasks")
        }
        if case .set(let calendar) = save.changes.calendarIdentifier,
            calendar != (try session.eventStore().defaultCalendarForNewReminders()?.calendarIdentifier)
        {
            throw ResponseError.notAuthorized(client: session.clientName, status: .writeOnly, "write-only clients can only add to the default list")
        }
    }

    /// A commit (explicit, or by a write without `commit: false`) that would write changes staged with full access.
    static func checkCommit(commits: Bool, session: Session) throws {
        guard commits, session.hasChangesStagedWithFullAccess else { return }
        throw ResponseError.notAuthorized(
            client: session.clientName, status: .writeOnly,
            "changes staged with full access can be committed only with full access; reset them")
    }

    static func checkAlarm(on identifier: String, session: Session) throws {
        guard session.createdIdentifiers.contains(identifier) else {
            throw ResponseError.notAuthorized(
                client: session.clientName, status: .writeOnly,
                "write-only clients can only add alarms to reminders they created in this session")
        }
    }
}
