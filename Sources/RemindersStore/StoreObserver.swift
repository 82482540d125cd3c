import RemindersCSQLite
import Foundation
import RemindersModel

/// A second, read-only connection to a store that notices commits by anyone, this process included.
///
/// `PRAGMA data_version` changes when another connection commits, and costs no table access, so a
/// watcher can ask it often without touching the data until something really changed. Every read
/// throws what went wrong (`StoreError`): the watchers decide what a failed look means for their
/// client — none of them takes it for an answer.
public final class StoreObserver {
    let database: Database
    private let path: String
    private var lastVersion: Int64 = 0

    public init(path: String) throws(StoreError) {
        self.path = path
        do {
            database = try Database(path: path, flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, busyTimeoutMilliseconds: 1000)
            lastVersion = try database.scalar("PRAGMA data_version")?.integer ?? 0
        } catch {
            throw StoreError.from(error, path: path)
        }
    }

    /// A read, its failure the store's error.
    func reading<T>(_ body: () throws(SQLiteError) -> T) throws(StoreError) -> T {
        do { return try body() } catch { throw StoreError.from(error, path: path) }
    }

    /// True when someone committed since the last call.
    public func hasChanged() throws(StoreError) -> Bool {
        let version = try reading { () throws(SQLiteError) in try database.scalar("PRAGMA data_version")?.integer ?? 0 }
        defer { lastVersion = version }
        return version != lastVersion
    }

    /// The status `client` run by `program` has (no decision is `notDetermined`).
    public func authorizationStatus(client: String, program: String, entityType: EntityType) throws(StoreError) -> AuthorizationStatus {
        let row = try reading { () throws(SQLiteError) in
            try database.scalar(CalendarStore.statusQuery, .text(client), .text(entityType.rawValue), .text(program))
        }
        return row?.text.flatMap(AuthorizationStatus.init(rawValue:)) ?? .notDetermined
    }

    /// The calendars of each entity type `client` run by `program` was granted, for the kinds it
    /// was granted chosen ones of (issue 39); empty for a client granted everything.
    public func scopes(client: String, program: String) throws(StoreError) -> [EntityType: Set<String>] {
        let sql = """
            SELECT a.entity_type, s.calendar FROM authorizations a
            LEFT JOIN authorization_scopes s ON s.client = a.client AND s.entity_type = a.entity_type AND s.program = a.program
            WHERE a.client = ?1 AND a.scoped = 1 AND a.status != 'notDetermined' AND a.program = (
                SELECT b.program FROM authorizations b
                WHERE b.client = ?1 AND b.entity_type = a.entity_type AND b.program IN (?2, '*') AND b.status != 'notDetermined'
                ORDER BY b.program = '*' LIMIT 1)
            """
        return try reading { () throws(SQLiteError) in
            let statement = try database.statement(sql)
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
        try reading { () throws(SQLiteError) in
            let statement = try database.statement("SELECT id, kind, calendar, from_calendar FROM changes WHERE id > ? ORDER BY id")
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
        try reading { () throws(SQLiteError) -> (newest: Int64, calendars: Set<String>, lists: Set<String>)? in
            // The calendar a move left too: an item moved out of a list changed that list.
            let statement = try database.statement("SELECT id, kind, calendar, from_calendar FROM changes WHERE id > ? ORDER BY id")
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
        try reading { () throws(SQLiteError) in try database.scalar("SELECT max(id) FROM changes")?.integer ?? 0 }
    }

    /// Whether `client` run by `program` sees the reminder or event `item`: always, unless its
    /// deciding grant is for chosen lists that do not hold it (issue 39).
    public func sees(item: String, entityType: EntityType, client: String, program: String) throws(StoreError) -> Bool {
        let table = entityType == .reminder ? "reminders" : "events"
        let sql = CalendarStore.decidingGrant(
            """
            scoped = 0 OR EXISTS (
                SELECT 1 FROM authorization_scopes s
                WHERE s.client = authorizations.client AND s.entity_type = authorizations.entity_type
                    AND s.program = authorizations.program AND s.calendar = (SELECT calendar FROM \(table) WHERE identifier = ?4))
            """)
        let row = try reading { () throws(SQLiteError) in
            try database.scalar(sql, .text(client), .text(entityType.rawValue), .text(program), .text(item))
        }
        return row?.integer == 1
    }
}
