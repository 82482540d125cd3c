import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// EKRecurrenceRule, as its fields and as its RFC 5545 RRULE text.
public enum RecurrenceRuleSchemas: Sendable {
    private static func integers(_ description: String) -> JSONSchema { .array(of: .integer(IntegerRule()), description: description) }

    private static func members(requiringInResults: Bool) -> [ObjectRule.Property] {
        [
            .init("frequency", .oneOf(RecurrenceFrequency.allCases.map(\.rawValue)), required: requiringInResults),
            .init("interval", .integer(IntegerRule(description: "1 or more; default 1.")), required: requiringInResults),
            .init(
                "daysOfTheWeek",
                .array(
                    of: .object([
                        .init("dayOfTheWeek", .integer(IntegerRule(description: "1 (Sunday)…7 (Saturday).")), required: true),
                        .init("weekNumber", .integer(IntegerRule(description: "±1…53, or 0/absent for every week; monthly and yearly rules only."))),
                    ]), description: "EKRecurrenceDayOfWeek values; not for daily rules.")),
            .init("daysOfTheMonth", integers("±1…31; monthly rules only.")),
            .init("monthsOfTheYear", integers("1…12; yearly rules only.")),
            .init("weeksOfTheYear", integers("±1…53; yearly rules only.")),
            .init("daysOfTheYear", integers("±1…366; yearly rules only.")),
            .init("setPositions", integers("±1…366; only with another of these lists.")),
            .init(
                "recurrenceEnd",
                .object(
                    [
                        .init("endDate", CommonSchemas.instant),
                        .init(
                            "endDateComponents", DateComponentsSchema.schema,
                            description:
                                "A wall-clock end (RFC 5545 UNTIL as a DATE, or a DATE-TIME without a zone): read in the series' zone, or the reader's for a floating series; a day alone means through its end."
                        ),
                        .init("occurrenceCount", .integer(IntegerRule(description: "1 or more."))),
                    ], description: "One of endDate, endDateComponents or occurrenceCount; absent: forever.")),
            .init("firstDayOfTheWeek", .integer(IntegerRule(description: "1…7, or 0/absent for the default (Monday)."))),
            .init(
                "rrule", .string("The rule as RFC 5545 RRULE text. Sent alone, it is the whole rule; beside the fields, ignored."),
                required: requiringInResults),
        ]
    }

    public static let rule = JSONSchema.named("RecurrenceRule") {
        .object(members(requiringInResults: true), description: "EKRecurrenceRule, with its RRULE text.")
    }

    public static let ruleInput = JSONSchema.named("RecurrenceRuleInput") {
        .object(members(requiringInResults: false), description: "The rule's fields, or {\"rrule\": \"FREQ=…\"} alone.")
    }
}
