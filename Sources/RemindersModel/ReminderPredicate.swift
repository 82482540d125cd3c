import Foundation

/// The three EventKit reminder predicates in one value.
///
/// Bounds are instants: start inclusive, end exclusive, nil = open. Once a due (or completion)
/// bound is given, reminders without a due (or completion) date no longer match.
public struct ReminderPredicate: Equatable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        /// predicateForReminders(in:)
        case all
        /// predicateForIncompleteReminders(withDueDateStarting:ending:calendars:)
        case incomplete
        /// predicateForCompletedReminders(withCompletionDateStarting:ending:calendars:)
        case completed
    }

    public var kind: Kind
    /// nil = every list.
    public var calendarIdentifiers: [String]?
    public var dueDateStarting: Timestamp?
    public var dueDateEnding: Timestamp?
    public var completionDateStarting: Timestamp?
    public var completionDateEnding: Timestamp?
    /// Words that must all occur in the title or notes (the last one as a prefix). The store's
    /// full-text index decides; `matches(_:in:)` does not look at it.
    public var matching: String?
    /// Tags the reminder must all have (ignoring case).
    public var tags: [String]?
    public var isFlagged: Bool?
    /// Only the subtasks of this reminder.
    public var parentIdentifier: String?
    public var hasDueDate: Bool?
    /// Reminders whose identifier starts with this, ignoring case: short identifiers on a command
    /// line, as git takes a commit's first characters.
    public var identifierPrefix: String?

    public init(
        kind: Kind, calendarIdentifiers: [String]? = nil, dueDateStarting: Timestamp? = nil, dueDateEnding: Timestamp? = nil,
        completionDateStarting: Timestamp? = nil, completionDateEnding: Timestamp? = nil, matching: String? = nil
    ) {
        self.matching = matching
        self.kind = kind
        self.calendarIdentifiers = calendarIdentifiers
        self.dueDateStarting = dueDateStarting
        self.dueDateEnding = dueDateEnding
        self.completionDateStarting = completionDateStarting
        self.completionDateEnding = completionDateEnding
    }

    public var hasDueBounds: Bool { dueDateStarting != nil || dueDateEnding != nil }
    public var hasCompletionBounds: Bool { completionDateStarting != nil || completionDateEnding != nil }

    public func validate() throws(ValidationError) {
        if kind == .incomplete && hasCompletionBounds {
            throw ValidationError(
                field: completionDateStarting != nil ? "completionDateStarting" : "completionDateEnding",
                "incomplete reminders have no completion date; use kind \"completed\" or \"all\"")
        }
        if let start = dueDateStarting, let end = dueDateEnding, end < start {
            throw ValidationError(field: "dueDateEnding", "dueDateEnding is before dueDateStarting")
        }
        if let start = completionDateStarting, let end = completionDateEnding, end < start {
            throw ValidationError(field: "completionDateEnding", "completionDateEnding is before completionDateStarting")
        }
    }

    /// Whether `reminder` matches for a reader whose floating and all-day dates are read in `zone`.
    public func matches(_ reminder: Reminder, in zone: TimeZone) -> Bool {
        switch kind {
        case .all: break
        case .incomplete: if reminder.isCompleted { return false }
        case .completed: if !reminder.isCompleted { return false }
        }
        if let calendarIdentifiers, !calendarIdentifiers.contains(reminder.calendarIdentifier) { return false }
        if hasDueBounds {
            guard let due = reminder.dueInstant(in: zone), Self.contains(due, dueDateStarting, dueDateEnding) else { return false }
        }
        if hasCompletionBounds {
            guard let completion = reminder.completionDate, Self.contains(completion, completionDateStarting, completionDateEnding) else {
                return false
            }
        }
        if let tags, !Tags.contains(reminder.tags, all: tags) { return false }
        if let isFlagged, reminder.isFlagged != isFlagged { return false }
        if let parentIdentifier, reminder.parentIdentifier != parentIdentifier { return false }
        if let hasDueDate, (reminder.dueDateComponents != nil) != hasDueDate { return false }
        if let identifierPrefix, !reminder.calendarItemIdentifier.uppercased().hasPrefix(identifierPrefix.uppercased()) { return false }
        return true
    }

    private static func contains(_ instant: Timestamp, _ start: Timestamp?, _ end: Timestamp?) -> Bool {
        if let start, instant < start { return false }
        if let end, instant >= end { return false }
        return true
    }
}
