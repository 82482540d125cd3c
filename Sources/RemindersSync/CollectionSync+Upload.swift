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
        let listing = try localList.listing()
        let uids = Dictionary(listing.map { ($0.key, $0.uid) }, uniquingKeysWith: { first, _ in first })
        // Dismissals and snoozes made here change the item on the server, not the reminder.
        let alarmStates = try eventStore.read { store throws(StoreError) in try store.alarmStatesToShare(calendar: list) }
        let plan = SyncPlan.outgoing(
            local: listing, alarmStates: Set(alarmStates.keys), synced: items, kind: itemKind, collection: href,
            movedAway: try movedAway(present: Set(uids.keys)), forcesDeletion: forcesDeletion)
        try carryOut(plan) { identifier, known, target in
            guard let item = try localList.items([identifier]).first else { return }
            // A parent the server's item named and that has not come yet is named again.
            let parentUID =
                item.reminder.parentIdentifier.flatMap { uids[$0] ?? nil } ?? (item.reminder.parentIdentifier == nil ? known?.parentUID : nil)
            try send(item, parentUID: parentUID, known: known, target: target, alarmStates: alarmStates[identifier] ?? [])
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
        try here.movedAway(items.values.filter { $0.kind == itemKind }.compactMap(\.itemIdentifier).filter { !present.contains($0) })
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
                case .conflict, .changedSince, .invalid, .notFound: break
                }
            }
            let described = (error as? StoreError).map(Self.message) ?? String(describing: error)
            report.skipped.append(Skipped(href: href, message: (title.map { "\"\($0)\": " } ?? "") + described))
        }
    }

    private func send(_ item: LocalList.Item, parentUID: String?, known: SyncedItem?, target: String, alarmStates: [AlarmState]) throws {
        var current = item
        var etag = known?.etag
        for _ in 0..<3 {
            let identifier = current.reminder.calendarItemIdentifier
            let original = current.calendarObject.flatMap { try? CalendarObject(parsing: $0.text) }
            let text = TodoWriter.object(
                for: current.reminder, parentUID: parentUID, original: original, now: options.now(), alarmStates: alarmStates
            ).text
            switch attempt({ () throws(DAVError) in try there.write(FetchedItem(href: target, etag: nil, text: text, status: nil), over: etag) }) {
            case .success(let stored):
                try eventStore.write { store throws(StoreError) in
                    try eventStore.write { store throws(StoreError) in try store.setKeptCalendarObject(text, reminder: identifier, syncedAs: target) }
                    if let through = alarmStates.compactMap(\.acknowledged).max() {
                        try eventStore.write { store throws(StoreError) in try store.markAlarmStatesShared(reminder: identifier, through: through) }
                    }
                }
                try remember(
                    SyncedItem(
                        href: target, etag: stored.etag, itemIdentifier: identifier, kind: .reminder,
                        syncedModified: current.reminder.lastModifiedDate,
                        parentUID: current.reminder.parentIdentifier == nil ? parentUID : nil))
                report.uploaded += 1
                return
            case .failure(.tooLarge(let message)):
                report.skipped.append(Skipped(href: target, message: message))
                return
            case .failure(let error) where error != .preconditionFailed:
                throw error
            case .failure:
                // Changed (or made) there since: merge it in, and send the result against its new ETag.
                let answer = try there.items([target]).first
                if etag != nil, answer?.status == 404 {
                    etag = nil  // gone there meanwhile: changed here, it goes again, as new
                    continue
                }
                guard let fetched = answer, let text = fetched.text,
                    let object = try? CalendarObject(parsing: text), let reading = try? TodoReader.read(object, now: options.now())
                else {
                    throw SyncError("\(target) changed on the server and cannot be read back")
                }
                let base = mergeBase(current, at: target)
                let merged = ReminderMerge.merge(base: base, local: current.reminder, localParentUID: parentUID, remote: reading)
                report.conflicts += merged.conflicts
                var result = merged.reminder
                result.calendarItemIdentifier = identifier
                result.parentIdentifier = try localList.parentIdentifier(uid: merged.parentUID, of: identifier)
                current = try localList.write(
                    LocalList.Item(reminder: result, calendarObject: KeptCalendarObject(text: text, href: target)),
                    over: current.reminder.lastModifiedDate)
                etag = fetched.etag
                if !merged.differsFromRemote, alarmStates.isEmpty {
                    try remember(
                        SyncedItem(
                            href: target, etag: fetched.etag, itemIdentifier: identifier, kind: .reminder,
                            syncedModified: current.reminder.lastModifiedDate))
                    report.downloaded += 1
                    return
                }
            }
        }
        throw SyncError("\(target) kept changing on the server; synced next time")
    }

    /// Deletes on the server an item whose reminder or event went from here.
    func remove(_ item: SyncedItem) throws {
        switch attempt({ () throws(DAVError) in try there.remove(item.href, at: item.etag) }) {
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
        try eventStore.write { store throws(StoreError) in try store.removeSyncedItem(href: item.href, calendar: list) }
    }
}
