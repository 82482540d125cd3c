import CalDAV
import Foundation
import ICalendar
import RemindersICalendar
import RemindersModel
import RemindersStore

/// Changes made here, taken to the server: new reminders with `If-None-Match: *`, changed ones
/// with `If-Match` their ETag (a 412 means it changed there too: fetched, merged, sent again),
/// removed ones deleted with `If-Match` (a 412 brings the changed item back here instead). An item
/// the server refuses is skipped and named in the report; the others still go.
extension CollectionSync {
    func upload() throws {
        if collection.entityType == .event { return try uploadEvents() }
        let reminders = try store.reminders(matching: ReminderPredicate(kind: .all, calendarIdentifiers: [list]), in: TimeZone(identifier: "UTC")!)
        var itemOf: [String: SyncedItem] = [:]
        for item in items.values { if let identifier = item.itemIdentifier { itemOf[identifier] = item } }
        let externalIdentifiers = Dictionary(reminders.map { ($0.calendarItemIdentifier, $0.calendarItemExternalIdentifier) },
                                             uniquingKeysWith: { first, _ in first })
        // Dismissals and snoozes made here change the item on the server, not the reminder.
        let alarmStates = try store.alarmStatesToShare(calendar: list)
        // Parents before subtasks, so a server (or a client) reading along meets the parent first.
        for reminder in reminders.sorted(by: { $0.parentIdentifier == nil && $1.parentIdentifier != nil }) {
            if options.isCancelled() { throw SyncError("cancelled") }
            let known = itemOf[reminder.calendarItemIdentifier]
            let states = alarmStates[reminder.calendarItemIdentifier] ?? []
            let changed = known.map { $0.etag == nil || reminder.lastModifiedDate > ($0.syncedModified ?? Timestamp(milliseconds: Int64.min)) } ?? true
            guard changed || !states.isEmpty else { continue }
            if options.dryRun { report.uploaded += 1; continue }
            let parentUID = reminder.parentIdentifier.flatMap { externalIdentifiers[$0] }
            let target = known?.href ?? Href.item(uid: reminder.calendarItemExternalIdentifier, in: href)
            try eachItem(target, title: reminder.title) {
                try send(reminder, parentUID: parentUID, known: known, target: target, alarmStates: states)
            }
        }
        try removeGone(present: Set(reminders.map(\.calendarItemIdentifier)))
    }

    /// Deletes on the server what went from here — unless the list here went empty while the
    /// server still holds what was synced (vdirsyncer's StorageEmpty): that is withheld until
    /// `--force-delete` says it was meant.
    func removeGone(present: Set<String>) throws {
        let gone = items.values.filter { $0.kind == itemKind && !($0.itemIdentifier.map(present.contains) ?? false) }
        guard !gone.isEmpty else { return }
        if present.isEmpty, !forcesDeletion {
            withhold(.here, items: gone.count)
            return
        }
        for item in gone {
            if options.dryRun { report.deleted += 1; continue }
            try eachItem(item.href, title: nil) { try remove(item) }
        }
    }

    /// One item's upload or removal: a failure that concerns the item alone skips it, named with
    /// its href (and title) in the report; one that concerns the server ends the calendar's sync.
    func eachItem(_ href: String, title: String?, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch {
            if let failure = error as? DAVError, failure.concernsTheServer { throw error }
            if let failure = error as? StoreError {
                switch failure {
                case .unavailable, .database, .cancelled: throw error
                case .conflict, .invalid, .notFound: break
                }
            }
            let described = (error as? StoreError).map(Self.message) ?? String(describing: error)
            report.skipped.append(Skipped(href: href, message: (title.map { "\"\($0)\": " } ?? "") + described))
        }
    }

    private func send(_ reminder: Reminder, parentUID: String?, known: SyncedItem?, target: String, alarmStates: [AlarmState]) throws {
        var current = reminder
        var etag = known?.etag
        for _ in 0..<3 {
            let original = try store.calendarObject(reminder: current.calendarItemIdentifier).flatMap { try? CalendarObject(parsing: $0) }
            let text = TodoWriter.object(for: current, parentUID: parentUID, original: original, now: options.now(), alarmStates: alarmStates).text
            switch attempt({ () throws(DAVError) in try client.put(text, at: target, etag.map(Precondition.ifMatch) ?? .ifNoneMatch) }) {
            case .success(let newETag):
                try store.write { () throws(StoreError) in
                    try self.store.setKeptCalendarObject(text, reminder: current.calendarItemIdentifier)
                    if let through = alarmStates.compactMap(\.acknowledged).max() {
                        try self.store.markAlarmStatesShared(reminder: current.calendarItemIdentifier, through: through)
                    }
                }
                remember(SyncedItem(href: target, etag: newETag, itemIdentifier: current.calendarItemIdentifier, kind: .reminder,
                                    syncedModified: current.lastModifiedDate))
                report.uploaded += 1
                return
            case .failure(.tooLarge(let message)):
                report.skipped.append(Skipped(href: target, message: message))
                return
            case .failure(let error) where error != .preconditionFailed:
                throw error
            case .failure:
                // Changed (or made) there since: merge it in, and send the result against its new ETag.
                guard let fetched = try client.fetch([target], in: href).first, let text = fetched.text,
                      let object = try? CalendarObject(parsing: text), let reading = try? TodoReader.read(object, now: options.now()) else {
                    throw SyncError("\(target) changed on the server and cannot be read back")
                }
                let base = try store.calendarObject(reminder: current.calendarItemIdentifier)
                    .flatMap { try? CalendarObject(parsing: $0) }.flatMap { try? TodoReader.read($0, now: options.now()) }
                let merged = ReminderMerge.merge(base: base, local: current, localParentUID: parentUID, remote: reading)
                report.conflicts += merged.conflicts
                var result = merged.reminder
                result.parentIdentifier = try parentIdentifier(uid: merged.parentUID)
                current = try events.writeInterchanged(result, calendarObject: text, over: current, requireWritable: false)
                etag = fetched.etag
                if !merged.differsFromRemote, alarmStates.isEmpty {
                    remember(SyncedItem(href: target, etag: fetched.etag, itemIdentifier: current.calendarItemIdentifier, kind: .reminder,
                                        syncedModified: current.lastModifiedDate))
                    report.downloaded += 1
                    return
                }
            }
        }
        throw SyncError("\(target) kept changing on the server; synced next time")
    }

    /// Deletes on the server an item whose reminder or event went from here.
    func remove(_ item: SyncedItem) throws {
        switch attempt({ () throws(DAVError) in try client.delete(item.href, item.etag.map(Precondition.ifMatch) ?? .none) }) {
        case .success:
            report.deleted += 1
        case .failure(.notFound):
            break  // gone there as well
        case .failure(.preconditionFailed):
            // Changed there after it was removed here: it comes back.
            items[item.href] = SyncedItem(href: item.href, etag: nil, itemIdentifier: nil, kind: itemKind, syncedModified: nil)
            try download([item.href])
            return
        case .failure(let error):
            throw error
        }
        items[item.href] = nil
        try store.removeSyncedItem(href: item.href, calendar: list)
    }
}
