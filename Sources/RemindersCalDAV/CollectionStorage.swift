/// A calendar collection as a sync sees it: its members listed with their versions (ETags) —
/// all of them, or what changed since a sync token — fetched many at a time, and written or
/// removed on the condition that they are (still) the version the sync last saw. `CalDAVClient`
/// is one over HTTP; the sync's property tests run the same sync over one in memory, with
/// requests that fail when the test says.
public protocol CollectionStorage: AnyObject {
    /// Every member holding `component`, with its text (a first sync's whole download).
    func members(_ component: CalendarComponent, in collection: String) throws(DAVError) -> [FetchedItem]
    /// What changed since `token` (RFC 6578); every member from nil. `.invalidSyncToken` when the token is unknown.
    func changes(in collection: String, since token: String?) throws(DAVError) -> CollectionChanges
    /// Every member holding `component`, with its version.
    func memberETags(_ component: CalendarComponent, in collection: String) throws(DAVError) -> [(href: String, etag: String?)]
    /// The members at `hrefs`: each with its text, or the status given instead.
    func fetch(_ hrefs: [String], in collection: String) throws(DAVError) -> [FetchedItem]
    /// Stores `text` at `href` when `precondition` holds (`.preconditionFailed` otherwise); the new version.
    func put(_ text: String, at href: String, _ precondition: Precondition) throws(DAVError) -> String?
    /// Removes the member at `href` when `precondition` holds.
    func delete(_ href: String, _ precondition: Precondition) throws(DAVError)
    /// Renames or recolours the collection.
    func setProperties(of href: String, displayName: String, color: String?) throws(DAVError)
}

extension CalDAVClient: CollectionStorage {}
