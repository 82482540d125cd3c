import Foundation

/// The kinds of calendar object remindersd syncs (RFC 4791 §5.2.3 `supported-calendar-component-set`).
public enum CalendarComponent: String, CaseIterable, Sendable {
    case todo = "VTODO"
    case event = "VEVENT"
}

/// A calendar collection of the account, as its PROPFIND describes it.
public struct RemoteCollection: Equatable, Sendable {
    /// Canonical href (see `Href`), ending in `/`.
    public var href: String
    public var displayName: String?
    /// `#RRGGBB`, when the server has a colour (Apple's `calendar-color`, alpha dropped).
    public var color: String?
    /// `getctag`: changes whenever a member does. Asked instead of `sync-token`, which servers such
    /// as Radicale compute from every member on each PROPFIND, twice the cost for the same news.
    public var ctag: String?
    /// The collection answers `sync-collection` (its `supported-report-set` says so).
    public var supportsSyncCollection: Bool
    /// Whether the server let this account change the collection's content.
    public var isWritable: Bool
    /// Which of the components remindersd syncs the collection holds: both when it does not say
    /// (RFC 4791: a collection without the property takes any component).
    public var components: Set<CalendarComponent>

    public init(
        href: String, displayName: String? = nil, color: String? = nil, ctag: String? = nil,
        supportsSyncCollection: Bool = false, isWritable: Bool = true, components: Set<CalendarComponent> = [.todo]
    ) {
        self.href = href
        self.displayName = displayName
        self.color = color
        self.ctag = ctag
        self.supportsSyncCollection = supportsSyncCollection
        self.isWritable = isWritable
        self.components = components
    }
}

/// What changed in a collection since a sync token: members new or changed (with their ETags),
/// and members removed; with the token to ask from next time.
public struct CollectionChanges: Sendable {
    public var changed: [(href: String, etag: String?)]
    public var removed: [String]
    public var syncToken: String?

    public init(changed: [(href: String, etag: String?)], removed: [String], syncToken: String?) {
        self.changed = changed
        self.removed = removed
        self.syncToken = syncToken
    }
}

/// A member as fetched: its ETag and text, or the status the server gave instead.
public struct FetchedItem: Sendable {
    public var href: String
    public var etag: String?
    public var text: String?
    public var status: Int?

    public init(href: String, etag: String?, text: String?, status: Int?) {
        self.href = href
        self.etag = etag
        self.text = text
        self.status = status
    }
}

/// How a PUT or DELETE is conditioned on what the server holds.
public enum Precondition: Sendable {
    /// Only when the item is (still) this version: no lost updates.
    case ifMatch(String)
    /// Only when there is no item there yet: no overwriting another client's new item.
    case ifNoneMatch
    case none
}
