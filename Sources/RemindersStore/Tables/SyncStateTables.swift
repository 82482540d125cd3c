import RemindersModel

/// A calendar synced with a CalDAV collection, and what the last sync saw of the collection. A
/// collection holding both to-dos and events is two of these: a reminder list and an event calendar.
public struct SyncedCollection: Equatable, Sendable {
    public var calendarIdentifier: String
    public var account: String
    /// What the calendar holds, and so which of the collection's members it syncs.
    public var entityType: EntityType
    /// nil until the collection is made on the server (a list created here in the account).
    public var href: String?
    public var syncToken: String?
    public var ctag: String?
    /// The collection's name and colour as last synced: a list's title that differs was renamed here.
    public var title: String?
    public var color: String?

    public init(
        calendarIdentifier: String, account: String, entityType: EntityType = .reminder, href: String?, syncToken: String? = nil,
        ctag: String? = nil, title: String? = nil, color: String? = nil
    ) {
        self.calendarIdentifier = calendarIdentifier
        self.account = account
        self.entityType = entityType
        self.href = href
        self.syncToken = syncToken
        self.ctag = ctag
        self.title = title
        self.color = color
    }
}

/// A member of a synced collection, as last synced. `itemIdentifier` is nil when its reminder or
/// event was removed here since (the item is then its tombstone, until the sync removes it there).
public struct SyncedItem: Equatable, Sendable {
    public enum Kind: String, Sendable {
        /// A reminder of this list.
        case reminder
        /// An event (a series, with its detached occurrences) of this calendar.
        case event
        /// Not of the calendar's kind (an event in a list, an item that does not parse): left
        /// alone, fetched again only when its ETag changes.
        case ignored
    }

    public var href: String
    public var etag: String?
    /// The reminder's `calendarItemIdentifier` or the event's `eventIdentifier`.
    public var itemIdentifier: String?
    public var kind: Kind
    /// The item's `lastModifiedDate` when it was last synced: a later one was changed here.
    public var syncedModified: Timestamp?
    /// The parent (UID) the server's item names, while no reminder of the list has that UID: a
    /// subtask that came before its parent is linked when the parent comes (a phone uploads one
    /// item at a time), and until then is written back naming it.
    public var parentUID: String?

    public init(href: String, etag: String?, itemIdentifier: String?, kind: Kind, syncedModified: Timestamp?, parentUID: String? = nil) {
        self.href = href
        self.etag = etag
        self.itemIdentifier = itemIdentifier
        self.kind = kind
        self.syncedModified = syncedModified
        self.parentUID = parentUID
    }
}

extension CalendarStore {
    public func syncedCollections(account: String) throws(StoreError) -> [SyncedCollection] {
        try read { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                let statement = try self.database.statement(
                    """
                    SELECT s.calendar, s.account, s.entity_type, s.href, s.sync_token, s.ctag, s.title, s.color
                    FROM sync_collections s JOIN calendars c ON c.identifier = s.calendar WHERE s.account = ? ORDER BY c.creation_date
                    """)
                defer { statement.reset() }
                try statement.bind([.text(account)])
                var collections: [SyncedCollection] = []
                while try statement.step() {
                    var row = Row<SyncedCollectionColumn>(statement)
                    row.name = try row.text(.calendar)
                    collections.append(
                        SyncedCollection(
                            calendarIdentifier: row.name, account: try row.text(.account),
                            entityType: try row.parsed(.entityType, as: "an entity type", EntityType.init(rawValue:)) ?? .reminder,
                            href: try row.optionalText(.href), syncToken: try row.optionalText(.syncToken),
                            ctag: try row.optionalText(.ctag), title: try row.optionalText(.title), color: try row.optionalText(.color)))
                }
                return collections
            }
        }
    }

    /// A new calendar (of the collection's entity type) for a collection found on the server.
    public func addSyncedCollection(_ collection: SyncedCollection, list: ItemCalendar, now: Timestamp) throws(StoreError) {
        try write { () throws(StoreError) in
            guard let source = try self.sqlite({ () throws(SQLiteError) in try self.accountSource(collection.account) }) else {
                throw .notFound(kind: "account", identifier: collection.account)
            }
            var list = list
            list.type = .calDAV
            list.entityType = collection.entityType
            try self.insertCalendar(list, creationDate: now, source: source)
            try self.saveSyncedCollection(collection)
        }
    }

    public func saveSyncedCollection(_ collection: SyncedCollection) throws(StoreError) {
        try write { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                // An upsert, not INSERT OR REPLACE: replacing deletes the row, and the delete would cascade to its items.
                try self.database.run(
                    """
                    INSERT INTO sync_collections (calendar, account, entity_type, href, sync_token, ctag, title, color) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (calendar) DO UPDATE SET account = excluded.account, href = excluded.href, sync_token = excluded.sync_token,
                        ctag = excluded.ctag, title = excluded.title, color = excluded.color
                    """, .text(collection.calendarIdentifier), .text(collection.account), .text(collection.entityType.rawValue),
                    collection.href.sql, collection.syncToken.sql,
                    collection.ctag.sql, collection.title.sql, collection.color.sql)
            }
        }
    }

    public func syncedItems(calendar: String) throws(StoreError) -> [SyncedItem] {
        try read { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                let statement = try self.database.statement(
                    "SELECT href, etag, coalesce(reminder, event), kind, synced_modified, parent_uid FROM sync_items WHERE calendar = ? ORDER BY href"
                )
                defer { statement.reset() }
                try statement.bind([.text(calendar)])
                var items: [SyncedItem] = []
                while try statement.step() {
                    var row = Row<SyncedItemColumn>(statement)
                    row.name = try row.text(.href)
                    guard let kind = try row.parsed(.kind, as: "a kind of item", SyncedItem.Kind.init(rawValue:)) else {
                        throw row.corrupt(.kind, "is empty (NULL)")
                    }
                    items.append(
                        SyncedItem(
                            href: row.name, etag: try row.optionalText(.etag), itemIdentifier: try row.optionalText(.item), kind: kind,
                            syncedModified: try row.optionalInteger(.syncedModified).map(Timestamp.init(milliseconds:)),
                            parentUID: try row.optionalText(.parentUID)))
                }
                return items
            }
        }
    }

    /// Whether the collection is two calendars here (a list and an event calendar).
    public func collectionIsShared(_ collection: SyncedCollection) throws(StoreError) -> Bool {
        guard let href = collection.href else { return false }
        return try read { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                let statement = try self.database.statement("SELECT 1 FROM sync_collections WHERE account = ? AND href = ? AND calendar != ?")
                defer { statement.reset() }
                try statement.bind([.text(collection.account), .text(href), .text(collection.calendarIdentifier)])
                return try statement.step()
            }
        }
    }

    /// A member written by one calendar of a collection that is two here (a list and an event
    /// calendar: an object with both a VTODO and a VEVENT) is the other's new version too, where
    /// the other had synced the version written over: its ETag and kept object move on with it, so
    /// its next sync neither fetches it back nor takes the change for a conflict.
    public func shareWrittenMember(
        href: String, text: String, etag: String?, over previous: String?, collection: SyncedCollection
    ) throws(StoreError) {
        guard let previous, let collectionHref = collection.href else { return }
        try write { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                let statement = try self.database.statement(
                    """
                    SELECT i.calendar, i.reminder, i.event FROM sync_items i JOIN sync_collections c ON c.calendar = i.calendar
                    WHERE c.account = ? AND c.href = ? AND c.calendar != ? AND i.href = ? AND i.etag = ?
                    """)
                try statement.bind([
                    .text(collection.account), .text(collectionHref), .text(collection.calendarIdentifier), .text(href), .text(previous),
                ])
                var siblings: [(calendar: String, reminder: String?, event: String?)] = []
                while try statement.step() { siblings.append((statement.text(0) ?? "", statement.text(1), statement.text(2))) }
                statement.reset()
                for sibling in siblings {
                    try self.database.run(
                        "UPDATE sync_items SET etag = ? WHERE calendar = ? AND href = ?", etag.sql, .text(sibling.calendar), .text(href))
                    if let reminder = sibling.reminder { try self.setCalendarObject(text, reminder: reminder, syncedAs: href) }
                    if let event = sibling.event {
                        try self.database.run("INSERT OR REPLACE INTO event_icalendar (event, text) VALUES (?, ?)", .text(event), .text(text))
                    }
                }
            }
        }
    }

    public func saveSyncedItem(_ item: SyncedItem, calendar: String) throws(StoreError) {
        try write { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                try self.database.run(
                    """
                    INSERT OR REPLACE INTO sync_items (calendar, href, etag, reminder, event, kind, synced_modified, parent_uid)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """, .text(calendar), .text(item.href), item.etag.sql, (item.kind == .reminder ? item.itemIdentifier : nil).sql,
                    (item.kind == .event ? item.itemIdentifier : nil).sql, .text(item.kind.rawValue),
                    (item.syncedModified?.milliseconds).sql, item.parentUID.sql)
            }
        }
    }

    public func removeSyncedItem(href: String, calendar: String) throws(StoreError) {
        try write { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                try self.database.run("DELETE FROM sync_items WHERE calendar = ? AND href = ?", .text(calendar), .text(href))
            }
        }
    }

    /// A list whose collection went from the server: removed with its reminders, or — when it
    /// holds changes not yet synced — kept as a local list, so nothing made here is lost.
    public func dropSyncedCollection(calendar: String, keepingAsLocal: Bool) throws(StoreError) {
        try write { () throws(StoreError) in
            let entityType = try self.calendar(identifier: calendar)?.entityType ?? .reminder
            let count = try self.calendarCount(for: entityType)
            if keepingAsLocal || count <= 1 {
                try self.sqlite { () throws(SQLiteError) in
                    let local = try self.database.scalar("SELECT identifier FROM sources WHERE type = 'local' ORDER BY rowid LIMIT 1")?.text ?? ""
                    try self.database.run("UPDATE calendars SET type = 'local', source = ? WHERE identifier = ?", .text(local), .text(calendar))
                    try self.database.run("DELETE FROM sync_collections WHERE calendar = ?", .text(calendar))
                }
                self.listCache = ListCache()
            } else {
                _ = try self.deleteCalendar(identifier: calendar)
                try self.storeDefaultCalendar()
            }
        }
    }
}

extension CalendarStore {
    /// A synced list's title, colour and writability as the server has them.
    public func updateSyncedList(_ calendar: ItemCalendar) throws(StoreError) {
        try write { () throws(StoreError) in
            try self.updateCalendar(calendar)
            try self.storeDefaultCalendar()
        }
    }
}

/// A collection whose list was removed here: the sync removes it on the server too, unless it
/// changed there since (its token or ctag moved), when it comes back as a list instead.
public struct RemovedCollection: Equatable, Sendable {
    public var href: String
    public var syncToken: String?
    public var ctag: String?
}

extension CalendarStore {
    /// Called inside the write that removes a list: a synced list leaves its collection's tombstone.
    func rememberRemovedCollection(calendar: String) throws(StoreError) {
        try sqlite { () throws(SQLiteError) in
            try self.database.run(
                """
                INSERT OR REPLACE INTO sync_removed_collections (account, href, sync_token, ctag)
                SELECT account, href, sync_token, ctag FROM sync_collections WHERE calendar = ? AND href IS NOT NULL
                """, .text(calendar))
        }
    }

    public func removedCollections(account: String) throws(StoreError) -> [RemovedCollection] {
        try read { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                let statement = try self.database.statement(
                    "SELECT href, sync_token, ctag FROM sync_removed_collections WHERE account = ? ORDER BY href")
                defer { statement.reset() }
                try statement.bind([.text(account)])
                var removed: [RemovedCollection] = []
                while try statement.step() {
                    removed.append(RemovedCollection(href: statement.text(0) ?? "", syncToken: statement.text(1), ctag: statement.text(2)))
                }
                return removed
            }
        }
    }

    /// The tombstone is done with: the collection went there too, or came back here.
    public func forgetRemovedCollection(href: String, account: String) throws(StoreError) {
        try write { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                try self.database.run("DELETE FROM sync_removed_collections WHERE account = ? AND href = ?", .text(account), .text(href))
            }
        }
    }
}

/// The columns `syncedCollections` reads, in its order.
enum SyncedCollectionColumn: Int32, TableColumns {
    static let table = "sync_collections"
    case calendar, account, entityType, href, syncToken, ctag, title, color

    var name: String {
        switch self {
        case .calendar: return "calendar"
        case .account: return "account"
        case .entityType: return "entity_type"
        case .href: return "href"
        case .syncToken: return "sync_token"
        case .ctag: return "ctag"
        case .title: return "title"
        case .color: return "color"
        }
    }
}

/// The columns `syncedItems` reads, in its order (`item`: the reminder's or the event's identifier).
enum SyncedItemColumn: Int32, TableColumns {
    static let table = "sync_items"
    case href, etag, item, kind, syncedModified, parentUID

    var name: String {
        switch self {
        case .href: return "href"
        case .etag: return "etag"
        case .item: return "reminder"
        case .kind: return "kind"
        case .syncedModified: return "synced_modified"
        case .parentUID: return "parent_uid"
        }
    }
}
