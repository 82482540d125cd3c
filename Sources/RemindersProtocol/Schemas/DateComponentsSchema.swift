import RemindersJSONRPC

/// `{year, month, day, hour?, minute?, second?, timeZone?}`: Gregorian date components.
public enum DateComponentsSchema: Sendable {
    public static let schema = JSONSchema.named("DateComponents") {
        .object(
            [
                .init("year", .integer(IntegerRule(minimum: 1, maximum: 9999)), required: true),
                .init("month", .integer(IntegerRule(minimum: 1, maximum: 12)), required: true),
                .init("day", .integer(IntegerRule(minimum: 1, maximum: 31, description: "1…(days in that month).")), required: true),
                .init("hour", .integer(IntegerRule(minimum: 0, maximum: 23)), description: "Absent: an all-day date."),
                .init("minute", .integer(IntegerRule(minimum: 0, maximum: 59)), description: "Needs hour."),
                .init("second", .integer(IntegerRule(minimum: 0, maximum: 59)), description: "Needs minute."),
                .init(
                    "timeZone", .string("An IANA time zone. Absent: floating (read in the client's zone). Dropped from all-day dates."),
                    description: nil),
            ], description: "Gregorian date components, as EventKit's startDateComponents and dueDateComponents.")
    }
}
