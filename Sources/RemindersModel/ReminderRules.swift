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
        guard !TextRules.isBlank(reminder.title) else {
            throw ValidationError(field: "title", "a reminder needs a title with something visible in it")
        }
        try checkLength(reminder.title, "title", maxTitleBytes)
        try checkLength(reminder.notes, "notes", maxNotesBytes)
        try checkLength(reminder.location, "location", Self.maxShortFieldBytes)
        try checkLength(reminder.url, "url", Self.maxShortFieldBytes)
        guard Self.priorityRange.contains(reminder.priority) else {
            throw ValidationError(field: "priority", reason: .priorityIsInvalid,
                                  "priority must be 0 (none) or 1…9 (1 highest), got \(reminder.priority)")
        }
        if let url = reminder.url, let problem = Self.urlProblem(url) {
            throw ValidationError(field: "url", problem)
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
        if reminder.tags.count > Tags.maximumCount {
            throw ValidationError(field: "tags", "a reminder has at most \(Tags.maximumCount) tags, got \(reminder.tags.count)")
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

    /// Schemes whose URLs run code where they are opened: an editor or a notification that shows
    /// the link would be handing the reminder's author a way to run script.
    static let refusedSchemes: Set<String> = ["javascript", "vbscript", "data"]
    /// Schemes whose URLs mean nothing without a host (RFC 3986 §3.2, and each scheme's RFC).
    static let schemesNeedingHost: Set<String> = ["http", "https", "ftp", "ftps", "ws", "wss"]

    /// Why `text` is not a URL a reminder may carry, or nil: an absolute URL (RFC 3986: a scheme
    /// of a letter, then letters, digits and `+-.`; a colon; something after it), without blanks or
    /// controls, with a host where its scheme needs one, and not of a scheme that runs script.
    public static func urlProblem(_ text: String) -> String? {
        let example = "url must be an absolute URL such as https://example.com or file:///path"
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex, text.index(after: colon) != text.endIndex else { return example }
        let scheme = text[..<colon]
        guard scheme.first!.isASCII, scheme.first!.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else { return example }
        guard !text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }) else {
            return "url must not contain blanks or control characters"
        }
        let name = scheme.lowercased()
        if refusedSchemes.contains(name) { return "url must not be a \(name): URL (it runs code where it is opened)" }
        if schemesNeedingHost.contains(name) {
            let rest = text[text.index(after: colon)...]
            guard rest.hasPrefix("//") else { return "a \(name) URL needs // and a host, such as \(name)://example.com" }
            let authority = rest.dropFirst(2).prefix { !"/?#".contains($0) }
            let hostAndPort = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
            let host = hostAndPort.hasPrefix("[") ? hostAndPort : hostAndPort.split(separator: ":", omittingEmptySubsequences: false).first ?? ""
            guard !host.isEmpty else { return "a \(name) URL needs a host, such as \(name)://example.com" }
        }
        return nil
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
