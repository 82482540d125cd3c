import Foundation

/// EventKit's rules for a reminder that is about to be saved, beyond those of every calendar item.
extension CalendarItemRules {
    public static let priorityRange = 0...9

    /// Checks every field; errors name the field relative to the reminder.
    public func validate(_ reminder: Reminder) throws(ValidationError) {
        guard !TextRules.isBlank(reminder.title) else {
            throw ValidationError(field: "title", "a reminder needs a title with something visible in it")
        }
        try validateCommon(reminder)
        guard Self.priorityRange.contains(reminder.priority) else {
            throw ValidationError(
                field: "priority", reason: .priorityIsInvalid,
                "priority must be 0 (none) or 1…9 (1 highest), got \(reminder.priority)")
        }
        if let start = reminder.startDateComponents {
            try within("startDateComponents") { () throws(ValidationError) in try start.validate() }
        }
        if let due = reminder.dueDateComponents {
            try within("dueDateComponents") { () throws(ValidationError) in try due.validate() }
        }
        if let completion = reminder.completionDate, !reminder.isCompleted {
            throw ValidationError(field: "completionDate", "an incomplete reminder has no completionDate (\(completion))")
        }
        for (index, alarm) in reminder.alarms.enumerated() {
            try within("alarms[\(index)]") { () throws(ValidationError) in
                try alarm.validate(hasDueDate: reminder.dueDateComponents != nil, hasStartDate: reminder.startDateComponents != nil)
                if alarm.followsEnd { throw ValidationError(field: "relativeTo", "relativeTo end is an event's: a reminder has no end") }
            }
        }
        if reminder.tags.count > Tags.maximumCount {
            throw ValidationError(field: "tags", "a reminder has at most \(Tags.maximumCount) tags, got \(reminder.tags.count)")
        }
        // A series without a due date but with a start is how Evolution and jtx Board write
        // recurring tasks (RFC 5545 expands from DTSTART); one with neither has nothing to recur from.
        if reminder.hasRecurrenceRules && reminder.dueDateComponents == nil && reminder.startDateComponents == nil {
            throw ValidationError(
                field: "recurrenceRules", reason: .recurringReminderRequiresDueDate,
                "a recurring reminder needs a due date (or a start date)")
        }
    }
}

/// What counts as text a person can see.
public enum TextRules {
    /// True when `text` holds nothing visible: only white space, controls, and format or
    /// default-ignorable characters (U+200B zero width space, U+FEFF, U+2060 word joiner, …).
    public static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            let properties = scalar.properties
            return properties.isWhitespace || properties.isDefaultIgnorableCodePoint
                || properties.generalCategory == .format || properties.generalCategory == .control
        }
    }
}
