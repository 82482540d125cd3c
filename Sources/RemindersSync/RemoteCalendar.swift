import RemindersCalDAV

/// A CalDAV collection as one side of a calendar's sync: the members holding its component, keyed
/// by href and versioned by ETag; writes are conditional PUTs (`If-Match` the ETag read, or
/// `If-None-Match: *` for a new one), removals conditional DELETEs. Beside the plain listing it
/// has the cheaper ways a server offers to say what changed (`changes(since:)`, and
/// `everything()` for a first sync).
struct RemoteCalendar: SyncStorage {
    let storage: any CollectionStorage
    let href: String
    let component: CalendarComponent

    func listing() throws(DAVError) -> [Listed<String>] {
        try storage.memberETags(component, in: href).map { Listed(key: $0.href, version: $0.etag) }
    }

    func items(_ hrefs: [String]) throws(DAVError) -> [FetchedItem] {
        try storage.fetch(hrefs, in: href)
    }

    func write(_ item: FetchedItem, over etag: String?) throws(DAVError) -> FetchedItem {
        let text = item.text ?? ""
        let stored = try storage.put(text, at: item.href, etag.map(Precondition.ifMatch) ?? .ifNoneMatch)
        return FetchedItem(href: item.href, etag: stored, text: text, status: 200)
    }

    func remove(_ href: String, at etag: String?) throws(DAVError) {
        try storage.delete(href, etag.map(Precondition.ifMatch) ?? .none)
    }

    /// What changed since `token` (RFC 6578); every member from nil.
    func changes(since token: String?) throws(DAVError) -> CollectionChanges {
        try storage.changes(in: href, since: token)
    }

    /// Every member with its text, in one query (a first sync's whole download).
    func everything() throws(DAVError) -> [FetchedItem] {
        try storage.members(component, in: href)
    }

    /// Renames or recolours the collection.
    func setProperties(displayName: String, color: String?) throws(DAVError) {
        try storage.setProperties(of: href, displayName: displayName, color: color)
    }
}
