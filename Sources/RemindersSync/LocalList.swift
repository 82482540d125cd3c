import Foundation
import RemindersModel
import RemindersStore

/// A reminder list of the store as one side of its sync: its reminders, each with the calendar
/// object it was last synced as and where (the version both sides last agreed on: the base of a
/// merge, and what an upload writes over so that what remindersd does not map stays).
struct LocalList: LocalCalendar {
    struct Item: LocalItem {
        var reminder: Reminder
        var calendarObject: KeptCalendarObject?

        var key: String { reminder.calendarItemIdentifier }
        var version: Timestamp { reminder.lastModifiedDate }
    }

    let eventStore: EventStore
    let identifier: String

    /// Parents before subtasks, so that a server (or a client reading along) meets the parent first.
    func listing() throws(StoreError) -> [Listed<Timestamp>] {
        let predicate = ReminderPredicate(kind: .all, calendarIdentifiers: [identifier])
        let reminders = try eventStore.read { store throws(StoreError) in try store.reminders(matching: predicate, in: TimeZone(identifier: "UTC")!) }
        let ordered = reminders.filter { $0.parentIdentifier == nil } + reminders.filter { $0.parentIdentifier != nil }
        return ordered.map(Self.listed)
    }

    func items(_ keys: [String]) throws(StoreError) -> [Item] {
        try eventStore.read { store throws(StoreError) in
            var found: [Item] = []
            for key in keys {
                guard let reminder = try store.reminder(identifier: key), reminder.calendarIdentifier == identifier else { continue }
                found.append(Item(reminder: reminder, calendarObject: try store.keptCalendarObject(reminder: key)))
            }
            return found
        }
    }

    /// Taken as given (completing a recurring reminder records no occurrence), in a list the server
    /// may keep read-only; EventKit's rules and the subtask rules still hold.
    func write(_ item: Item, over version: Timestamp?) throws(StoreError) -> Item {
        var reminder = item.reminder
        reminder.calendarIdentifier = identifier
        let written = try eventStore.writeInterchanged(
            reminder, calendarObject: item.calendarObject?.text, syncedAs: item.calendarObject?.href,
            over: version.map { ItemVersion(identifier: reminder.calendarItemIdentifier, lastChange: $0) },
            requireWritable: false)
        return Item(reminder: written, calendarObject: item.calendarObject)
    }

    func remove(_ key: String, at version: Timestamp?) throws(StoreError) {
        var lastChange = version
        if lastChange == nil { lastChange = try reminder(key)?.lastModifiedDate }
        guard let lastChange else { return }
        try eventStore.removeInterchanged(ItemVersion(identifier: key, lastChange: lastChange))
    }

    func listed(_ key: String) throws(StoreError) -> Listed<Timestamp>? {
        try reminder(key).flatMap { $0.calendarIdentifier == identifier ? Self.listed($0) : nil }
    }

    func calendar(of key: String) throws(StoreError) -> String? {
        try reminder(key)?.calendarIdentifier
    }

    /// The reminder `key` as committed (what a sync sees: nothing a client staged).
    private func reminder(_ key: String) throws(StoreError) -> Reminder? {
        try eventStore.read { store throws(StoreError) in try store.reminder(identifier: key) }
    }

    func keys(uid: String) throws(StoreError) -> [String] {
        try reminders(uid: uid).map(\.calendarItemIdentifier)
    }

    func keep(_ object: KeptCalendarObject, of key: String) throws(StoreError) {
        try eventStore.write { store throws(StoreError) in try store.setKeptCalendarObject(object.text, reminder: key, syncedAs: object.href) }
    }

    func alarmStatesToShare() throws(StoreError) -> [String: [AlarmState]] {
        try eventStore.read { store throws(StoreError) in try store.alarmStatesToShare(calendar: identifier) }
    }

    func markAlarmStatesShared(of key: String, through: Timestamp) throws(StoreError) {
        try eventStore.write { store throws(StoreError) in try store.markAlarmStatesShared(reminder: key, through: through) }
    }

    /// This list's reminders with the UID `uid`.
    private func reminders(uid: String) throws(StoreError) -> [Reminder] {
        try eventStore.read { store throws(StoreError) in try store.reminders(externalIdentifier: uid) }.filter {
            $0.calendarIdentifier == identifier
        }
    }

    /// The reminder of this list a subtask (`child`, when it is here already) with the parent
    /// `uid` hangs under, at any depth other clients nest to.
    func parentIdentifier(uid: String?, of child: String? = nil) throws(StoreError) -> String? {
        guard let uid else { return nil }
        return try reminders(uid: uid).first { $0.calendarItemIdentifier != child }?.calendarItemIdentifier
    }

    func parentUID(of reminder: Reminder) throws(StoreError) -> String? {
        try reminder.parentIdentifier.flatMap { identifier throws(StoreError) in try self.reminder(identifier) }?
            .calendarItemExternalIdentifier
    }

    private static func listed(_ reminder: Reminder) -> Listed<Timestamp> {
        Listed(
            key: reminder.calendarItemIdentifier, version: reminder.lastModifiedDate, uid: reminder.calendarItemExternalIdentifier,
            title: reminder.title)
    }
}
