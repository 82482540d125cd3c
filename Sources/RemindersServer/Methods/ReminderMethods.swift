import JSONRPC
import RemindersModel
import RemindersStore

enum ReminderMethods {
    static func fetchReminders(_ context: MethodContext) throws -> [UInt8] {
        try context.params.rejectUnknown(["predicate"])
        let predicate = try ReminderPredicate(try context.params.optionalObject("predicate"))
        let session = context.session
        let reminders = try session.events().fetchReminders(matching: predicate, in: session.timeZone,
                                                            shouldContinue: { !context.isCancelled() })
        return remindersResult(reminders)
    }

    static func calendarItem(_ context: MethodContext) throws -> [UInt8] {
        try context.params.rejectUnknown(["identifier"])
        let reminder = try context.session.events().calendarItem(identifier: try context.params.string("identifier"))
        return resultObject { writer in
            writer.key("reminder")
            if let reminder { reminder.write(to: &writer) } else { writer.null() }
        }
    }

    static func calendarItems(_ context: MethodContext) throws -> [UInt8] {
        try context.params.rejectUnknown(["externalIdentifier"])
        let reminders = try context.session.events().calendarItems(externalIdentifier: try context.params.string("externalIdentifier"))
        return remindersResult(reminders)
    }

    static func saveReminder(_ context: MethodContext) throws -> [UInt8] {
        let params = context.params
        try params.rejectUnknown(["reminder", "commit"])
        let save = try ReminderSave(try params.object("reminder"))
        let commit = try params.bool("commit", default: true)
        let session = context.session
        let events = try session.events()
        if context.status == .writeOnly {
            try WriteOnlyRules.checkSave(save, session: session)
        }
        let result = try events.save(identifier: save.identifier, changes: save.changes,
                                     lastModifiedDate: save.lastModifiedDate, commit: commit)
        if save.identifier == nil { session.createdIdentifiers.insert(result.reminder.calendarItemIdentifier) }
        return resultObject { writer in
            writer.key("reminder")
            result.reminder.write(to: &writer)
            writer.key("completedOccurrence")
            if let record = result.completedOccurrence { record.write(to: &writer) } else { writer.null() }
        }
    }

    static func removeReminder(_ context: MethodContext) throws -> [UInt8] {
        let params = context.params
        try params.rejectUnknown(["identifier", "lastModifiedDate", "commit"])
        try context.session.events().removeReminder(identifier: try params.string("identifier"),
                                                    lastModifiedDate: try params.optionalTimestamp("lastModifiedDate"),
                                                    commit: try params.bool("commit", default: true))
        return emptyResult
    }

    static func reminderResult(_ reminder: Reminder) -> [UInt8] {
        resultObject { writer in
            writer.key("reminder")
            reminder.write(to: &writer)
        }
    }

    static func remindersResult(_ reminders: [Reminder]) -> [UInt8] {
        var writer = JSONWriter(capacity: reminders.count * 600 + 32)
        writer.beginObject()
        writer.key("reminders")
        writer.beginArray()
        for reminder in reminders { reminder.write(to: &writer) }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }
}

/// What write-only access allows: new reminders in the default list, alarms on reminders this session created.
enum WriteOnlyRules {
    static func checkSave(_ save: ReminderSave, session: Session) throws {
        guard save.identifier == nil else {
            throw ResponseError.notAuthorized(client: session.clientName, status: .writeOnly, "write-only clients cannot change existing reminders")
        }
        if case .set(let calendar) = save.changes.calendarIdentifier,
           calendar != (try session.events().defaultCalendarForNewReminders().calendarIdentifier) {
            throw ResponseError.notAuthorized(client: session.clientName, status: .writeOnly, "write-only clients can only add to the default list")
        }
    }

    static func checkAlarm(on identifier: String, session: Session) throws {
        guard session.createdIdentifiers.contains(identifier) else {
            throw ResponseError.notAuthorized(client: session.clientName, status: .writeOnly,
                                              "write-only clients can only add alarms to reminders they created in this session")
        }
    }
}
