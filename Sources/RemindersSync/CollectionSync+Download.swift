import CalDAV
import Foundation
import ICalendar
import RemindersICalendar
import RemindersModel
import RemindersStore

/// Items that changed on the server, brought here.
extension CollectionSync {
    struct Downloaded {
        var href: String
        var etag: String?
        var text: String
        var object: CalendarObject
        var reading: TodoReading

        /// What is kept of it here once written: its text, as synced at its href.
        var kept: KeptCalendarObject { KeptCalendarObject(text: text, href: href) }
    }

    /// The version of a reminder both sides last agreed on, read from what was kept of it — when
    /// that was synced as this member. (One moved here from another list, and synced there, keeps
    /// that list's version; a merge against it would take this member's older values for changes
    /// made here. Without a base, every property that differs is a conflict the report names.)
    func mergeBase(_ local: LocalList.Item, at href: String) -> TodoReading? {
        guard let kept = local.calendarObject, kept.isBase(for: href) else { return nil }
        return (try? CalendarObject(parsing: kept.text)).flatMap { try? TodoReader.read($0, now: options.now()) }
    }

    /// Fetches the members in batches, then applies them parents first (so a subtask finds its
    /// parent). What cannot be read is skipped with its href; nothing here is removed for it.
    func download(_ hrefs: [String]) throws {
        var fetched: [FetchedItem] = []
        var start = 0
        while start < hrefs.count {
            if options.isCancelled() { throw SyncError("cancelled") }
            let batch = Array(hrefs[start..<min(start + options.batchSize, hrefs.count)])
            start += batch.count
            fetched += try there.items(batch)
        }
        try apply(fetched)
    }

    /// Items as the server sent them, read and written here.
    func apply(_ items: [FetchedItem]) throws {
        if collection.entityType == .event { return try applyEvents(items) }
        var fetched = try items.compactMap(read)
        let parents = Set(fetched.compactMap(\.reading.parentUID))
        fetched.sort { parents.contains($0.reading.uid) && !parents.contains($1.reading.uid) }
        // One transaction for what was fetched (each item in a savepoint of its own, so one that
        // fails leaves the others): a commit per item made an initial sync wait on the disk.
        try eventStore.write { _ throws(StoreError) in
            for item in fetched {
                self.report.notes += item.reading.notes
                try self.applyOne(href: item.href, etag: item.etag) { () throws(StoreError) in try self.apply(item) }
            }
            try self.linkWaitingSubtasks()
        }
    }

    /// Subtasks whose parent was not here when they came (a phone uploads one item at a time, and
    /// a listing has no order) are linked to it once it is: not a change made here, so nothing
    /// goes back to the server for it.
    func linkWaitingSubtasks() throws(StoreError) {
        for item in items.values.sorted(by: { $0.href < $1.href }) {
            guard let uid = item.parentUID, let identifier = item.itemIdentifier,
                let parent = try localList.parentIdentifier(uid: uid, of: identifier),
                var local = try localList.items([identifier]).first, local.reminder.parentIdentifier == nil
            else { continue }
            let version = local.reminder.lastModifiedDate
            local.reminder.parentIdentifier = parent
            guard case .success(let written) = attempt({ () throws(StoreError) in try self.localList.write(local, over: version) }) else { continue }
            var linked = item
            linked.parentUID = nil
            if item.syncedModified == version { linked.syncedModified = written.reminder.lastModifiedDate }
            try remember(linked)
        }
    }

    /// The text of a fetched member; nil (and reported, unless it went meanwhile) when the server gave none.
    func text(of item: FetchedItem) -> String? {
        guard let text = item.text, item.status == 200 || item.status == nil else {
            if item.status == 413 {
                report.skipped.append(Skipped(href: item.href, message: "larger than 1 MiB; refused"))
            } else if item.status != 404 {
                report.skipped.append(Skipped(href: item.href, message: "the server gave status \(item.status ?? 0) instead of the item"))
            }
            return nil
        }
        return text
    }

    private func read(_ item: FetchedItem) throws(StoreError) -> Downloaded? {
        guard let text = text(of: item) else { return nil }
        let object: CalendarObject
        do {
            object = try CalendarObject(parsing: text)
        } catch {
            if !(text.contains("BEGIN:VTODO") || text.contains("begin:vtodo")) {
                // An event or a journal entry in a mixed calendar: not a reminder; left alone.
                try remember(SyncedItem(href: item.href, etag: item.etag, itemIdentifier: nil, kind: .ignored, syncedModified: nil))
            } else {
                report.skipped.append(Skipped(href: item.href, message: error.description))
                try keepUnlessKnown(item)
            }
            return nil
        }
        do {
            return Downloaded(href: item.href, etag: item.etag, text: text, object: object, reading: try TodoReader.read(object, now: options.now()))
        } catch {
            report.skipped.append(Skipped(href: item.href, message: error.description))
            try keepUnlessKnown(item)
            return nil
        }
    }

    /// A member that cannot be read: a reminder or event already synced from it stays as it was;
    /// an item never seen is remembered as not one until it changes again.
    func keepUnlessKnown(_ item: FetchedItem) throws(StoreError) { try keepUnlessKnown(href: item.href, etag: item.etag) }

    func keepUnlessKnown(href: String, etag: String?) throws(StoreError) {
        guard items[href] == nil else { return }
        try remember(SyncedItem(href: href, etag: etag, itemIdentifier: nil, kind: .ignored, syncedModified: nil))
    }

    /// One item from the server written here — its content and the record of what was synced of
    /// it — in a savepoint of its own: kept whole or not at all, the other items going on either
    /// way. One not kept is reported. One the store's rules refuse (a title too long) is passed
    /// over until it changes, as an item that cannot be read is; for any other failure (the disk)
    /// its change is asked for again at the next sync.
    func applyOne(href: String, etag: String?, _ body: () throws(StoreError) -> Void) throws(StoreError) {
        let known = items[href]
        guard case .failure(let error) = attempt({ () throws(StoreError) in try eventStore.write { _ throws(StoreError) in try body() } }) else {
            return
        }
        items[href] = known
        report.skipped.append(Skipped(href: href, message: Self.message(error)))
        if case .invalid = error { try keepUnlessKnown(href: href, etag: etag) } else { incomplete = true }
    }

    /// What the next sync starts from: a write that must not be lost (without it the next sync
    /// would take the item for a new one, or hold back its removal), so its failure ends this sync.
    func remember(_ item: SyncedItem) throws(StoreError) {
        try eventStore.write { store throws(StoreError) in try store.saveSyncedItem(item, calendar: list) }
        items[item.href] = item
    }

    private func apply(_ item: Downloaded) throws(StoreError) {
        guard let reminder = try applyContent(item), let todo = item.object.todo else { return }
        // What the server's item says of the alarms (dismissed or snoozed on another device).
        let zone = TimeZone.current
        let states = AlarmState.read(todo, alarms: reminder.alarms, fireDate: { $0.fireDate(of: reminder, in: zone) })
        if !states.isEmpty {
            try eventStore.write { store throws(StoreError) in try store.recordAlarmStates(states, of: reminder, in: zone, now: options.now()) }
        }
    }

    /// The item's content written here; the reminder it now is.
    private func applyContent(_ item: Downloaded) throws(StoreError) -> Reminder? {
        let known = items[item.href]
        // One moved to another list here is no longer this list's: what changed there comes back as a copy.
        var local = try known?.itemIdentifier.flatMap { identifier throws(StoreError) in try localList.items([identifier]).first }
        if known == nil, local == nil {
            // The same UID here but not yet bound to an item (made here, uploaded, and the record of it lost): the same reminder.
            // The set only when there is a candidate: built for every new item, it made an initial sync quadratic.
            let candidates = try localList.reminders(uid: item.reading.uid)
            if !candidates.isEmpty {
                let bound = Set(items.values.compactMap(\.itemIdentifier))
                if let candidate = candidates.first(where: { !bound.contains($0.calendarItemIdentifier) }) {
                    local = try localList.items([candidate.calendarItemIdentifier]).first
                }
            }
        }
        var incoming = item.reading.reminder
        incoming.parentIdentifier = try localList.parentIdentifier(uid: item.reading.parentUID, of: local?.reminder.calendarItemIdentifier)
        // A parent not here yet is remembered, and linked when it comes.
        let waitingFor = incoming.parentIdentifier == nil ? item.reading.parentUID : nil
        func synced(_ written: Reminder, at modified: Timestamp?) -> SyncedItem {
            SyncedItem(
                href: item.href, etag: item.etag, itemIdentifier: written.calendarItemIdentifier, kind: .reminder,
                syncedModified: modified, parentUID: waitingFor)
        }
        guard let local else {
            if known?.kind == .reminder {
                report.notes.append("\"\(incoming.title)\" came back: it changed on the server after it was removed here")
            }
            let written = try localList.write(LocalList.Item(reminder: incoming, calendarObject: item.kept), over: nil).reminder
            try remember(synced(written, at: written.lastModifiedDate))
            report.downloaded += 1
            return written
        }
        let here = local.reminder
        incoming.calendarItemIdentifier = here.calendarItemIdentifier
        incoming.alarms = Self.keepingIdentities(of: incoming.alarms, as: here.alarms, uid: item.reading.uid)
        let changedHere = here.lastModifiedDate > (known?.syncedModified ?? Timestamp(milliseconds: Int64.min))
        let localParentUID = try localList.parentUID(of: here) ?? known?.parentUID
        if here.sameContent(as: incoming), localParentUID == item.reading.parentUID {
            // The same content (the server rewrote what it stores — Radicale re-serializes — or
            // both sides made the same change): nothing to do here or there.
            try eventStore.write { store throws(StoreError) in
                try eventStore.write { store throws(StoreError) in
                    try store.setKeptCalendarObject(item.text, reminder: here.calendarItemIdentifier, syncedAs: item.href)
                }
            }
            try remember(synced(here, at: here.lastModifiedDate))
            return here
        }
        if !changedHere {
            incoming.timeZone = here.timeZone
            let written = try localList.write(LocalList.Item(reminder: incoming, calendarObject: item.kept), over: here.lastModifiedDate).reminder
            try remember(synced(written, at: written.lastModifiedDate))
            report.downloaded += 1
            return written
        }
        // Changed on both sides: merged against the version both last agreed on.
        let base = mergeBase(local, at: item.href)
        let merged = ReminderMerge.merge(base: base, local: here, localParentUID: localParentUID, remote: item.reading)
        report.conflicts += merged.conflicts
        var result = merged.reminder
        result.calendarItemIdentifier = here.calendarItemIdentifier
        result.parentIdentifier = try localList.parentIdentifier(uid: merged.parentUID, of: here.calendarItemIdentifier)
        let written = try localList.write(LocalList.Item(reminder: result, calendarObject: item.kept), over: here.lastModifiedDate).reminder
        // Left changed since the sync when the server lacks some of it: the upload below sends it.
        try remember(
            SyncedItem(
                href: item.href, etag: item.etag, itemIdentifier: written.calendarItemIdentifier, kind: .reminder,
                syncedModified: merged.differsFromRemote ? nil : written.lastModifiedDate,
                parentUID: result.parentIdentifier == nil ? merged.parentUID : nil))
        if !here.sameContent(as: written) { report.downloaded += 1 }
        return written
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

    /// What the server's listing asked of this side, carried out: the downloads, then the
    /// removals — an item gone there goes here too, unless it changed here since the last sync:
    /// then it is uploaded again, as new (one changed here is not lost to a removal there).
    func carryOut(incoming plan: SyncPlan) throws {
        try download(plan.downloads)
        for action in plan.actions {
            switch action {
            case .removeHere(let href): try removeHere(href)
            case .uploadAgain(let href): try uploadAgain(href)
            case .forget(let href): try forget(href)
            case .download, .upload, .removeThere: continue
            }
        }
    }

    private func forget(_ href: String) throws {
        items[href] = nil
        try eventStore.write { store throws(StoreError) in try store.removeSyncedItem(href: href, calendar: list) }
    }

    private func uploadAgain(_ href: String) throws {
        guard let known = items[href], let identifier = known.itemIdentifier, let local = try here.listed(identifier) else { return try forget(href) }
        report.notes.append("\"\(local.title ?? "")\" was removed on the server but changed here: uploaded again")
        try remember(SyncedItem(href: href, etag: nil, itemIdentifier: identifier, kind: itemKind, syncedModified: nil))
    }

    private func removeHere(_ href: String) throws {
        guard let known = items[href], let identifier = known.itemIdentifier, let local = try here.listed(identifier) else { return try forget(href) }
        switch attempt({ () throws(StoreError) in try here.remove(identifier, at: local.version) }) {
        case .success:
            report.deleted += 1
            try forget(href)
        case .failure(.conflict):
            break  // changed here while this sync ran: uploaded at the next one
        case .failure(let error):
            throw error
        }
    }

    static func message(_ error: StoreError) -> String {
        if case .invalid(let validation) = error { return "\(validation.field): \(validation.message)" }
        if case .conflict = error { return "changed here while the sync ran; synced next time" }
        return error.description
    }
}
