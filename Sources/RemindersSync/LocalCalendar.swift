import RemindersModel
import RemindersStore

/// A calendar of the store as the local side of its sync (`LocalList` for reminders,
/// `LocalEventCalendar` for events): items keyed by identifier and versioned by when they last
/// changed here, written and removed only while unchanged since the sync read them (it talks to
/// the server between its read and its write, and the person may edit meanwhile). What a sync asks
/// of either kind alike, whatever its items are.
protocol LocalCalendar: SyncStorage where Version == Timestamp, Failure == StoreError, Item: LocalItem {
    var eventStore: EventStore { get }
    /// The calendar's identifier.
    var identifier: String { get }
    init(eventStore: EventStore, identifier: String)
    /// The item under `key` as listed, when it is in this calendar (not removed, nor moved to another, since).
    func listed(_ key: String) throws(StoreError) -> Listed<Timestamp>?
    /// The calendar here an item is in, when it still is in one.
    func calendar(of key: String) throws(StoreError) -> String?
    /// This calendar's items with the UID `uid`.
    func keys(uid: String) throws(StoreError) -> [String]
    /// Keeps the calendar object the item under `key` was synced as (the base of what goes next).
    func keep(_ object: KeptCalendarObject, of key: String) throws(StoreError)
    /// The person's dismissals and snoozes not yet written to the server, by item.
    func alarmStatesToShare() throws(StoreError) -> [String: [AlarmState]]
    /// The states of the item under `key` made up to `through` went to the server.
    func markAlarmStatesShared(of key: String, through: Timestamp) throws(StoreError)
}

/// An item of a local calendar: its key, and its version (when it last changed here).
protocol LocalItem {
    var key: String { get }
    var version: Timestamp { get }
}

extension LocalCalendar {
    /// Items synced from this calendar that are now in another one here (a move, not a removal).
    func movedAway(_ keys: some Sequence<String>) throws(StoreError) -> Set<String> {
        var moved = Set<String>()
        for key in keys { if let calendar = try calendar(of: key), calendar != identifier { moved.insert(key) } }
        return moved
    }
}
