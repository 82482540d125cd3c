import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// EKEvent, as returned (one object per occurrence) and as saved (issue 13).
public enum EventSchemas: Sendable {
    public static let event = JSONSchema.named("Event") {
        CommonSchemas.result(
            [
                ("eventIdentifier", CommonSchemas.identifier),
                ("calendarItemIdentifier", .string("This item's own identifier: the series' for an occurrence of it, a detached occurrence's own.")),
                ("calendarItemExternalIdentifier", .string("The sync identifier (iCalendar UID).")),
                ("calendarIdentifier", CommonSchemas.identifier),
                ("title", .string()),
                ("notes", .nullable(.string())),
                ("url", .nullable(.string())),
                ("location", .nullable(.string("structuredLocation's title."))),
                ("structuredLocation", .nullable(AlarmSchemas.structuredLocation)),
                ("startDate", CommonSchemas.instant),
                ("endDate", CommonSchemas.instant),
                ("isAllDay", .boolean(description: "Floating, from 00:00 of its first day to 23:59:59 of its last, in the client's zone.")),
                ("timeZone", .nullable(.string("The IANA zone its start is kept in; null: floating."))),
                ("availability", .oneOf(EventAvailability.allCases.map(\.rawValue), description: "EKEventAvailability.")),
                ("status", .oneOf(EventStatus.allCases.map(\.rawValue), description: "EKEventStatus.")),
                ("alarms", .array(of: AlarmSchemas.alarm)),
                ("recurrenceRules", .array(of: RecurrenceRuleSchemas.rule)),
                ("occurrenceDate", .nullable(CommonSchemas.instant)),
                ("isDetached", .boolean(description: "An occurrence changed on its own (span thisEvent).")),
                ("creationDate", CommonSchemas.instant),
                ("lastModifiedDate", CommonSchemas.instant),
                ("hasAlarms", .boolean()),
                ("hasNotes", .boolean()),
                ("hasRecurrenceRules", .boolean()),
                ("attendees", .array(of: participant)),
                ("organizer", .nullable(participant)),
                ("hasAttendees", .boolean()),
            ], description: "An event, or one occurrence of a recurring one (EKEvent).")
    }

    /// EKParticipant: an invitation's attendee or organizer, read-only.
    public static let participant = JSONSchema.named("Participant") {
        CommonSchemas.result(
            [
                ("name", .nullable(.string("The common name (CN), where the invitation gives one."))),
                ("url", .string("The calendar user's address, as written (usually mailto:…).")),
                ("role", .oneOf(ParticipantRole.allCases.map(\.rawValue), description: "EKParticipantRole; the organizer is chair.")),
                ("status", .oneOf(ParticipantStatus.allCases.map(\.rawValue), description: "EKParticipantStatus; pending: not answered yet.")),
                ("type", .oneOf(ParticipantType.allCases.map(\.rawValue), description: "EKParticipantType.")),
                ("isCurrentUser", .boolean(description: "Whether it is the address the calendar's account logs in with.")),
            ], description: "An invited person, room or group, or the organizer (EKParticipant).")
    }

    public static let input = JSONSchema.named("EventInput") {
        .object(
            [
                .init("eventIdentifier", CommonSchemas.identifier, description: "Absent: a new event."),
                .init("occurrenceDate", CommonSchemas.instant, description: "Which occurrence of a recurring event (its occurrenceDate)."),
                .init("lastModifiedDate", CommonSchemas.instant, description: "Only if it was not changed since (else -32012)."),
                .init("calendarIdentifier", CommonSchemas.identifier, description: "An event calendar; absent in a new event: the default one."),
                .init("title", .string(), description: "Required for a new event."),
                .init("notes", .string()),
                .init("url", .string()),
                .init("location", .string("Sets structuredLocation's title.")),
                .init("structuredLocation", AlarmSchemas.structuredLocation),
                .init("startDate", CommonSchemas.instant, description: "Required for a new event (noStartDate)."),
                .init("endDate", CommonSchemas.instant, description: "Required for a new event (noEndDate); not before startDate (datesInverted)."),
                .init("isAllDay", .boolean()),
                .init("timeZone", .string("An IANA zone; null: floating; absent: the event's (a new one's: the client's)."), description: nil),
                .init("availability", .oneOf(EventAvailability.allCases.map(\.rawValue))),
                .init("status", .oneOf(EventStatus.allCases.map(\.rawValue))),
                .init("alarms", .array(of: AlarmSchemas.alarmInput), description: "Replaces the alarms; relativeOffset counts from startDate."),
                .init("recurrenceRules", .array(ArrayRule(items: RecurrenceRuleSchemas.ruleInput, maximumItems: 1)), description: "At most one."),
                .init("calendarItemIdentifier", .any(description: "May be sent back as received; ignored.")),
                .init("calendarItemExternalIdentifier", .any(description: "May be sent back as received; ignored.")),
                .init("isDetached", .any(description: "May be sent back as received; ignored.")),
                .init("creationDate", .any(description: "May be sent back as received; ignored.")),
                .init("hasAlarms", .any(description: "May be sent back as received; ignored.")),
                .init("hasNotes", .any(description: "May be sent back as received; ignored.")),
                .init("hasRecurrenceRules", .any(description: "May be sent back as received; ignored.")),
                .init("attendees", .any(description: "Read-only, as EventKit's: may be sent back as received; ignored.")),
                .init("organizer", .any(description: "Read-only, as EventKit's: may be sent back as received; ignored.")),
                .init("hasAttendees", .any(description: "May be sent back as received; ignored.")),
            ], description: "An event to create (no eventIdentifier) or the members of one to change: present set, null clear, absent keep.")
    }

    public static let span = JSONSchema.oneOf(EventSpan.allCases.map(\.rawValue), description: "EKSpan: this occurrence, or it and those after it.")

    /// The params and result member that holds an event.
    public static let member = "event"

    public static let eventResult = CommonSchemas.result([(member, event)])
}
