import RemindersCalDAV
import Foundation
import RemindersModel
import RemindersStore

/// Changes made here, taken to the server: new items with `If-None-Match: *`, changed ones with
/// `If-Match` their ETag — a 412 means it changed there too: the server's version is fetched and
/// applied here as a download is (the kind's conflict policy deciding), and what here still holds
/// that the server lacks is sent again — removed ones deleted with `If-Match` (a 412 brings the
/// changed item back here instead). An item the server refuses is skipped and named in the
/// report; the others still go.
extension CollectionSync {
    func upload() throws {
        let listing = try kind.local.listing()
        // Dismissals and snoozes made here change the item on the server, not the item here.
        let alarmStates = try kind.local.alarmStatesToShare()
        let plan = SyncPlan.outgoing(
            local: listing, alarmStates: Set(alarmStates.keys), synced: items, kind: Kind.itemKind, collection: href,
            movedAway: try movedAway(present: Set(listing.map(\.key))), forcesDeletion: forcesDeletion)
        try carryOut(plan, alarmStates: alarmStates)
    }

    /// An outgoing plan carried out (or, in a dry run, told): each upload, with the alarm states
    /// to share of its item, then the deletions there — unless the list here went empty while the
    /// server still holds what was synced (vdirsyncer's StorageEmpty): that is withheld until
    /// `--force-delete` says it was meant.
    private func carryOut(_ plan: SyncPlan, alarmStates: [String: [AlarmState]]) throws {
        if let withheld = plan.withheld { withhold(withheld.emptied, items: withheld.items) }
        if options.dryRun { return tell(plan) }
        var itemOf: [String: SyncedItem] = [:]
        for item in items.values { if let identifier = item.itemIdentifier { itemOf[identifier] = item } }
        for action in plan.actions {
            if options.isCancelled() { throw SyncError("cancelled") }
            switch action {
            case .upload(let identifier, let title, let target, _):
                try eachItem(target, title: title) {
                    guard let item = try kind.local.items([identifier]).first else { return }
                    try send(item, known: itemOf[identifier], target: target, alarmStates: alarmStates[identifier] ?? [])
                }
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
        try kind.local.movedAway(items.values.filter { $0.kind == Kind.itemKind }.compactMap(\.itemIdentifier).filter { !present.contains($0) })
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
            let described = (error as? StoreError).map(\.reportedBySync) ?? String(describing: error)
            report.skipped.append(Skipped(href: href, message: (title.map { "\"\($0)\": " } ?? "") + described))
        }
    }

    private func send(_ item: Kind.Local.Item, known: SyncedItem?, target: String, alarmStates: [AlarmState]) throws {
        var current = item
        var etag = known?.etag
        for _ in 0..<3 {
            let identifier = current.key
            let outgoing = try kind.outgoing(current, known: items[target] ?? known, alarmStates: alarmStates, now: options.now())
            let put = FetchedItem(href: target, etag: nil, text: outgoing.text, status: nil)
            switch attempt({ () throws(DAVError) in try there.write(put, over: etag) }) {
            case .success(let stored):
                try eventStore.write { store throws(StoreError) in
                    try kind.local.keep(KeptCalendarObject(text: outgoing.text, href: target), of: identifier)
                    try store.shareWrittenMember(href: target, text: outgoing.text, etag: stored.etag, over: etag, collection: collection)
                    if let through = alarmStates.compactMap({ $0.decided ?? $0.acknowledged }).max() {
                        try kind.local.markAlarmStatesShared(of: identifier, through: through)
                    }
                }
                try remember(
                    SyncedItem(
                        href: target, etag: stored.etag, itemIdentifier: identifier, kind: Kind.itemKind, syncedModified: current.version,
                        parentUID: outgoing.waitingFor))
                report.uploaded += 1
                return
            case .failure(.tooLarge(let message)):
                report.skipped.append(Skipped(href: target, message: message))
                return
            case .failure(let error) where error != .preconditionFailed:
                throw error
            case .failure:
                // Changed (or made) there since: its version comes here as a download's would.
                let answer = try there.items([target]).first
                if etag != nil, answer?.status == 404 {
                    etag = nil  // gone there meanwhile: changed here, it goes again, as new
                    continue
                }
                guard let answer, let text = answer.text, case .item(let reading) = kind.decode(text, now: options.now()) else {
                    throw SyncError("\(target) changed on the server and cannot be read back")
                }
                let fetched = Downloaded(href: target, etag: answer.etag, text: text, reading: reading)
                try eventStore.write { _ throws(StoreError) in try self.apply(fetched, over: current) }
                // Sent again while what is here is more than the server's version, or alarm states wait to be shared.
                guard let synced = items[target], synced.syncedModified == nil || !alarmStates.isEmpty,
                    let now = try kind.local.items([identifier]).first
                else { return }
                current = now
                etag = synced.etag
            }
        }
        throw SyncError("\(target) kept changing on the server; synced next time")
    }

    /// Deletes on the server an item whose reminder or event went from here — only its part, where
    /// the member also holds another kind's (`remainder(of:)`).
    func remove(_ item: SyncedItem) throws {
        let rest = try remainder(of: item)
        let outcome = attempt({ () throws(DAVError) -> FetchedItem? in
            guard let rest else {
                try there.remove(item.href, at: item.etag)
                return nil
            }
            return try there.write(FetchedItem(href: item.href, etag: nil, text: rest, status: nil), over: item.etag)
        })
        switch outcome {
        case .success(let written):
            if let rest, let written {
                // The other part's calendar has the member as it is now.
                try eventStore.write { store throws(StoreError) in
                    try store.shareWrittenMember(href: item.href, text: rest, etag: written.etag, over: item.etag, collection: collection)
                }
            }
            report.deleted += 1
        case .failure(.notFound):
            break  // gone there as well
        case .failure(.preconditionFailed):
            // Changed there after it was removed here: it comes back.
            items[item.href] = SyncedItem(href: item.href, etag: nil, itemIdentifier: nil, kind: Kind.itemKind, syncedModified: nil)
            try download([item.href])
            return
        case .failure(let error):
            throw error
        }
        items[item.href] = nil
        try eventStore.write { store throws(StoreError) in try store.removeSyncedItem(href: item.href, calendar: list) }
    }
}
