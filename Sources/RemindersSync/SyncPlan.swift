import RemindersCalDAV
import Foundation
import RemindersModel
import RemindersStore

/// What one calendar's sync will do, decided without I/O from what the two sides list and what
/// was last synced (vdirsyncer's split of `sync` from its storages). Made twice per sync: what
/// comes from the server first, then — once that is written here — what goes to it. `--dry-run`
/// prints both (`lines`).
struct SyncPlan: Equatable {
    enum Action: Equatable {
        /// New or changed there: fetched and written here (merged when it changed here too).
        case download(href: String)
        /// Gone there, unchanged here since the last sync: removed here.
        case removeHere(href: String)
        /// Gone there but changed here since: uploaded again, as new.
        case uploadAgain(href: String)
        /// Gone there, and nothing of this calendar here stands for it (an item of the other kind, one
        /// that did not parse, one removed or moved to another calendar here since).
        case forget(href: String)
        /// New here or changed here: put at `href` (made from its UID when new), over the ETag last synced.
        case upload(identifier: String, title: String, href: String, isNew: Bool)
        /// Gone here, unchanged there as far as the last sync knows: deleted there with If-Match.
        case removeThere(href: String)
    }

    var actions: [Action] = []
    /// One side listed none of the items synced before: its deletions are not made (`Withheld`).
    var withheld: Withheld?

    /// What the server's listing asks of this side. Of the removed hrefs, `stillHere` are those
    /// whose item is still in this calendar here (not removed, nor moved to another, since) and
    /// `changedHere` those of them changed here since they were synced (the store tells; the
    /// plan does not ask it).
    static func incoming(
        changed: [Listed<String>], removed: [String], synced: [String: SyncedItem],
        kind: SyncedItem.Kind, stillHere: Set<String>, changedHere: Set<String>, forcesDeletion: Bool
    ) -> SyncPlan {
        var plan = SyncPlan()
        let wanted = changed.filter { change in change.version == nil || synced[change.key]?.etag != change.version }
        plan.actions = wanted.map { .download(href: $0.key) }
        var removals = removed
        if let emptied = serverEmptied(
            changed: changed, removed: removed, synced: synced, kind: kind, stillHere: stillHere,
            changedHere: changedHere, forcesDeletion: forcesDeletion)
        {
            plan.withheld = Withheld(emptied: .server, items: emptied)
            // When the server went empty, only what changed here goes back (as new); nothing is deleted.
            removals = removed.filter(changedHere.contains)
        }
        for href in removals {
            guard let known = synced[href] else { continue }
            guard known.kind == kind, known.itemIdentifier != nil, stillHere.contains(href) else {
                plan.actions.append(.forget(href: href)); continue
            }
            plan.actions.append(changedHere.contains(href) ? .uploadAgain(href: href) : .removeHere(href: href))
        }
        return plan
    }

    /// How many deletions here a listing would make although it leaves none of the items synced
    /// before, nor a new one (the server's collection went empty); nil when it would not.
    private static func serverEmptied(
        changed: [Listed<String>], removed: [String], synced: [String: SyncedItem],
        kind: SyncedItem.Kind, stillHere: Set<String>, changedHere: Set<String>, forcesDeletion: Bool
    ) -> Int? {
        let known = synced.values.filter { $0.kind == kind && $0.itemIdentifier != nil }
        guard !known.isEmpty, !removed.isEmpty, !forcesDeletion else { return nil }
        let gone = Set(removed)
        guard !synced.values.contains(where: { $0.kind == kind && !gone.contains($0.href) }),
            !changed.contains(where: { synced[$0.key] == nil })
        else { return nil }
        let deletions = removed.filter { synced[$0]?.kind == kind && stillHere.contains($0) && !changedHere.contains($0) }
        return deletions.isEmpty ? nil : deletions.count
    }

    /// What this side's items ask of the server, in the order listed (parents before subtasks).
    /// `alarmStates`: the items with alarm state (a dismissal, a snooze) the server has not heard
    /// of. `movedAway`: the identifiers of items synced here that are now in another calendar here
    /// (their deletion there is a move, not a loss, and never held back).
    static func outgoing(
        local: [Listed<Timestamp>], alarmStates: Set<String> = [], synced: [String: SyncedItem], kind: SyncedItem.Kind,
        collection: String, movedAway: Set<String> = [], forcesDeletion: Bool
    ) -> SyncPlan {
        var plan = SyncPlan()
        var byIdentifier: [String: SyncedItem] = [:]
        for item in synced.values { if let identifier = item.itemIdentifier { byIdentifier[identifier] = item } }
        for item in local {
            let known = byIdentifier[item.key]
            let lastChange = item.version ?? Timestamp(milliseconds: Int64.max)
            let changed = known.map { $0.etag == nil || lastChange > ($0.syncedModified ?? Timestamp(milliseconds: Int64.min)) } ?? true
            guard changed || alarmStates.contains(item.key) else { continue }
            plan.actions.append(
                .upload(
                    identifier: item.key, title: item.title ?? "",
                    href: known?.href ?? Href.item(uid: item.uid ?? item.key, in: collection), isNew: known == nil))
        }
        let present = Set(local.map(\.key))
        let gone = synced.values.filter { $0.kind == kind && !($0.itemIdentifier.map(present.contains) ?? false) }.sorted { $0.href < $1.href }
        let moved = gone.filter { $0.itemIdentifier.map(movedAway.contains) ?? false }
        let removed = gone.filter { !($0.itemIdentifier.map(movedAway.contains) ?? false) }
        plan.actions += moved.map { .removeThere(href: $0.href) }
        if !removed.isEmpty, present.isEmpty, !forcesDeletion {
            // The list here went empty while the server still holds what was synced (vdirsyncer's StorageEmpty).
            plan.withheld = Withheld(emptied: .here, items: removed.count)
        } else {
            plan.actions += removed.map { .removeThere(href: $0.href) }
        }
        return plan
    }

    var downloads: [String] { actions.compactMap { if case .download(let href) = $0 { href } else { nil } } }

    /// The plan as `--dry-run` prints it, an action a line.
    var lines: [String] {
        var lines = actions.map { action -> String in
            switch action {
            case .download(let href): return "↓ \(href)"
            case .removeHere(let href): return "✕ here \(href) (gone from the server)"
            case .uploadAgain(let href): return "↑ \(href) again, as new (gone from the server, changed here)"
            case .forget(let href): return "· \(href) forgotten (gone from the server; nothing here stands for it)"
            case .upload(_, let title, let href, let isNew): return "↑ \"\(title)\" to \(href)" + (isNew ? " (new)" : "")
            case .removeThere(let href): return "✕ there \(href) (gone from here)"
            }
        }
        if let withheld {
            lines.append(
                "withheld: \(withheld.items) deletion\(withheld.items == 1 ? "" : "s") (the \(withheld.emptied == .server ? "server's collection" : "list here") went empty)"
            )
        }
        return lines
    }
}
