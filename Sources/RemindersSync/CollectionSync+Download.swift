import RemindersCalDAV
import Foundation
import RemindersModel
import RemindersStore

/// Items that changed on the server, brought here: each read by its kind, the items it hangs
/// under first, and written in a savepoint of its own — the server's version where nothing
/// changed here since the last sync, else what the kind's conflict policy keeps.
extension CollectionSync {
    /// Fetches the members in batches, then applies them. What cannot be read is skipped with its
    /// href; nothing here is removed for it.
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

    /// Items as the server sent them, read and written here, parents first (so a subtask finds its parent).
    func apply(_ items: [FetchedItem]) throws {
        var fetched = try items.compactMap(read)
        let parents = Set(fetched.compactMap(\.reading.parentUID))
        if !parents.isEmpty { fetched.sort { parents.contains($0.reading.uid) && !parents.contains($1.reading.uid) } }
        // One transaction for what was fetched (each item in a savepoint of its own, so one that
        // fails leaves the others): a commit per item made an initial sync wait on the disk.
        try eventStore.write { _ throws(StoreError) in
            for item in fetched {
                self.report.notes += item.reading.notes
                try self.applyOne(href: item.href, etag: item.etag) { () throws(StoreError) in
                    try self.apply(item, over: try self.localItem(for: item))
                }
            }
            try self.linkWaiting()
        }
    }

    /// Items that came before what they hang under, joined to it once that is here.
    func linkWaiting() throws(StoreError) {
        for record in items.values.sorted(by: { $0.href < $1.href }) where record.parentUID != nil {
            if let linked = try kind.linkWaiting(record) { try remember(linked) }
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

    private func read(_ item: FetchedItem) throws(StoreError) -> Downloaded<Kind.Reading>? {
        guard let text = text(of: item) else { return nil }
        switch kind.decode(text, now: options.now()) {
        case .item(let reading):
            return Downloaded(href: item.href, etag: item.etag, text: text, reading: reading)
        case .otherKind:
            try remember(SyncedItem(href: item.href, etag: item.etag, itemIdentifier: nil, kind: .ignored, syncedModified: nil))
        case .unreadable(let message):
            report.skipped.append(Skipped(href: item.href, message: message))
            try keepUnlessKnown(item)
        }
        return nil
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
        report.skipped.append(Skipped(href: href, message: error.reportedBySync))
        if case .invalid = error { try keepUnlessKnown(href: href, etag: etag) } else { incomplete = true }
    }

    /// What the next sync starts from: a write that must not be lost (without it the next sync
    /// would take the item for a new one, or hold back its removal), so its failure ends this sync.
    func remember(_ item: SyncedItem) throws(StoreError) {
        try eventStore.write { store throws(StoreError) in try store.saveSyncedItem(item, calendar: list) }
        items[item.href] = item
    }

    /// The item here the server's item is: the one synced from its href — unless moved to another
    /// calendar here since (what changed there then comes back as a copy) — or, for an href never
    /// synced, one with its UID not bound to another member (made here and uploaded, and the
    /// record of it lost).
    func localItem(for fetched: Downloaded<Kind.Reading>) throws(StoreError) -> Kind.Local.Item? {
        let known = items[fetched.href]
        if let identifier = known?.itemIdentifier { return try kind.local.items([identifier]).first }
        guard known == nil else { return nil }
        // The set only when there is a candidate: built for every new item, it made an initial sync quadratic.
        let candidates = try kind.local.keys(uid: fetched.reading.uid)
        if candidates.isEmpty { return nil }
        let bound = Set(items.values.compactMap(\.itemIdentifier))
        return try candidates.first { !bound.contains($0) }.flatMap { key throws(StoreError) in try kind.local.items([key]).first }
    }

    /// The server's item written over `local` (nil: as a new item), with what it says of the
    /// alarms, and the record of what was synced of it.
    func apply(_ fetched: Downloaded<Kind.Reading>, over local: Kind.Local.Item?) throws(StoreError) {
        let known = items[fetched.href]
        let incoming = try kind.incoming(fetched, over: local)
        func record(_ written: Kind.Local.Item, at modified: Timestamp?, waitingFor: String?) -> SyncedItem {
            SyncedItem(
                href: fetched.href, etag: fetched.etag, itemIdentifier: written.key, kind: Kind.itemKind, syncedModified: modified,
                parentUID: waitingFor)
        }
        let written: Kind.Local.Item
        if let local {
            if try kind.sameContent(local, as: incoming, from: fetched, known: known) {
                // Nothing to do here or there but keep the server's text as the base of what goes next.
                try kind.local.keep(fetched.kept, of: local.key)
                try remember(record(local, at: local.version, waitingFor: incoming.waitingFor))
                written = local
            } else {
                let changedHere = local.version > (known?.syncedModified ?? Timestamp(milliseconds: Int64.min))
                let resolution = try kind.resolve(local, with: incoming, from: fetched, known: known, changedHere: changedHere, now: options.now())
                var over = local.version
                if resolution.conflicts.contains(where: { $0.kept == "here" }) {
                    // What the server had goes into the history before what was kept is written
                    // over it: a change here that won takes nothing away the person cannot undo.
                    let theirs = try kind.resolve(local, with: incoming, from: fetched, known: known, changedHere: false, now: options.now())
                    over = try kind.local.write(theirs.item, over: over).version
                }
                written = try kind.local.write(resolution.item, over: over)
                let change = try eventStore.read { store throws(StoreError) in try store.latestChange(of: written.key) }
                report.conflicts += resolution.conflicts.map { conflict in
                    var conflict = conflict
                    conflict.change = change.map(String.init)
                    return conflict
                }
                // Left changed since the sync when the server lacks some of it: the upload sends it.
                try remember(record(written, at: resolution.differsFromRemote ? nil : written.version, waitingFor: resolution.waitingFor))
                if resolution.changesHere { report.downloaded += 1 }
            }
        } else {
            if known?.kind == Kind.itemKind {
                report.notes.append("\"\(fetched.reading.title)\" came back: it changed on the server after it was removed here")
            }
            written = try kind.local.write(incoming.item, over: nil)
            try remember(record(written, at: written.version, waitingFor: incoming.waitingFor))
            report.downloaded += 1
        }
        try kind.recordAlarmStates(of: fetched, for: written, now: options.now())
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
        guard let known = items[href], let identifier = known.itemIdentifier, let local = try kind.local.listed(identifier) else {
            return try forget(href)
        }
        report.notes.append("\"\(local.title ?? "")\" was removed on the server but changed here: uploaded again")
        try remember(SyncedItem(href: href, etag: nil, itemIdentifier: identifier, kind: Kind.itemKind, syncedModified: nil))
    }

    private func removeHere(_ href: String) throws {
        guard let known = items[href], let identifier = known.itemIdentifier, let local = try kind.local.listed(identifier) else {
            return try forget(href)
        }
        switch attempt({ () throws(StoreError) in try kind.local.remove(identifier, at: local.version) }) {
        case .success:
            report.deleted += 1
            try forget(href)
        case .failure(.conflict):
            break  // changed here while this sync ran: uploaded at the next one
        case .failure(let error):
            throw error
        }
    }
}
