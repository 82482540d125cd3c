import CalDAV
import Foundation
import ICalendar
import RemindersICalendar
import RemindersModel
import RemindersStore

/// One calendar synced with its collection — a reminder list with its VTODOs, or an event calendar
/// with its VEVENTs: what changed there comes here, then what changed here goes there, each item
/// on its own so that a failure halfway leaves both sides consistent and the next sync carries on
/// (the sync token only moves on once the whole calendar went through).
final class CollectionSync {
    let client: CalDAVClient
    let events: EventStore
    var collection: SyncedCollection
    let remote: RemoteCollection?
    let options: SyncOptions
    var report: ListReport
    /// The list's items as last synced, by href.
    var items: [String: SyncedItem] = [:]

    init(client: CalDAVClient, events: EventStore, collection: SyncedCollection, remote: RemoteCollection?, options: SyncOptions,
         report: ListReport) {
        self.client = client
        self.events = events
        self.collection = collection
        self.remote = remote
        self.options = options
        self.report = report
    }

    var store: CalendarStore { events.store }
    var list: String { collection.calendarIdentifier }
    var href: String { collection.href ?? "" }
    var isWritable: Bool { remote?.isWritable ?? true }
    /// The members this calendar syncs, and what its items are.
    var component: CalendarComponent { CalendarComponent(collection.entityType) }
    var itemKind: SyncedItem.Kind { collection.entityType == .event ? .event : .reminder }

    func run() throws {
        for item in try store.syncedItems(calendar: list) { items[item.href] = item }
        try followProperties()
        let listing = try remoteChanges()
        if let everything = listing.fetched {
            if options.dryRun { report.downloaded += everything.count } else { try apply(everything) }
        } else {
            let wanted = listing.changed.filter { change in change.etag == nil || items[change.href]?.etag != change.etag }
            if options.dryRun {
                report.downloaded += wanted.count
                report.deleted += listing.removed.filter { items[$0]?.kind == itemKind }.count
            } else {
                try download(wanted.map(\.href))
                for removed in listing.removed { try applyRemoval(removed) }
            }
        }
        if isWritable { try upload() }
        if !options.dryRun {
            collection.syncToken = listing.syncToken
            collection.ctag = remote?.ctag
            try store.saveSyncedCollection(collection)
        }
    }

    // MARK: What changed there

    struct Listing {
        var changed: [(href: String, etag: String?)] = []
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
            switch attempt({ () throws(DAVError) in try client.members(component, in: href) }) {
            case .success(let everything): return Listing(fetched: everything)
            case .failure(let error) where error.isTransient || error == .unauthorized: throw error
            case .failure: break  // too much for one answer, or a server that refuses the query: listed and fetched in batches
            }
        }
        if remote?.supportsSyncCollection ?? false, let changes = try tokenChanges() {
            var listing = Listing(changed: changes.changed, removed: changes.removed, syncToken: changes.syncToken)
            if collection.syncToken == nil {  // from no token, the server lists every member
                let listed = Set(changes.changed.map(\.href))
                listing.removed = items.keys.filter { !listed.contains($0) }
            }
            return listing
        }
        let members = try client.memberETags(component, in: href)
        let listed = Set(members.map(\.href))
        return Listing(changed: members, removed: items.keys.filter { !listed.contains($0) }, syncToken: collection.syncToken)
    }

    /// sync-collection from the kept token; nil when the server refused it.
    private func tokenChanges() throws -> CollectionChanges? {
        let result: Result<CollectionChanges, DAVError>
        do { result = .success(try client.changes(in: href, since: collection.syncToken)) } catch { result = .failure(error) }
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
        guard let remote, let calendar = try store.calendar(identifier: list) else { return }
        let remoteTitle = remote.displayName ?? collection.title ?? calendar.title
        let remoteColor = remote.color ?? collection.color ?? calendar.color
        let renamedHere = collection.title != nil && calendar.title != collection.title
        let recolouredHere = collection.color != nil && calendar.color != collection.color
        var title = remoteTitle, color = remoteColor
        if renamedHere || recolouredHere, isWritable {
            title = renamedHere ? calendar.title : remoteTitle
            color = recolouredHere ? calendar.color : remoteColor
            if !options.dryRun { try client.setProperties(of: href, displayName: title, color: color) }
        }
        if !options.dryRun, title != calendar.title || color != calendar.color || calendar.allowsContentModifications != remote.isWritable {
            var changed = calendar
            changed.title = title
            changed.color = color
            changed.allowsContentModifications = remote.isWritable
            try store.updateSyncedList(changed)
        }
        report.title = title
        collection.title = title
        collection.color = color
    }
}

/// How a sync runs.
public struct SyncOptions {
    public var dryRun = false
    /// Members fetched per calendar-multiget.
    public var batchSize = 100
    public var now: () -> Timestamp = { Timestamp.now() }
    public var isCancelled: () -> Bool = { false }

    public init(dryRun: Bool = false) { self.dryRun = dryRun }
}
