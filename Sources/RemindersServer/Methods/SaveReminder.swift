import JSONRPC
import RemindersJSON
import RemindersModel

/// `saveReminder {reminder, commit?}` → `{reminder, completedOccurrence}`.
public enum SaveReminder: TypedMethod, MethodDeclaration {
    public static let name = "saveReminder"
    static let summary = "Creates a reminder (no calendarItemIdentifier) or changes one (EKEventStore.save(_:commit:))."
    static let access = Access.fullOrWriteOnly
    static let effect = Effect.stages
    static let errors: [MethodError] = [
        .invalidParams(.noCalendar, .calendarReadOnly, .priorityIsInvalid, .recurringReminderRequiresDueDate,
                       .alarmProximityNotSupported, .reminderAlarmContainsEmailOrUrl),
        .notFound, .conflict,
    ]

    public struct Params: MethodParams, Sendable {
        public static let properties: [ObjectRule.Property] = [.init("reminder", ReminderSchemas.changes, required: true, subject: true)]
        public var reminder: ReminderSave

        public init(reminder: ReminderSave) { self.reminder = reminder }
        public init(_ params: Fields) throws(ResponseError) { reminder = try ReminderSave(try params.object("reminder")) }
    }

    public struct Result: MethodResult, Sendable {
        public static let schema = ReminderSchemas.saveResult
        public var reminder: Reminder
        /// What completing an occurrence of a recurring reminder recorded: the occurrence done.
        public var completedOccurrence: Reminder?

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.key(static: "reminder")
            reminder.write(to: &writer)
            writer.key(static: "completedOccurrence")
            if let completedOccurrence { completedOccurrence.write(to: &writer) } else { writer.null() }
            writer.endObject()
        }
    }

    static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        let save = params.reminder
        let session = context.session
        let eventStore = try session.eventStore()
        if context.status == .writeOnly { try WriteOnlyRules.checkSave(save, session: session) }
        let result = try eventStore.save(identifier: save.identifier, changes: save.changes,
                                     lastModifiedDate: save.lastModifiedDate, commit: context.commit)
        if save.identifier == nil { session.createdIdentifiers.insert(result.reminder.calendarItemIdentifier) }
        return Result(reminder: result.reminder, completedOccurrence: result.completedOccurrence)
    }
}
