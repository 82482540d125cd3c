import RemindersCSQLite
import RemindersModel

/// What a watcher of the store asks of it (`StoreObserver`, over a read-only connection): whether
/// anyone committed, and whether what changed is news to a client.
extension CalendarStore {
    /// Changes when another connection commits (`PRAGMA data_version`): costs no table access, and
    /// is asked outside any transaction, so a watcher's poll is one statement, not three.
    func dataVersion() throws(StoreError) -> Int64 {
        try setupSQLite { () throws(SQLiteError) in try self.database.scalar("PRAGMA data_version")?.integer ?? 0 }
    }

    /// The calendars of each entity type `client` run by `program` was granted, for the kinds it
    /// was granted chosen ones of (issue 39); empty for a client granted everything. A calendar
    /// removed since stays in it: its removal is news to the client.
    public func grantedCalendars(client: String, program: String) throws(StoreError) -> [EntityType: Set<String>] {
        let sql = """
            SELECT a.entity_type, s.calendar FROM authorizations a
            LEFT JOIN authorization_scopes s ON s.client = a.client AND s.entity_type = a.entity_type AND s.program = a.program
            WHERE a.client = ?1 AND a.scoped = 1 AND a.status != 'notDetermined' AND a.program = (
                SELECT b.program FROM authorizations b
                WHERE b.client = ?1 AND b.entity_type = a.entity_type AND b.program IN (?2, '*') AND b.status != 'notDetermined'
                ORDER BY b.program = '*' LIMIT 1)
            """
        return try sqlite { () throws(SQLiteError) in
            let statement = try self.database.statement(sql)
            defer { statement.reset() }
            try statement.bind([.text(client), .text(program)])
            var scopes: [EntityType: Set<String>] = [:]
            while try statement.step() {
                guard let entityType = EntityType(rawValue: statement.text(0) ?? "") else { continue }
                scopes[entityType, default: []].formUnion(statement.text(1).map { [$0] } ?? [])
            }
            return scopes
        }
    }

    /// The newest change in the history, and whether one after `mark` is of a kind in `kinds` (those
    /// of the entity types its client has access to) and, for a kind in `scopes`, of an item in or
    /// out of a calendar its client sees — a move out of one is news to it too. When the history
    /// was trimmed past `mark`, it cannot say: seen.
    public func changes(
        after mark: Int64, heardBy kinds: Set<EntityType>, within scopes: [EntityType: Set<String>]
    ) throws(StoreError) -> (newest: Int64, seen: Bool) {
        try sqlite { () throws(SQLiteError) in
            let statement = try self.database.statement("SELECT id, kind, calendar, from_calendar FROM changes WHERE id > ? ORDER BY id")
            defer { statement.reset() }
            try statement.bind([.integer(mark)])
            var newest = mark, seen = false
            while try statement.step() {
                if newest == mark, statement.int64(0) != mark + 1 { seen = true }  // a gap: trimmed
                newest = statement.int64(0)
                guard !seen, let kind = ItemChange.Kind(rawValue: statement.text(1) ?? ""), kinds.contains(kind.entityType) else { continue }
                guard let scope = scopes[kind.entityType] else {
                    seen = true
                    continue
                }
                seen = scope.contains(statement.text(2) ?? "") || statement.text(3).map(scope.contains) == true
            }
            return (newest, seen)
        }
    }

    /// What the history says changed after `mark`: the newest change, the calendars whose items
    /// (or which) changed, and the reminder lists that themselves did (made, changed, removed).
    /// nil when it cannot say: the history was trimmed past `mark`.
    public func changedCalendars(after mark: Int64) throws(StoreError) -> (newest: Int64, calendars: Set<String>, lists: Set<String>)? {
        try sqlite { () throws(SQLiteError) -> (newest: Int64, calendars: Set<String>, lists: Set<String>)? in
            // The calendar a move left too: an item moved out of a list changed that list.
            let statement = try self.database.statement("SELECT id, kind, calendar, from_calendar FROM changes WHERE id > ? ORDER BY id")
            defer { statement.reset() }
            try statement.bind([.integer(mark)])
            var newest = mark, calendars = Set<String>(), lists = Set<String>()
            var expected = mark + 1
            while try statement.step() {
                newest = statement.int64(0)
                // Numbers are given in order and only trimmed from the oldest: a gap means trimmed.
                guard newest == expected else { return nil }
                expected += 1
                if let calendar = statement.text(2) { calendars.insert(calendar) }
                if let left = statement.text(3) { calendars.insert(left) }
                if statement.text(1) == ItemChange.Kind.list.rawValue, let list = statement.text(2) { lists.insert(list) }
            }
            return (newest, calendars, lists)
        }
    }

    /// The newest change in the history (0 for none).
    public func newestChange() throws(StoreError) -> Int64 {
        try sqlite { () throws(SQLiteError) in try self.database.scalar("SELECT max(id) FROM changes")?.integer ?? 0 }
    }

    /// Whether `client` run by `program` sees the reminder or event `item`: always, unless its
    /// deciding grant is for chosen lists that do not hold it (issue 39).
    public func sees(item: String, entityType: EntityType, client: String, program: String) throws(StoreError) -> Bool {
        let table = entityType == .reminder ? "reminders" : "events"
        let sql = Self.decidingGrant(
            """
            scoped = 0 OR EXISTS (
                SELECT 1 FROM authorization_scopes s
                WHERE s.client = authorizations.client AND s.entity_type = authorizations.entity_type
                    AND s.program = authorizations.program AND s.calendar = (SELECT calendar FROM \(table) WHERE identifier = ?4))
            """)
        return try sqlite { () throws(SQLiteError) in
            try self.database.scalar(sql, .text(client), .text(entityType.rawValue), .text(program), .text(item))?.integer == 1
        }
    }

    /// Where the history stands: its last change (0 for none). The CalDAV face's sync token and
    /// ctag, for every collection alike: read from the table's last row, it costs nothing to keep —
    /// a point per calendar needed an index on every change, 12% of a durable save's time — and a
    /// client asking with it is told what changed in its collection since (`itemsChanged`), which
    /// is nothing when the change was elsewhere.
    public func syncPoint() throws(StoreError) -> Int64 {
        try sqlite { () throws(SQLiteError) in try self.database.scalar("SELECT MAX(id) FROM changes")?.integer ?? 0 }
    }

    /// The items (reminders, events) changed in or moved out of the calendar `identifier` after the
    /// point `mark`, least recently changed first; nil when the history no longer reaches back to
    /// `mark` (pruned since), so what changed since then cannot be told. Reads only the changes
    /// after `mark` (by their number, the table's key).
    public func itemsChanged(inCalendar identifier: String, after mark: Int64) throws(StoreError) -> [String]? {
        try sqlite { () throws(SQLiteError) in
            guard mark >= (try self.oldestKnownPoint()) else { return nil }
            let statement = try self.database.statement(
                """
                SELECT item FROM changes WHERE id > ?2 AND (calendar = ?1 OR from_calendar = ?1) AND kind IN ('reminder', 'event')
                GROUP BY item ORDER BY MAX(id)
                """)
            defer { statement.reset() }
            try statement.bind([.text(identifier), .integer(mark)])
            var items: [String] = []
            while try statement.step() { items.append(statement.text(0) ?? "") }
            return items
        }
    }

    /// The point before the oldest change kept: everything after it is in the history.
    private func oldestKnownPoint() throws(SQLiteError) -> Int64 {
        max(0, (try database.scalar("SELECT MIN(id) FROM changes")?.integer ?? 1) - 1)
    }
}
