import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// A reminder (EKReminder): the members both schemas are made from — what the server returns
/// (all of them, always) and what a client saves (any of them; null clears).
public enum ReminderSchemas: Sendable {
    /// How a member behaves in a save.
    public enum OnSave: Sendable { case identifies, changes, conditions, ignored }

    public struct Member: Sendable {
        let name: String
        let schema: JSONSchema
        /// Whether it may be null in a result.
        let nullable: Bool
        let onSave: OnSave
        let description: String?

        public init(_ name: String, _ schema: JSONSchema, nullable: Bool = false, onSave: OnSave = .changes, _ description: String? = nil) {
            self.name = name; self.schema = schema; self.nullable = nullable; self.onSave = onSave; self.description = description
        }
    }

    public static let members: [Member] = [
        Member("calendarItemIdentifier", CommonSchemas.identifier, onSave: .identifies, "Absent in a save: a new reminder."),
        Member("calendarItemExternalIdentifier", .string(), onSave: .ignored, "The sync identifier (iCalendar UID)."),
        Member("calendarIdentifier", CommonSchemas.identifier, "Its list; in a new reminder, absent means the default list."),
        Member("title", .string()),
        Member("notes", .string(), nullable: true),
        Member("url", .string("An absolute URL; javascript:, vbscript: and data: are refused."), nullable: true),
        Member("location", .string(), nullable: true),
        Member(
            "priority",
            .integer(
                IntegerRule(
                    minimum: 0, maximum: 9, reason: EventKitErrorCode.priorityIsInvalid.rawValue,
                    description: "0 none, 1–4 high (1 highest), 5 medium, 6–9 low.",
                    rangeMessage: { "priority must be 0 (none) or 1…9 (1 highest), got \($0)" }))),
        Member("startDateComponents", DateComponentsSchema.schema, nullable: true),
        Member("dueDateComponents", DateComponentsSchema.schema, nullable: true),
        Member("isCompleted", .boolean()),
        Member("completionDate", CommonSchemas.instant, nullable: true, "Set: completed then; completing without it: now."),
        Member("creationDate", CommonSchemas.instant, onSave: .ignored),
        Member(
            "lastModifiedDate", CommonSchemas.instant, onSave: .conditions,
            "In a save: the update fails with -32012 when the stored reminder's differs."),
        Member("timeZone", .string("The item's IANA time zone (EKCalendarItem.timeZone); null: floating."), nullable: true),
        Member("alarms", .array(of: AlarmSchemas.alarm)),
        Member("recurrenceRules", .array(of: RecurrenceRuleSchemas.rule)),
        Member(
            "tags", .array(ArrayRule(items: .string("Without a leading #, 1…64 characters, no white space."), maximumItems: Tags.maximumCount)),
            "Tags, unique ignoring case (the first spelling is kept); a leading # and surrounding blanks are dropped."),
        Member("isFlagged", .boolean()),
        Member(
            "parentIdentifier", CommonSchemas.identifier, nullable: true,
            "The reminder this one is a subtask of: one level deep, in the same list; null: a top-level reminder."),
        Member(
            "sortOrder", .integer(IntegerRule(minimum: -(1 << 53), maximum: 1 << 53)), nullable: true,
            "Where the person put it in its list by hand (the Reminders app's manual order; X-APPLE-SORT-ORDER): lower first; null: never placed."),
        Member("hasAlarms", .boolean(), onSave: .ignored),
        Member("hasNotes", .boolean(), onSave: .ignored),
        Member("hasRecurrenceRules", .boolean(), onSave: .ignored),
    ]

    public static let reminder = JSONSchema.named("Reminder") {
        .object(
            members.map { member in
                ObjectRule.Property(
                    member.name, member.nullable ? .nullable(member.schema) : member.schema, required: true,
                    description: member.description)
            }, description: "A reminder; every member is always present (null when unset).")
    }

    /// A save's `reminder`: members present change, null clears, absent keeps; the store's own
    /// members may be sent back as received and are ignored.
    public static let changes = JSONSchema.named("ReminderChanges") {
        .object(
            members.map { member in
                switch member.onSave {
                case .ignored:
                    return ObjectRule.Property(member.name, .any(description: "Set by the store; accepted and ignored."))
                case .changes where member.name == "alarms":
                    return ObjectRule.Property(member.name, .array(of: AlarmSchemas.alarmInput), description: "Replaces every alarm.")
                case .changes where member.name == "recurrenceRules":
                    return ObjectRule.Property(member.name, .array(of: RecurrenceRuleSchemas.ruleInput))
                case .identifies, .changes, .conditions:
                    return ObjectRule.Property(member.name, member.schema, description: member.description)
                }
            }, description: "What a save changes: members present are set, null ones cleared, absent ones kept.")
    }

    /// `{reminder, completedOccurrence}` of a save.
    public static let saveResult = CommonSchemas.result([("reminder", reminder), ("completedOccurrence", .nullable(reminder))])

    /// `{reminder}` of the alarm methods.
    public static let reminderResult = CommonSchemas.result([("reminder", reminder)])

    public static let predicate = JSONSchema.named("ReminderPredicate") {
        .object(
            [
                .init("kind", .oneOf(ReminderPredicate.Kind.allCases.map(\.rawValue)), description: "Default all."),
                .init("calendarIdentifiers", .array(of: CommonSchemas.identifier), description: "Only these lists; absent: all, []: none."),
                .init("dueDateStarting", CommonSchemas.instant, description: "Inclusive; reminders without a due date are left out."),
                .init("dueDateEnding", CommonSchemas.instant, description: "Exclusive."),
                .init("completionDateStarting", CommonSchemas.instant, description: "Inclusive; not with kind incomplete."),
                .init("completionDateEnding", CommonSchemas.instant, description: "Exclusive."),
                .init(
                    "matching", .string("Words that must all occur in the title or notes (the last as a prefix), ignoring case and diacritics."),
                    description: nil),
                .init("tags", .array(of: .string()), description: "Reminders that have all of these tags."),
                .init("isFlagged", .boolean()),
                .init("parentIdentifier", CommonSchemas.identifier, description: "The subtasks of this reminder."),
                .init("hasDueDate", .boolean()),
                .init(
                    "identifierPrefix",
                    .string(StringRule(minimumBytes: 1, description: "Reminders whose identifier starts with this, ignoring case."))),
            ], description: "EventKit's three reminder predicates in one object, and remindersd's own filters.")
    }
}
