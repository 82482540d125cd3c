import RemindersJSONRPC

/// The alarm methods' members (issue 11).
public enum AlarmSchedulingSchemas: Sendable {
    public static let upcoming = JSONSchema.named("UpcomingAlarm") {
        CommonSchemas.result(
            [
                ("identifier", CommonSchemas.identifier),
                ("entityType", .oneOf(["reminder", "event"])),
                ("alarmIdentifier", .string()), ("title", .string()),
                ("fireDate", CommonSchemas.instant),
                ("occurrenceDate", .nullable(CommonSchemas.instant)),
                ("snoozed", .boolean(description: "Fires at fireDate because it was snoozed.")),
            ], description: "A time alarm to come: its reminder or event, when it fires, and the due date (or start) it belongs to.")
    }

    public static let transition = JSONSchema.named("GeofenceTransition") {
        CommonSchemas.result(
            [
                ("identifier", CommonSchemas.identifier), ("alarmIdentifier", .string()),
                ("proximity", .oneOf(["enter", "leave"])),
            ], description: "A location alarm that fires: its reminder's place was entered or left.")
    }

    public static let reminderAndAlarm: [ObjectRule.Property] = [
        .init("identifier", CommonSchemas.identifier, required: true),
        .init("alarmIdentifier", .string(), required: true),
    ]
}
