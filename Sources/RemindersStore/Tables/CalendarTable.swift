import Foundation
import RemindersModel

/// Calendars — reminder lists and event calendars — and the default of each kind.
extension CalendarStore {
    /// A list with, for a synced one, its account and collection (`CalendarColumn`'s order).
    private static let calendarSelect = """
        SELECT c.identifier, c.title, c.color, c.type, c.allows_modifications, s.account, s.href, a.url, c.entity_type
        FROM calendars c LEFT JOIN sync_collections s ON s.calendar = c.identifier LEFT JOIN accounts a ON a.name = s.account
        """

    /// The calendars of one kind, oldest first.
    public func calendars(for entityType: EntityType = .reminder) throws(StoreError) -> [ItemCalendar] {
        try sqlite { () throws(SQLiteError) in
            let defaultIdentifier = try self.defaultCalendarIdentifier(for: entityType)
            let statement = try self.database.statement(Self.calendarSelect + " WHERE c.entity_type = ? ORDER BY c.creation_date, c.identifier")
            defer { statement.reset() }
            try statement.bind([.text(entityType.rawValue)])
            var calendars: [ItemCalendar] = []
            while try statement.step() { calendars.append(try Self.calendar(from: statement, defaultIdentifier: defaultIdentifier)) }
            return calendars
        }
    }

    public func calendar(identifier: String) throws(StoreError) -> ItemCalendar? {
        if isInTransaction, let cached = listCache.calendars[identifier] { return cached }
        let calendar = try sqlite { () throws(SQLiteError) -> ItemCalendar? in
            let statement = try self.database.statement(Self.calendarSelect + " WHERE c.identifier = ?")
            defer { statement.reset() }
            try statement.bind([.text(identifier)])
            guard try statement.step() else { return nil }
            var calendar = try Self.calendar(from: statement, defaultIdentifier: nil)
            calendar.isDefault = calendar.calendarIdentifier == (try self.defaultCalendarIdentifier(for: calendar.entityType))
            return calendar
        }
        if isInTransaction { listCache.calendars[identifier] = .some(calendar) }
        return calendar
    }

    /// The list new reminders go to when they name none: always one that takes new reminders.
    /// That is the chosen default while it is writable, else the oldest writable list; nil when
    /// every list is read-only (EventKit's `defaultCalendarForNewReminders()` is optional too).
    public func defaultCalendar(for entityType: EntityType = .reminder) throws(StoreError) -> ItemCalendar? {
        guard let identifier = try sqlite({ () throws(SQLiteError) in try self.defaultCalendarIdentifier(for: entityType) }) else { return nil }
        return try calendar(identifier: identifier)
    }

    /// Records the list `defaultCalendar()` chose, after a change that may have moved it (the
    /// default list removed or made read-only), so that it stays put when the old one comes back.
    func storeDefaultCalendar() throws(StoreError) {
        for entityType in EntityType.allCases {
            let identifier = try sqlite { () throws(SQLiteError) in try self.defaultCalendarIdentifier(for: entityType) }
            if let identifier { try setDefaultCalendar(identifier, for: entityType) }
        }
    }

    /// `source`: the identifier of the account's source for a synced list; nil: the local source.
    func insertCalendar(_ calendar: ItemCalendar, creationDate: Timestamp, source: String? = nil) throws(StoreError) {
        listCache = ListCache()
        try sqlite { () throws(SQLiteError) in
            var owner = source
            if owner == nil {
                owner = try self.database.scalar("SELECT identifier FROM sources WHERE type = 'local' ORDER BY rowid LIMIT 1")?.text ?? ""
            }
            try self.database.run(
                """
                INSERT INTO calendars (identifier, source, title, color, type, allows_modifications, creation_date, entity_type)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, .text(calendar.calendarIdentifier), .text(owner ?? ""), .text(calendar.title), .text(calendar.color),
                .text(calendar.type.rawValue), .integer(calendar.allowsContentModifications ? 1 : 0), .integer(creationDate.milliseconds),
                .text(calendar.entityType.rawValue))
            try self.recordCalendarInsert(calendar)
        }
    }

    func updateCalendar(_ calendar: ItemCalendar) throws(StoreError) {
        listCache = ListCache()
        try sqlite { () throws(SQLiteError) in
            try self.recordCalendarUpdate(calendar)
            try self.database.run(
                "UPDATE calendars SET title = ?, color = ?, allows_modifications = ? WHERE identifier = ?",
                .text(calendar.title), .text(calendar.color), .integer(calendar.allowsContentModifications ? 1 : 0),
                .text(calendar.calendarIdentifier))
        }
    }

    /// Removes a calendar and (by cascade) its reminders and their alarms. Returns how many reminders went with it.
    func deleteCalendar(identifier: String) throws(StoreError) -> Int {
        listCache = ListCache()
        return try sqlite { () throws(SQLiteError) in
            let count = try self.database.scalar("SELECT count(*) FROM reminders WHERE calendar = ?", .text(identifier))?.integer ?? 0
            try self.writeFullTextBacklog()
            try self.recordCalendarRemoval(identifier: identifier)
            try self.database.run("DELETE FROM calendars WHERE identifier = ?", .text(identifier))
            return Int(count)
        }
    }

    func calendarCount(for entityType: EntityType = .reminder) throws(StoreError) -> Int {
        try sqlite { () throws(SQLiteError) in
            Int(try self.database.scalar("SELECT count(*) FROM calendars WHERE entity_type = ?", .text(entityType.rawValue))?.integer ?? 0)
        }
    }

    func setDefaultCalendar(_ identifier: String, for entityType: EntityType = .reminder) throws(StoreError) {
        listCache = ListCache()
        try sqlite { () throws(SQLiteError) in
            try self.database.run("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", .text(Self.defaultKey(entityType)), .text(identifier))
        }
    }

    private static func defaultKey(_ entityType: EntityType) -> String { entityType == .reminder ? "defaultCalendar" : "defaultEventCalendar" }

    /// The chosen default of the kind while it exists and is writable, else the oldest writable one.
    private func defaultCalendarIdentifier(for entityType: EntityType = .reminder) throws(SQLiteError) -> String? {
        if isInTransaction, let cached = listCache.defaultIdentifiers[entityType] { return cached }
        let identifier = try database.scalar(
            """
            SELECT identifier FROM calendars WHERE allows_modifications = 1 AND entity_type = ?
            ORDER BY identifier = (SELECT value FROM settings WHERE key = ?) DESC, creation_date, identifier
            LIMIT 1
            """, .text(entityType.rawValue), .text(Self.defaultKey(entityType)))?.text
        if isInTransaction { listCache.defaultIdentifiers[entityType] = .some(identifier) }
        return identifier
    }

    private static func calendar(from statement: Statement, defaultIdentifier: String?) throws(SQLiteError) -> ItemCalendar {
        var row = Row<CalendarColumn>(statement)
        let identifier = try row.text(.identifier)
        row.name = identifier
        var source: CalendarSource?
        if let account = try row.optionalText(.account) {
            let base = try row.optionalText(.accountURL).flatMap { URL(string: $0) }
            source = CalendarSource(
                account: account,
                url: try row.optionalText(.href).map { href in
                    base.flatMap { URL(string: href, relativeTo: $0)?.absoluteString } ?? href
                })
        }
        return ItemCalendar(
            calendarIdentifier: identifier, title: try row.text(.title), color: try row.text(.color),
            type: try row.parsed(.type, as: "a calendar type", CalendarType.init(rawValue:)) ?? .local,
            allowsContentModifications: try row.integer(.allowsModifications) != 0, isDefault: identifier == defaultIdentifier,
            source: source, entityType: try row.parsed(.entityType, as: "an entity type", EntityType.init(rawValue:)) ?? .reminder)
    }
}

/// The columns `calendarSelect` reads, in its order.
enum CalendarColumn: Int32, TableColumns {
    static let table = "calendars"

    case identifier, title, color, type, allowsModifications, account, href, accountURL, entityType

    var name: String {
        switch self {
        case .identifier: return "identifier"
        case .title: return "title"
        case .color: return "color"
        case .type: return "type"
        case .allowsModifications: return "allows_modifications"
        case .account: return "account"
        case .href: return "href"
        case .accountURL: return "url"
        case .entityType: return "entity_type"
        }
    }
}
