import RemindersCalDAV
import Foundation
import RemindersModel
import RemindersStore

/// One calendar synced with its collection — a reminder list with its VTODOs, or an event calendar
/// with its VEVENTs, the same way for both, what differs said by its `Kind`: what changed there
/// comes here, then what changed here goes there, each item on its own so that a failure halfway
/// leaves both sides consistent and the next sync carries on (the sync token only moves on once
/// the whole calendar went through). The two sides are `SyncStorage`s — `there` the collection,
/// `kind.local` the calendar of the store — and what they list becomes a `SyncPlan`; the store is
/// asked directly only for the sync's own state (what was last synced, and where).
final class CollectionSync<Kind: SyncKind> {
    let there: RemoteCalendar
    /// The calendar here, how its items read and write, and what wins when both sides changed one.
    let kind: Kind
    let eventStore: EventStore
    var collection: SyncedCollection
    let remote: RemoteCollection?
    let options: SyncOptions
    var report: ListReport
    /// The list's items as last synced, by href.
    var items: [String: SyncedItem] = [:]
    /// An item from the server could not be written here: the listing is then not taken as seen,
    /// so that the next sync asks for that item again instead of passing over it for good.
    var incomplete = false

    init(
        client: any CollectionStorage, eventStore: EventStore, collection: SyncedCollection, remote: RemoteCollection?, options: SyncOptions,
        report: ListReport
    ) {
        self.there = RemoteCalendar(storage: client, href: collection.href ?? "", component: CalendarComponent(collection.entityType))
        self.kind = Kind(local: Kind.Local(eventStore: eventStore, identifier: collection.calendarIdentifier))
        self.eventStore = eventStore
        self.collection = collection
        self.remote = remote
        self.options = options
        self.report = report
    }

    var list: String { collection.calendarIdentifier }
    var href: String { collection.href ?? "" }
    var isWritable: Bool { remote?.isWritable ?? true }

    func run() throws {
        for item in try eventStore.read({ store throws(StoreError) in try store.syncedItems(calendar: list) }) { items[item.href] = item }
        try followProperties()
        let listing = try remoteChanges()
        var serverWithheld = false
        if let everything = listing.fetched {
            let plan = SyncPlan(actions: everything.map { .download(href: $0.href) })
            if options.dryRun { tell(plan) } else { try apply(everything) }
        } else {
            // Of what went there, what is still in this calendar here (not removed or moved to another since), and changed since.
            var stillHere = Set<String>(), changedHere = Set<String>()
            for href in listing.removed {
                guard let known = items[href], let identifier = known.itemIdentifier, let local = try kind.local.listed(identifier) else { continue }
                stillHere.insert(href)
                if let lastChange = local.version, lastChange <= (known.syncedModified ?? Timestamp(milliseconds: Int64.min)) { continue }
                changedHere.insert(href)
            }
            let plan = SyncPlan.incoming(
                changed: listing.changed, removed: listing.removed, synced: items, kind: Kind.itemKind,
                stillHere: stillHere, changedHere: changedHere, forcesDeletion: forcesDeletion)
            if let withheld = plan.withheld { withhold(withheld.emptied, items: withheld.items); serverWithheld = true }
            if options.dryRun { tell(plan) } else { try carryOut(incoming: plan) }
        }
        if isWritable { try upload() }
        // Withheld removals are asked about again next time: the listing is not taken as seen
        // (whatever else the upload withheld).
        if !options.dryRun, !serverWithheld, !incomplete {
            collection.syncToken = listing.syncToken
            collection.ctag = remote?.ctag
            try eventStore.write { store throws(StoreError) in try store.saveSyncedCollection(collection) }
        }
    }

    /// Whether the person said deletions may go through for this calendar (`--force-delete`).
    var forcesDeletion: Bool {
        options.forceDelete.contains(list) || options.forceDelete.contains { $0.caseInsensitiveCompare(report.title) == .orderedSame }
    }

    func withhold(_ side: Withheld.Side, items count: Int) {
        report.withheld = Withheld(emptied: side, items: count)
        let what = count == 1 ? Kind.noun.one : Kind.noun.many
        let command = "remindersd sync --force-delete '\(report.title)'"
        switch side {
        case .server:
            report.notes.append(
                "the server's collection lists none of the \(count) \(what) synced before: nothing was deleted here. "
                    + "If \(count == 1 ? "it was" : "they were") removed there on purpose, run \(command)")
        case .here:
            report.notes.append(
                "the list here holds none of the \(count) \(what) synced before: nothing was deleted on the server. "
                    + "If \(count == 1 ? "it was" : "they were") removed here on purpose, run \(command)")
        }
    }

    // MARK: What changed there

    struct Listing {
        var changed: [Listed<String>] = []
        var removed: [String] = []
        var syncToken: String?
        /// A first sync's every member, fetched at once.
        var fetched: [FetchedItem]?
    }

    /// Since the last sync: nothing to ask when the collection's ctag has not moved (the ctag read
    /// before anything is fetched, so what changes meanwhile shows next time); a list never synced
    /// takes every member in one query; else `sync-collection` from the kept token where the server
    /// has it, or every member's ETag compared (also when the server refused the token: servers
    /// forget them).
    func remoteChanges() throws -> Listing {
        if let ctag = remote?.ctag, ctag == collection.ctag { return Listing(syncToken: collection.syncToken) }
        if collection.ctag == nil, collection.syncToken == nil, items.isEmpty {
            switch attempt({ () throws(DAVError) in try there.everything() }) {
            case .success(let everything): return Listing(fetched: everything)
            case .failure(let error) where error.isTransient || error == .unauthorized: throw error
            case .failure: break  // too much for one answer, or a server that refuses the query: listed and fetched in batches
            }
        }
        if remote?.supportsSyncCollection ?? false, let changes = try tokenChanges() {
            var listing = Listing(
                changed: changes.changed.map { Listed(key: $0.href, version: $0.etag) }, removed: changes.removed,
                syncToken: changes.syncToken)
            if collection.syncToken == nil {  // from no token, the server lists every member
                let listed = Set(changes.changed.map(\.href))
                listing.removed = items.keys.filter { !listed.contains($0) }
            }
            return listing
        }
        let members = try there.listing()
        let listed = Set(members.map(\.key))
        return Listing(changed: members, removed: items.keys.filter { !listed.contains($0) }, syncToken: collection.syncToken)
    }

    /// sync-collection from the kept token; nil when the server refused it.
    private func tokenChanges() throws -> CollectionChanges? {
        let result: Result<CollectionChanges, DAVError>
        do { result = .success(try there.changes(since: collection.syncToken)) } catch { result = .failure(error) }
        switch result {
        case .success(let changes):
            return changes
        case .failure(.invalidSyncToken):
            report.notes.append("the server no longer knew the sync token; every item was compared instead")
            collection.syncToken = nil
            return nil
        case .failure(let error):
            throw error
        }
    }

    // MARK: The list's own name and colour

    /// The server's name and colour become the list's, unless the list was renamed (or recoloured)
    /// here since the last sync, which then goes to the server.
    func followProperties() throws {
        guard let remote, let calendar = try eventStore.read({ store throws(StoreError) in try store.calendar(identifier: list) }) else { return }
        let remoteTitle = remote.displayName ?? collection.title ?? calendar.title
        let remoteColor = remote.color ?? collection.color ?? calendar.color
        let renamedHere = collection.title != nil && calendar.title != collection.title
        let recolouredHere = collection.color != nil && calendar.color != collection.color
        var title = remoteTitle, color = remoteColor
        if renamedHere || recolouredHere, isWritable {
            title = renamedHere ? calendar.title : remoteTitle
            color = recolouredHere ? calendar.color : remoteColor
            if !options.dryRun { try there.setProperties(displayName: title, color: color) }
        }
        if !options.dryRun, title != calendar.title || color != calendar.color || calendar.allowsContentModifications != remote.isWritable {
            var changed = calendar
            changed.title = title
            changed.color = color
            changed.allowsContentModifications = remote.isWritable
            try eventStore.write { store throws(StoreError) in try store.updateSyncedList(changed) }
        }
        report.title = title
        collection.title = title
        collection.color = color
    }
}

/// How a sync runs.
public struct SyncOptions {
    public var dryRun = false
    /// Calendars (identifiers or titles) whose deletions go through even though one side went empty.
    public var forceDelete: [String] = []
    /// Members fetched per calendar-multiget.
    public var batchSize = 100
    public var now: () -> Timestamp = { Timestamp.now() }
    public var isCancelled: () -> Bool = { false }

    public init(dryRun: Bool = false) { self.dryRun = dryRun }
}
