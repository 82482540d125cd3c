import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// A reminder list (EKCalendar), as returned and as saved.
public enum CalendarSchemas: Sendable {
    public static let calendar = JSONSchema.named("Calendar") {
        CommonSchemas.result(
            [
                ("calendarIdentifier", CommonSchemas.identifier),
                ("title", .string()),
                ("color", .string("#RRGGBB, upper case.")),
                ("type", calendarType),
                ("allowsContentModifications", .boolean()),
                ("isDefault", .boolean(description: "Whether new items of its kind go here when they name no calendar (always a writable one).")),
                ("allowedEntityTypes", .array(of: CommonSchemas.entityType, description: "What it holds: [\"reminder\"] (a list) or [\"event\"].")),
                ("source", .nullable(source)),
            ], description: "A calendar: a reminder list, or a calendar of events.")
    }

    public static let source = JSONSchema.named("CalendarSource") {
        CommonSchemas.result(
            [
                ("account", .string("The CalDAV account's name.")),
                ("url", .nullable(.string("The collection's URL; null until the next sync has made it on the server."))),
            ], description: "Where a synced list lives (EKSource); null for a local list.")
    }

    public static let calendarInput = JSONSchema.named("CalendarInput") {
        .object(
            [
                .init("calendarIdentifier", CommonSchemas.identifier, description: "Absent: a new list."),
                .init("title", .string(), description: "Required for a new list."),
                .init("color", .string("#RRGGBB.")),
                .init("allowsContentModifications", .boolean()),
                .init("type", calendarType, description: "May be sent back as received; ignored (a list is caldav when it has a source)."),
                .init("isDefault", .any(description: "May be sent back as received; ignored.")),
                .init(
                    "allowedEntityTypes", .array(of: CommonSchemas.entityType),
                    description: "For a new calendar: [\"reminder\"] (default) or [\"event\"]; a calendar keeps its kind."),
                .init(
                    "source", .nullable(sourceInput),
                    description:
                        "For a new list: make it in this CalDAV account (on the server at the next sync). An existing list stays where it is."),
            ], description: "A list to create (no calendarIdentifier) or the members of one to change.")
    }

    public static let calendarType = JSONSchema.oneOf(CalendarType.allCases.map { $0.rawValue }, description: "EKCalendarType.")

    public static let sourceInput = JSONSchema.object([
        .init("account", .string("The name of a CalDAV account (remindersd accounts add)."), required: true),
        .init("url", .any(description: "May be sent back as received; ignored.")),
    ])
}
