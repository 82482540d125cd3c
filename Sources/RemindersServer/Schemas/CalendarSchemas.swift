import JSONRPC
import RemindersModel

/// A reminder list (EKCalendar), as returned and as saved.
enum CalendarSchemas {
    static let calendar = JSONSchema.named("Calendar") {
        CommonSchemas.result([
            ("calendarIdentifier", CommonSchemas.identifier),
            ("title", .string()),
            ("color", .string("#RRGGBB, upper case.")),
            ("type", .oneOf(CalendarType.allCases.map(\.rawValue), description: "EKCalendarType.")),
            ("allowsContentModifications", .boolean()),
            ("isDefault", .boolean(description: "Whether new reminders go here when they name no list (always a writable list).")),
        ], description: "A reminder list.")
    }

    static let calendarInput = JSONSchema.named("CalendarInput") {
        .object([
            .init("calendarIdentifier", CommonSchemas.identifier, description: "Absent: a new list."),
            .init("title", .string(), description: "Required for a new list."),
            .init("color", .string("#RRGGBB.")),
            .init("allowsContentModifications", .boolean()),
            .init("type", .string("May be sent back as received; only \"local\" is accepted.")),
            .init("isDefault", .any(description: "May be sent back as received; ignored.")),
        ], description: "A list to create (no calendarIdentifier) or the members of one to change.")
    }
}
