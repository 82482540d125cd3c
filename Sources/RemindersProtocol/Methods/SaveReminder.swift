import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `saveReminder {reminder, alarmAtDueTime?, commit?}` → `{reminder, completedOccurrence}`.
public enum SaveReminder: RemindersMethod {
    public static let name = "saveReminder"
    public static let summary = "Creates a reminder (no calendarItemIdentifier) or changes one (EKEventStore.save(_:commit:))."
    public static let errors: [MethodError] = [
        .invalidParams(
            .noCalendar, .calendarReadOnly, .priorityIsInvalid, .recurringReminderRequiresDueDate,
            .alarmProximityNotSupported, .reminderAlarmContainsEmailOrUrl),
        .notFound, .conflict,
    ]

    public struct Params: WritableMethodParams, Sendable {
        public static let properties: [ObjectRule.Property] = [
            .init("reminder", ReminderSchemas.changes, required: true, subject: true),
            .init(
                "alarmAtDueTime",
                .boolean(
                    description:
                        "remindersd's, for front ends meant for people: a reminder made, or given a due date, with a time gets an alarm at that time (relativeOffset 0) unless it has a time alarm already, and a due date removed takes its relative alarms along, as in Apple's Reminders app. EventKit's save never sets it."
                ), default: false),
        ]
        public var reminder: ReminderSave
        public var alarmAtDueTime: Bool

        public init(reminder: ReminderSave, alarmAtDueTime: Bool = false) { (self.reminder, self.alarmAtDueTime) = (reminder, alarmAtDueTime) }
        public init(_ params: Fields) throws(ResponseError) {
            reminder = try ReminderSave(try params.object("reminder"))
            alarmAtDueTime = try params.bool("alarmAtDueTime", default: false)
        }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.key(static: "reminder")
            reminder.write(to: &writer)
            writer.field("alarmAtDueTime", alarmAtDueTime)
            writer.endObject()
        }
    }

    public struct Result: ReadableMethodResult, Sendable {
        public static let schema = ReminderSchemas.saveResult
        public var reminder: Reminder
        /// What completing an occurrence of a recurring reminder recorded: the occurrence done.
        public var completedOccurrence: Reminder?

        public init(reminder: Reminder, completedOccurrence: Reminder? = nil) {
            self.reminder = reminder
            self.completedOccurrence = completedOccurrence
        }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.key(static: "reminder")
            reminder.write(to: &writer)
            writer.key(static: "completedOccurrence")
            if let completedOccurrence { completedOccurrence.write(to: &writer) } else { writer.null() }
            writer.endObject()
        }

        public init(reading value: JSONValue, zone: TimeZone) throws(ResponseError) {
            let fields = try Self.fields(value)
            reminder = try Reminder(reading: try fields.object("reminder"))
            completedOccurrence = try fields.optionalObject("completedOccurrence").map { (nested) throws(ResponseError) in
                try Reminder(reading: nested)
            }
        }
    }
}
