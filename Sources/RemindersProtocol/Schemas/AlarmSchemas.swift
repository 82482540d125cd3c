import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// EKAlarm: a relative offset, an absolute date, or a place (with a proximity).
public enum AlarmSchemas: Sendable {
    public static let latitude = JSONSchema.number(NumberRule(minimum: -90, maximum: 90, rangeMessage: { "latitude must be -90…90, got \($0)" }))
    public static let longitude = JSONSchema.number(
        NumberRule(minimum: -180, maximum: 180, rangeMessage: { "longitude must be -180…180, got \($0)" }))

    public static let structuredLocation = JSONSchema.named("StructuredLocation") {
        .object(
            [
                .init("title", .string("The place's name.")),
                .init(
                    "geoLocation",
                    .object([
                        .init("latitude", latitude, required: true),
                        .init("longitude", longitude, required: true),
                    ])),
                .init(
                    "radius",
                    .number(
                        NumberRule(
                            minimum: 0, maximum: StructuredLocation.maximumRadius,
                            description: "Metres; 0 or absent: the default (100 m).",
                            rangeMessage: { "radius must be 0…\(Int(StructuredLocation.maximumRadius)) metres, got \($0)" }))),
            ], description: "EKStructuredLocation.")
    }

    /// remindersd's own: a reminder's alarm may count from its start (RFC 5545's RELATED=START, as
    /// Evolution and jtx Board write them); absent, it counts from the due date. An event's alarm
    /// may follow its end (RELATED=END, Evolution's "before the end"): its offset still counts from
    /// the start, as EventKit's do, and it moves when the end does.
    public static let relativeTo = JSONSchema.oneOf(
        ["due", "start", "end"],
        description:
            "What relativeOffset counts from: due (the default) or start (a reminder's start date); end marks an event's alarm that moves with its end, its relativeOffset still from the start."
    )

    public static let proximity = JSONSchema.oneOf(AlarmProximity.allCases.map(\.rawValue), description: "EKAlarmProximity.")

    /// An alarm as the server returns it: its identifier, exactly one trigger, and its proximity.
    public static let alarm = JSONSchema.named("Alarm") {
        .object(
            [
                .init("alarmIdentifier", CommonSchemas.identifier, required: true),
                .init(
                    "relativeOffset",
                    .number(NumberRule(description: "Seconds from the due date (or, with relativeTo start, the start date); negative = before."))),
                .init("relativeTo", relativeTo),
                .init("absoluteDate", CommonSchemas.instant),
                .init("structuredLocation", structuredLocation),
                .init("proximity", proximity, required: true),
            ], description: "EKAlarm; exactly one of relativeOffset, absoluteDate and structuredLocation is present.")
    }

    /// An alarm as a client sends it.
    public static let alarmInput = JSONSchema.named("AlarmInput") {
        .object(
            [
                .init(
                    "alarmIdentifier",
                    .string(StringRule(minimumBytes: 1, maximumBytes: 256, description: "The client's choice; made by the server when absent."))),
                .init(
                    "relativeOffset", .number(NumberRule(description: "Seconds from the due date (which the reminder must have); negative = before."))
                ),
                .init("relativeTo", relativeTo),
                .init("absoluteDate", CommonSchemas.instant),
                .init("structuredLocation", structuredLocation),
                .init("proximity", proximity, description: "enter or leave, with a structuredLocation that has a geoLocation."),
                .init(
                    "emailAddress",
                    .refused(
                        message: "reminder alarms cannot send email or open a URL", reason: EventKitErrorCode.reminderAlarmContainsEmailOrUrl.rawValue
                    )),
                .init(
                    "url",
                    .refused(
                        message: "reminder alarms cannot send email or open a URL", reason: EventKitErrorCode.reminderAlarmContainsEmailOrUrl.rawValue
                    )),
            ], description: "An alarm to add: exactly one of relativeOffset, absoluteDate, or structuredLocation with proximity.")
    }
}
