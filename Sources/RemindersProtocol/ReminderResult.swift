import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `{reminder}`: one reminder, as a change left it.
public struct ReminderResult: ReadableMethodResult, Sendable {
    public static let schema = ReminderSchemas.reminderResult
    public var reminder: Reminder

    public init(reminder: Reminder) {
        self.reminder = reminder
    }

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key(static: "reminder")
        reminder.write(to: &writer)
        writer.endObject()
    }

    public init(reading value: JSONValue, zone: TimeZone) throws(ResponseError) {
        reminder = try Reminder(reading: try Self.fields(value).object("reminder"))
    }
}
