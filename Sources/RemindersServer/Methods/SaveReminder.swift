import JSONRPC
import RemindersJSON
import RemindersModel

/// `saveReminder {reminder, commit?}` → `{reminder, completedOccurrence}`.
enum SaveReminder: MethodDeclaration {
    static let name = "saveReminder"
    static let summary = "Creates a reminder (no calendarItemIdentifier) or changes one (EKEventStore.save(_:commit:))."
    static let access = Access.fullOrWriteOnly
    static let effect = Effect.stages
    static let params: [ObjectRule.Property] = [.init("reminder", ReminderSchemas.changes, required: true, subject: true)]
    static let result = ReminderSchemas.saveResult
    static let errors: [MethodError] = [
        .invalidParams(.noCalendar, .calendarReadOnly, .priorityIsInvalid, .recurringReminderRequiresDueDate,
                       .alarmProximityNotSupported, .reminderAlarmContainsEmailOrUrl),
        .notFound, .conflict,
    ]

    static func handle(_ context: MethodContext) throws -> [[UInt8]] {
        let save = try ReminderSave(try context.params.object("reminder"))
        let session = context.session
        let eventStore = try session.eventStore()
        if context.status == .writeOnly { try WriteOnlyRules.checkSave(save, session: session) }
        let result = try eventStore.save(identifier: save.identifier, changes: save.changes,
                                     lastModifiedDate: save.lastModifiedDate, commit: context.commit)
        if save.identifier == nil { session.createdIdentifiers.insert(result.reminder.calendarItemIdentifier) }
        return resultObject { writer in
            writer.key(static: "reminder")
            result.reminder.write(to: &writer)
            writer.key(static: "completedOccurrence")
            if let record = result.completedOccurrence { record.write(to: &writer) } else { writer.null() }
        }
    }
}
