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
        // Parents before subtasks, so a server (or a client) reading along meets the parent first.
        let reminders = try store.reminders(matching: ReminderPredicate(kind: .all, calendarIdentifiers: [list]), in: TimeZone(identifier: "UTC")!)
            .sorted { $0.parentIdentifier == nil && $1.parentIdentifier != nil }
        let byIdentifier = Dictionary(reminders.map { ($0.calendarItemIdentifier, $0) }, uniquingKeysWith: { first, _ in first })
        // Dismissals and snoozes made here change the item on the server, not the reminder.
        let alarmStates = try store.alarmStatesToShare(calendar: list)
        let plan = SyncPlan.outgoing(local: reminders.map { reminder in
            SyncPlan.LocalItem(identifier: reminder.calendarItemIdentifier, uid: reminder.calendarItemExternalIdentifier, title: reminder.title,
                               lastChange: reminder.lastModifiedDate, hasAlarmState: alarmStates[reminder.calendarItemIdentifier] != nil)
        }, synced: items, kind: itemKind, collection: href, movedAway: try movedAway(present: Set(byIdentifier.keys)),
           forcesDeletion: forcesDeletion)
        try carryOut(plan) { identifier, known, target in
            guard let reminder = byIdentifier[identifier] else { return }
            let parentUID = reminder.parentIdentifier.flatMap { byIdentifier[$0]?.calendarItemExternalIdentifier }
            try send(reminder, parentUID: parentUID, known: known, target: target, alarmStates: alarmStates[identifier] ?? [])
        }
    }

    /// An outgoing plan carried out (or, in a dry run, told): each upload by `send` (given the
    /// item's identifier, what was last synced of it and where it goes), then the deletions there
    /// — unless the list here went empty while the server still holds what was synced
    /// (vdirsyncer's StorageEmpty): that is withheld until `--force-delete` says it was meant.
    func carryOut(_ plan: SyncPlan, send: (String, SyncedItem?, String) throws -> Void) throws {
        if let withheld = plan.withheld { withhold(withheld.emptied, items: withheld.items) }
        if options.dryRun { return tell(plan) }
        var itemOf: [String: SyncedItem] = [:]
        for item in items.values { if let identifier = item.itemIdentifier { itemOf[identifier] = item } }
        for action in plan.actions {
            if options.isCancelled() { throw SyncError("cancelled") }
            switch action {
            case .upload(let identifier, let title, let target, _):
                try eachItem(target, title: title) { try send(identifier, itemOf[identifier], target) }
            case .removeThere(let gone):
                guard let item = items[gone] else { continue }
                try eachItem(item.href, title: nil) { try remove(item) }
            case .download, .removeHere, .uploadAgain, .forget:
                continue
            }
        }
    }

    /// The items synced here that are no longer in this calendar but in another one here.
    func movedAway(present: Set<String>) throws -> Set<String> {
        var moved = Set<String>()
        for item in items.values where item.kind == itemKind {
            guard let identifier = item.itemIdentifier, !present.contains(identifier) else { continue }
            let calendar = collection.entityType == .event ? try store.event(identifier: identifier)?.calendarIdentifier
                                                           : try store.reminder(identifier: identifier)?.calendarIdentifier
            if let calendar, calendar != list { moved.insert(identifier) }
        }
        return moved
    }

    /// What a plan would do, in the report of a dry run: its lines, and the counts it would make.
    func tell(_ plan: SyncPlan) {
        report.plan += plan.lines
        for action in plan.actions {
            switch action {
            case .download: report.downloaded += 1
            case .upload, .uploadAgain: report.uploaded += 1
            case .removeHere, .removeThere: report.deleted += 1
            case .forget: break
            }
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
                let answer = try client.fetch([target], in: href).first
                if etag != nil, answer?.status == 404 {
                    etag = nil  // gone there meanwhile: changed here, it goes again, as new
                    continue
                }
                guard let fetched = answer, let text = fetched.text,
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
