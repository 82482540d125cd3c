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

    public init(kind: Kind, calendarIdentifiers: [String]? = nil, dueDateStarting: Timestamp? = nil, dueDateEnding: Timestamp? = nil,
                completionDateStarting: Timestamp? = nil, completionDateEnding: Timestamp? = nil) {
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
            throw ValidationError(field: completionDateStarting != nil ? "completionDateStarting" : "completionDateEnding",
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
            guard let completion = reminder.completionDate, Self.contains(completion, completionDateStarting, completionDateEnding) else { return false }
        }
        return true
    }

    private static func contains(_ instant: Timestamp, _ start: Timestamp?, _ end: Timestamp?) -> Bool {
        if let start, instant < start { return false }
        if let end, instant >= end { return false }
        return true
    }
}
