import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `defaultCalendarForNewEvents {}` → `{calendar}`, null when every event calendar is read-only.
public enum DefaultCalendarForNewEvents: RemindersMethod {
    public static let name = "defaultCalendarForNewEvents"
    public static let summary = "The calendar new events go to when they name none; always a writable one, or null."
    public typealias Params = NoParams
    public typealias Result = CalendarResult
}
