import Foundation

/// The orders a fetch can return reminders in.
public enum FetchOrder: String, CaseIterable, Sendable {
    /// Due date as the reader's zone places it (undated last), then creation date.
    case dueDate
    /// The manual order first (`sortOrder`, lower first; reminders never placed after the placed
    /// ones), then as `dueDate`.
    case sortOrder
}

/// Where a reminder stands in fetch order: its manual place when the fetch orders by it, then due
/// date as the reader's zone places it (undated last), then creation date, then identifier, which
/// makes every position unique.
public struct FetchPosition: Comparable, Sendable {
    /// `sortOrder` in a fetch ordered by it (never placed: last); 0 in a fetch by due date.
    public var manual: Int64
    public var due: Int64
    public var creation: Int64
    public var identifier: String

    public init(manual: Int64 = 0, due: Int64, creation: Int64, identifier: String) {
        self.manual = manual
        self.due = due
        self.creation = creation
        self.identifier = identifier
    }

    public init(of reminder: Reminder, in zone: TimeZone, order: FetchOrder = .dueDate) {
        let manual = order == .sortOrder ? reminder.sortOrder.map(Int64.init) ?? Int64.max : 0
        self.init(
            manual: manual, due: reminder.dueInstant(in: zone)?.milliseconds ?? Int64.max,
            creation: reminder.creationDate.milliseconds, identifier: reminder.calendarItemIdentifier)
    }

    public static func < (a: FetchPosition, b: FetchPosition) -> Bool {
        (a.manual, a.due, a.creation, a.identifier) < (b.manual, b.due, b.creation, b.identifier)
    }
}
