import RemindersCSQLite
import Foundation
import RemindersModel

/// A second, read-only connection to a store that notices commits by anyone, this process included.
///
/// `PRAGMA data_version` changes when another connection commits, and costs no table access, so a
/// watcher can ask it often without touching the data until something really changed. Its reads
/// go through the store's one door — a read transaction of a `CalendarStore`, whose table methods
/// hold every query (`CalendarStore+Watching`) — and each throws what went wrong (`StoreError`):
/// the watchers decide what a failed look means for their client; none takes it for an answer.
public final class StoreObserver {
    private let store: CalendarStore
    private var lastVersion: Int64 = 0

    public init(path: String) throws(StoreError) {
        store = try CalendarStore(observing: path)
        lastVersion = try store.dataVersion()
    }

    /// `body` in one read transaction of the store.
    private func read<T>(_ body: (CalendarStore) throws(StoreError) -> T) throws(StoreError) -> T {
        try store.read { () throws(StoreError) in try body(self.store) }
    }

    /// True when someone committed since the last call.
    public func hasChanged() throws(StoreError) -> Bool {
        let version = try store.dataVersion()
        defer { lastVersion = version }
        return version != lastVersion
    }

    /// The status `client` run by `program` has (no decision is `notDetermined`).
    public func authorizationStatus(client: String, program: String, entityType: EntityType) throws(StoreError) -> AuthorizationStatus {
        try read { (store) throws(StoreError) in try store.authorizationStatus(client: client, program: program, entityType: entityType) }
    }

    /// The calendars of each entity type `client` run by `program` was granted, for the kinds it
    /// was granted chosen ones of (issue 39); empty for a client granted everything.
    public func scopes(client: String, program: String) throws(StoreError) -> [EntityType: Set<String>] {
        try read { (store) throws(StoreError) in try store.grantedCalendars(client: client, program: program) }
    }

    /// The newest change in the history, and whether one after `mark` is news to a client hearing
    /// `kinds` within `scopes` (see `CalendarStore.changes(after:heardBy:within:)`).
    public func changes(
        after mark: Int64, heardBy kinds: Set<EntityType>, within scopes: [EntityType: Set<String>]
    ) throws(StoreError) -> (newest: Int64, seen: Bool) {
        try read { (store) throws(StoreError) in try store.changes(after: mark, heardBy: kinds, within: scopes) }
    }

    /// What the history says changed after `mark` (see `CalendarStore.changedCalendars(after:)`);
    /// nil when the history was trimmed past `mark`.
    public func changedCalendars(after mark: Int64) throws(StoreError) -> (newest: Int64, calendars: Set<String>, lists: Set<String>)? {
        try read { (store) throws(StoreError) in try store.changedCalendars(after: mark) }
    }

    /// The newest change in the history (0 for none).
    public func newestChange() throws(StoreError) -> Int64 {
        try read { (store) throws(StoreError) in try store.newestChange() }
    }

    /// Whether `client` run by `program` sees the reminder or event `item`: always, unless its
    /// deciding grant is for chosen lists that do not hold it (issue 39).
    public func sees(item: String, entityType: EntityType, client: String, program: String) throws(StoreError) -> Bool {
        try read { (store) throws(StoreError) in try store.sees(item: item, entityType: entityType, client: client, program: program) }
    }

    /// Where the deliveries' watermark stands now: a client that comes later hears what follows.
    public func latestDelivery() throws(StoreError) -> Int64 {
        try read { (store) throws(StoreError) in try store.latestDelivery() }
    }

    /// The alarms delivered after `watermark` (milliseconds), oldest first, with what they said.
    public func alarmsDelivered(after watermark: Int64) throws(StoreError) -> [(deliveredAt: Int64, payload: String, item: String)] {
        try read { (store) throws(StoreError) in try store.alarmsDelivered(after: watermark) }
    }
}
