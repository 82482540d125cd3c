import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `defaultCalendarForNewReminders {}` → `{calendar}`, null when every list is read-only.
public enum DefaultCalendarForNewReminders: RemindersMethod {
    public static let name = "defaultCalendarForNewReminders"
    public static let summary = "The list new reminders go to when they name none; always a writable one, or null."
    public typealias Params = NoParams
    public typealias Result = CalendarResult
}
