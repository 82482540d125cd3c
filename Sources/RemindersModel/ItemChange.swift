/// One change in the store's history (issue 38): a reminder, a list, an event or an event
/// calendar made, changed, completed, moved, removed or restored, by whom and when, with what the
/// item was before — so that it can be undone. A list's removal carries its reminders' removals as
/// its parts, a calendar's its events', a series' its detached occurrences'.
public struct ItemChange: Equatable, Sendable {
    public enum Action: String, Sendable, CaseIterable {
        case created, changed, completed, moved, removed, restored
    }

    public enum Kind: String, Sendable, CaseIterable {
        case reminder, list, event, calendar

        /// The kind of calendar item (or of calendar) the change is of: what authorization grants.
        public var entityType: EntityType { self == .reminder || self == .list ? .reminder : .event }
    }

    /// The item as it was before the change: nil for one made by it.
    public enum Before: Equatable, Sendable {
        case reminder(Reminder)
        case list(ItemCalendar)
        case event(Event)
    }

    public var changeIdentifier: String
    public var date: Timestamp
    /// Who made it, as authorization knows them: the client's name and its program; a sync names
    /// its account (`account`).
    public var client: String
    public var program: String
    public var account: String?
    public var action: Action
    public var kind: Kind
    public var itemIdentifier: String
    public var title: String
    /// The list the item is in after the change (before it, for a removal); a list's own identifier for a list.
    public var calendarIdentifier: String?
    /// The list a move took the item out of (nil when it stayed where it was).
    public var fromCalendarIdentifier: String?
    /// The change this one undid.
    public var undoes: String?
    /// The change this one is part of: a reminder removed with its list or its parent, an event
    /// with its calendar or its series.
    public var partOf: String?
    /// The first change of its undo group: the changes one commit (or one undo) made together —
    /// completing a repeating reminder, a move with its subtasks, a span's change of a series —
    /// which an undo undoes together. Its own identifier when it is the first, or alone.
    public var undoGroup: String
    public var before: Before?

    public init(
        changeIdentifier: String, date: Timestamp, client: String, program: String, account: String? = nil, action: Action,
        kind: Kind, itemIdentifier: String, title: String, calendarIdentifier: String? = nil, undoes: String? = nil,
        partOf: String? = nil, undoGroup: String? = nil, fromCalendarIdentifier: String? = nil, before: Before? = nil
    ) {
        self.changeIdentifier = changeIdentifier
        self.date = date
        self.client = client
        self.program = program
        self.account = account
        self.action = action
        self.kind = kind
        self.itemIdentifier = itemIdentifier
        self.title = title
        self.calendarIdentifier = calendarIdentifier
        self.fromCalendarIdentifier = fromCalendarIdentifier
        self.undoes = undoes
        self.partOf = partOf
        self.undoGroup = undoGroup ?? changeIdentifier
        self.before = before
    }

    /// Whether the change lies within `calendars` — for a move, both the list it left and the one
    /// it went to: a client granted chosen lists sees (and undoes) only such changes.
    public func lies(within calendars: Set<String>) -> Bool {
        calendars.contains(calendarIdentifier ?? "") && (fromCalendarIdentifier.map(calendars.contains) ?? true)
    }
}

/// Who makes the changes a store connection writes (`CalendarStore.author`).
public struct ChangeAuthor: Hashable, Sendable {
    public var client: String
    public var program: String
    /// The account a sync writes for.
    public var account: String?

    public init(client: String, program: String, account: String? = nil) {
        self.client = client
        self.program = program
        self.account = account
    }
}

/// A page of the history, newest first, and where the next one starts.
public struct ChangesPage: Equatable, Sendable {
    public var changes: [ItemChange]
    public var nextCursor: String?

    public init(changes: [ItemChange], nextCursor: String?) {
        self.changes = changes
        self.nextCursor = nextCursor
    }
}

/// What a history query asks for.
public struct ChangesFilter: Equatable, Sendable {
    public var client: String?
    public var itemIdentifier: String?
    public var since: Timestamp?
    public var until: Timestamp?
    /// Only changes older than this one (a page's cursor).
    public var before: Int64?
    /// Only changes of these kinds (those of the entity types a client may see); nil: all.
    public var kinds: Set<ItemChange.Kind>?
    /// Only changes of items in these calendars (a client granted chosen lists) — a move, only
    /// when it left one of them too; nil: all.
    public var calendars: Set<String>?
    /// Only changes made by this program (with `client`: a write-only client's own changes are
    /// those of its name and its program, as its grant is); nil: any.
    public var program: String?
    public var limit: Int

    public init(
        client: String? = nil, itemIdentifier: String? = nil, since: Timestamp? = nil, until: Timestamp? = nil,
        before: Int64? = nil, kinds: Set<ItemChange.Kind>? = nil, limit: Int = 50
    ) {
        self.client = client
        self.itemIdentifier = itemIdentifier
        self.since = since
        self.until = until
        self.before = before
        self.kinds = kinds
        self.limit = limit
    }
}
