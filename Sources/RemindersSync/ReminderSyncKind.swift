import Foundation
import RemindersICalendarFormat
import RemindersICalendar
import RemindersModel
import RemindersStore

/// Reminders as a sync carries them: a VTODO each (its subtasks by `RELATED-TO`, which may come
/// before their parent), merged property by property against the version both sides last agreed
/// on when both changed it (`ReminderMerge`).
struct ReminderSyncKind: SyncKind {
    struct Reading: ItemReading {
        var object: CalendarObject
        var todo: TodoReading

        var uid: String { todo.uid }
        var title: String { todo.reminder.title }
        var parentUID: String? { todo.parentUID }
        var notes: [String] { todo.notes }
    }

    static let itemKind = SyncedItem.Kind.reminder
    static let noun = (one: "reminder", many: "reminders")
    let local: LocalList

    init(local: LocalList) { self.local = local }

    // MARK: The codec

    func decode(_ text: String, now: Timestamp) -> Decoded<Reading> {
        let object: CalendarObject
        do throws(ICalendarError) {
            object = try CalendarObject(parsing: text)
        } catch {
            // An event or a journal entry in a mixed calendar is not a reminder.
            return text.contains("BEGIN:VTODO") || text.contains("begin:vtodo") ? .unreadable(error.description) : .otherKind
        }
        do throws(ICalendarError) {
            return .item(Reading(object: object, todo: try TodoReader.read(object, now: now)))
        } catch {
            return .unreadable(error.description)
        }
    }

    func incoming(_ fetched: Downloaded<Reading>, over local: LocalList.Item?) throws(StoreError) -> Incoming<LocalList.Item> {
        var reminder = fetched.reading.todo.reminder
        reminder.parentIdentifier = try self.local.parentIdentifier(uid: fetched.reading.parentUID, of: local?.reminder.calendarItemIdentifier)
        if let here = local?.reminder {
            reminder.calendarItemIdentifier = here.calendarItemIdentifier
            reminder.alarms = Self.keepingIdentities(of: reminder.alarms, as: here.alarms, uid: fetched.reading.uid)
        }
        return Incoming(
            item: LocalList.Item(reminder: reminder, calendarObject: fetched.kept),
            waitingFor: reminder.parentIdentifier == nil ? fetched.reading.parentUID : nil)
    }

    /// The parent is named by its UID: the one in this list, or the one the server's item named
    /// and that has not come yet.
    func outgoing(_ item: LocalList.Item, known: SyncedItem?, alarmStates: [AlarmState], now: Timestamp) throws(StoreError) -> Outgoing {
        let reminder = item.reminder
        let parentUID = try reminder.parentIdentifier.map { parent throws(StoreError) in try local.listed(parent)?.uid } ?? known?.parentUID
        let original = item.calendarObject.flatMap { try? CalendarObject(parsing: $0.text) }
        let text = TodoWriter.object(for: reminder, parentUID: parentUID, original: original, now: now, alarmStates: alarmStates).text
        return Outgoing(text: text, waitingFor: reminder.parentIdentifier == nil ? parentUID : nil)
    }

    func recordAlarmStates(of fetched: Downloaded<Reading>, for written: LocalList.Item, now: Timestamp) throws(StoreError) {
        guard let todo = fetched.reading.object.todo else { return }
        let reminder = written.reminder, zone = TimeZone.current
        let states = AlarmState.read(todo, alarms: reminder.alarms, fireDate: { $0.fireDate(of: reminder, in: zone) })
        if states.isEmpty { return }
        try local.eventStore.write { store throws(StoreError) in try store.recordAlarmStates(states, of: reminder, in: zone, now: now) }
    }

    /// The server's alarms with the identifiers they have here: one known only by what it says (no
    /// UID of its own) that says what an alarm here says is that alarm — so an alarm read before
    /// identities were by content keeps its identifier, and its dismissal with it.
    static func keepingIdentities(of incoming: [Alarm], as here: [Alarm], uid: String) -> [Alarm] {
        var taken = Set(incoming.map(\.alarmIdentifier))
        return incoming.map { alarm in
            guard alarm.alarmIdentifier.hasPrefix("\(uid)-alarm-"),
                let same = here.first(where: { $0.trigger == alarm.trigger && !taken.contains($0.alarmIdentifier) })
            else { return alarm }
            taken.insert(same.alarmIdentifier)
            return Alarm(alarmIdentifier: same.alarmIdentifier, trigger: alarm.trigger)
        }
    }

    // MARK: The conflict policy

    func sameContent(
        _ local: LocalList.Item, as incoming: Incoming<LocalList.Item>, from fetched: Downloaded<Reading>, known: SyncedItem?
    ) throws(StoreError) -> Bool {
        guard local.reminder.sameContent(as: incoming.item.reminder) else { return false }
        return try parentUID(of: local.reminder, known: known) == fetched.reading.parentUID
    }

    func resolve(
        _ local: LocalList.Item, with incoming: Incoming<LocalList.Item>, from fetched: Downloaded<Reading>, known: SyncedItem?,
        changedHere: Bool, now: Timestamp
    ) throws(StoreError) -> Resolution<LocalList.Item> {
        let here = local.reminder
        guard changedHere else {
            var item = incoming.item
            item.reminder.timeZone = here.timeZone
            return Resolution(item: item, waitingFor: incoming.waitingFor)
        }
        // Changed on both sides: merged against the version both last agreed on.
        let merged = ReminderMerge.merge(
            base: mergeBase(local, at: fetched.href, now: now), local: here, localParentUID: try parentUID(of: here, known: known),
            remote: fetched.reading.todo)
        var result = merged.reminder
        result.calendarItemIdentifier = here.calendarItemIdentifier
        result.parentIdentifier = try self.local.parentIdentifier(uid: merged.parentUID, of: here.calendarItemIdentifier)
        return Resolution(
            item: LocalList.Item(reminder: result, calendarObject: fetched.kept), conflicts: merged.conflicts,
            differsFromRemote: merged.differsFromRemote, changesHere: !here.sameContent(as: result),
            waitingFor: result.parentIdentifier == nil ? merged.parentUID : nil)
    }

    /// Subtasks whose parent was not here when they came (a phone uploads one item at a time, and
    /// a listing has no order) are linked to it once it is: not a change made here, so nothing
    /// goes back to the server for it.
    func linkWaiting(_ record: SyncedItem) throws(StoreError) -> SyncedItem? {
        guard let uid = record.parentUID, let identifier = record.itemIdentifier,
            let parent = try local.parentIdentifier(uid: uid, of: identifier),
            var item = try local.items([identifier]).first, item.reminder.parentIdentifier == nil
        else { return nil }
        let version = item.version
        item.reminder.parentIdentifier = parent
        guard case .success(let written) = attempt({ () throws(StoreError) in try local.write(item, over: version) }) else { return nil }
        var linked = record
        linked.parentUID = nil
        if record.syncedModified == version { linked.syncedModified = written.version }
        return linked
    }

    /// The version of a reminder both sides last agreed on, read from what was kept of it — when
    /// that was synced as this member. (One moved here from another list, and synced there, keeps
    /// that list's version; a merge against it would take this member's older values for changes
    /// made here. Without a base, every property that differs is a conflict the report names.)
    private func mergeBase(_ local: LocalList.Item, at href: String, now: Timestamp) -> TodoReading? {
        guard let kept = local.calendarObject, kept.isBase(for: href) else { return nil }
        return (try? CalendarObject(parsing: kept.text)).flatMap { try? TodoReader.read($0, now: now) }
    }

    /// The UID of the reminder's parent here, or else of the one it waits for.
    private func parentUID(of reminder: Reminder, known: SyncedItem?) throws(StoreError) -> String? {
        try local.parentUID(of: reminder) ?? known?.parentUID
    }
}
