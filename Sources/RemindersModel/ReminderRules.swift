import Foundation

/// EventKit's rules for a reminder that is about to be saved.
public struct ReminderRules: Sendable {
    public var maxTitleBytes: Int
    public var maxNotesBytes: Int

    public init(maxTitleBytes: Int = 64 << 10, maxNotesBytes: Int = 1 << 20) {
        self.maxTitleBytes = maxTitleBytes
        self.maxNotesBytes = maxNotesBytes
    }

    public static let priorityRange = 0...9
    static let maxShortFieldBytes = 64 << 10

    /// Checks every field; errors name the field relative to the reminder.
    public func validate(_ reminder: Reminder) throws(ValidationError) {
        guard !reminder.title.allSatisfy(\.isWhitespace) else {
            throw ValidationError(field: "title", "a reminder needs a non-empty title")
        }
        try checkLength(reminder.title, "title", maxTitleBytes)
        try checkLength(reminder.notes, "notes", maxNotesBytes)
        try checkLength(reminder.location, "location", Self.maxShortFieldBytes)
        try checkLength(reminder.url, "url", Self.maxShortFieldBytes)
        guard Self.priorityRange.contains(reminder.priority) else {
            throw ValidationError(field: "priority", reason: .priorityIsInvalid,
                                  "priority must be 0 (none) or 1…9 (1 highest), got \(reminder.priority)")
        }
        if let url = reminder.url, !Self.isAbsoluteURL(url) {
            throw ValidationError(field: "url", "url must be an absolute URL such as https://example.com or file:///path")
        }
        if let start = reminder.startDateComponents {
            try within("startDateComponents") { () throws(ValidationError) in try start.validate() }
        }
        if let due = reminder.dueDateComponents {
            try within("dueDateComponents") { () throws(ValidationError) in try due.validate() }
        }
        if let zone = reminder.timeZone, TimeZoneCache.zone(zone) == nil {
            throw ValidationError(field: "timeZone", "unknown time zone \"\(zone)\"; use an IANA name such as Europe/Berlin")
        }
        if let completion = reminder.completionDate, !reminder.isCompleted {
            throw ValidationError(field: "completionDate", "an incomplete reminder has no completionDate (\(completion))")
        }
        var seen = Set<String>()
        for (index, alarm) in reminder.alarms.enumerated() {
            try within("alarms[\(index)]") { () throws(ValidationError) in
                try alarm.validate(hasDueDate: reminder.dueDateComponents != nil)
                guard seen.insert(alarm.alarmIdentifier).inserted else {
                    throw ValidationError(field: "alarmIdentifier", "two alarms share the identifier \(alarm.alarmIdentifier)")
                }
            }
        }
        for (index, rule) in reminder.recurrenceRules.enumerated() {
            try within("recurrenceRules[\(index)]") { () throws(ValidationError) in try rule.validate() }
        }
        if reminder.hasRecurrenceRules && reminder.dueDateComponents == nil {
            throw ValidationError(field: "recurrenceRules", reason: .recurringReminderRequiresDueDate,
                                  "a recurring reminder needs a due date")
        }
    }

    private func checkLength(_ value: String?, _ field: String, _ limit: Int) throws(ValidationError) {
        if let value, value.utf8.count > limit {
            throw ValidationError(field: field, "\(field) is \(value.utf8.count) bytes, more than the limit of \(limit)")
        }
    }

    /// A scheme (RFC 3986: letter, then letters, digits, `+-.`), a colon, something after it, no blanks or controls.
    static func isAbsoluteURL(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex, text.index(after: colon) != text.endIndex else { return false }
        let scheme = text[..<colon]
        guard scheme.first!.isASCII, scheme.first!.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else { return false }
        return !text.unicodeScalars.contains { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }
    }
}
