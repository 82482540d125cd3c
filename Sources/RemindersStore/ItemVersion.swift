import RemindersModel

/// Which version of a stored item a write from outside (a sync, an import) was made against: the
/// item's identifier and when it last changed here as the writer read it. The write is refused
/// with a conflict when the item changed since — the writer talked to a server, or read a file,
/// between its read and its write, and the person may have edited meanwhile.
public struct ItemVersion: Hashable, Sendable {
    public var identifier: String
    /// A reminder's `lastModifiedDate`; a series' last change, its detached occurrences' included.
    public var lastChange: Timestamp

    public init(identifier: String, lastChange: Timestamp) {
        self.identifier = identifier
        self.lastChange = lastChange
    }

    public init(of reminder: Reminder) {
        self.init(identifier: reminder.calendarItemIdentifier, lastChange: reminder.lastModifiedDate)
    }
}
