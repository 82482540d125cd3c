import Foundation

/// A calendar collection of the account, as its PROPFIND describes it.
public struct RemoteCollection: Equatable, Sendable {
    /// Canonical href (see `Href`), ending in `/`.
    public var href: String
    public var displayName: String?
    /// `#RRGGBB`, when the server has a colour (Apple's `calendar-color`, alpha dropped).
    public var color: String?
    public var ctag: String?
    public var syncToken: String?
    /// Whether the server let this account change the collection's content.
    public var isWritable: Bool

    public init(href: String, displayName: String? = nil, color: String? = nil, ctag: String? = nil, syncToken: String? = nil,
                isWritable: Bool = true) {
        self.href = href
        self.displayName = displayName
        self.color = color
        self.ctag = ctag
        self.syncToken = syncToken
        self.isWritable = isWritable
    }
}

/// What changed in a collection since a sync token: members new or changed (with their ETags),
/// and members removed; with the token to ask from next time.
public struct CollectionChanges: Sendable {
    public var changed: [(href: String, etag: String?)]
    public var removed: [String]
    public var syncToken: String?
}

/// A member as fetched: its ETag and text, or the status the server gave instead.
public struct FetchedItem: Sendable {
    public var href: String
    public var etag: String?
    public var text: String?
    public var status: Int?
}

/// How a PUT or DELETE is conditioned on what the server holds.
public enum Precondition: Sendable {
    /// Only when the item is (still) this version: no lost updates.
    case ifMatch(String)
    /// Only when there is no item there yet: no overwriting another client's new item.
    case ifNoneMatch
    case none
}
