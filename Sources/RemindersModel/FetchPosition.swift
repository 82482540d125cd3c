import Foundation

/// Where a reminder stands in fetch order: due date as the reader's zone places it (undated last),
/// then creation date, then identifier, which makes every position unique.
public struct FetchPosition: Comparable, Sendable {
    public var due: Int64
    public var creation: Int64
    public var identifier: String

    public init(due: Int64, creation: Int64, identifier: String) {
        self.due = due
        self.creation = creation
        self.identifier = identifier
    }

    public init(of reminder: Reminder, in zone: TimeZone) {
        self.init(due: reminder.dueInstant(in: zone)?.milliseconds ?? Int64.max,
                  creation: reminder.creationDate.milliseconds, identifier: reminder.calendarItemIdentifier)
    }

    public static func < (a: FetchPosition, b: FetchPosition) -> Bool {
        (a.due, a.creation, a.identifier) < (b.due, b.creation, b.identifier)
    }
}
