/// One side of a calendar's sync, as vdirsyncer's `Storage` is: its items listed with their
/// versions, fetched many at a time, and written or removed only while each is still the version
/// the sync last saw — a change made meanwhile is refused (`Failure`), never overwritten. The two
/// sides are the same interface: `RemoteCalendar`, a CalDAV collection (items are calendar
/// objects keyed by href, versions ETags), and `LocalList` / `LocalEventCalendar`, a calendar of
/// the store (reminders or event series keyed by identifier, versions when they last changed
/// here). `SyncPlan` is made from the two listings and the last-synced state; `CollectionSync`
/// carries it out through these.
protocol SyncStorage {
    associatedtype Item
    associatedtype Version: Equatable
    associatedtype Failure: Error

    /// Every item, with its version.
    func listing() throws(Failure) -> [Listed<Version>]
    /// The items under `keys`, as this side holds them now (what went meanwhile is left out, or
    /// given with why, as a server does).
    func items(_ keys: [String]) throws(Failure) -> [Item]
    /// Writes `item` over the version the sync read (nil: as a new item, refused where one is
    /// there); the item as this side now holds it, with its key and new version.
    func write(_ item: Item, over version: Version?) throws(Failure) -> Item
    /// Removes the item under `key` if it is still `version` (nil: whatever it is).
    func remove(_ key: String, at version: Version?) throws(Failure)
}

/// An item as its side lists it.
struct Listed<Version: Equatable>: Equatable {
    var key: String
    /// Nil where the side gave none (a server without ETags): then it is always fetched.
    var version: Version?
    /// Its UID and title, where the listing knows them (the store's does, a server's does not):
    /// a new item's href is made from its UID, and the report names it by its title.
    var uid: String?
    var title: String?

    init(key: String, version: Version?, uid: String? = nil, title: String? = nil) {
        self.key = key
        self.version = version
        self.uid = uid
        self.title = title
    }
}
