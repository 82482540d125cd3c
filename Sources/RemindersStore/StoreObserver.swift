import RemindersCSQLite
import Foundation
import RemindersModel

/// A second, read-only connection to a store that notices commits by anyone, this process included.
///
/// `PRAGMA data_version` changes when another connection commits, and costs no table access, so a
/// watcher can ask it often without touching the data until something really changed.
public final class StoreObserver {
    let database: Database
    private var lastVersion: Int64 = 0

    public init(path: String) throws(StoreError) {
        do {
            database = try Database(path: path, flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, busyTimeoutMilliseconds: 1000)
            lastVersion = try database.scalar("PRAGMA data_version")?.integer ?? 0
        } catch {
            throw StoreError.from(error, path: path)
        }
    }

    /// True when someone committed since the last call.
    public func hasChanged() -> Bool {
        guard let version = try? database.scalar("PRAGMA data_version")?.integer else { return false }
        defer { lastVersion = version }
        return version != lastVersion
    }

    public func authorizationStatus(client: String, program: String, entityType: EntityType) -> AuthorizationStatus? {
        // No row is an answer (notDetermined); only a failed read is none.
        let row: SQLValue?
        do {
            row = try database.scalar(CalendarStore.statusQuery, .text(client), .text(entityType.rawValue), .text(program))
        } catch {
            return nil
        }
        return row?.text.flatMap(AuthorizationStatus.init(rawValue:)) ?? .notDetermined
    }

    /// The calendars of each entity type `client` run by `program` was granted, for the kinds it
    /// was granted chosen ones of (issue 39); empty for a client granted everything.
    public func scopes(client: String, program: String) -> [EntityType: Set<String>] {
        let sql = """
            SELECT a.entity_type, s.calendar FROM authorizations a
            LEFT JOIN authorization_scopes s ON s.client = a.client AND s.entity_type = a.entity_type AND s.program = a.program
            WHERE a.client = ?1 AND a.scoped = 1 AND a.status != 'notDetermined' AND a.program = (
                SELECT b.program FROM authorizations b
                WHERE b.client = ?1 AND b.entity_type = a.entity_type AND b.program IN (?2, '*') AND b.status != 'notDetermined'
                ORDER BY b.program = '*' LIMIT 1)
            """
        guard let statement = try? database.statement(sql) else { return [:] }
        defer { statement.reset() }
        guard (try? statement.bind([.text(client), .text(program)])) != nil else { return [:] }
        var scopes: [EntityType: Set<String>] = [:]
        while (try? statement.step()) == true {
            guard let entityType = EntityType(rawValue: statement.text(0) ?? "") else { continue }
            scopes[entityType, default: []].formUnion(statement.text(1).map { [$0] } ?? [])
        }
        return scopes
    }

    /// The newest change in the history, and whether one after `mark` is of a kind in `kinds` (those
    /// of the entity types its client has access to) and, for a kind in `scopes`, of an item in or
    /// out of a calendar its client sees — a move out of one is news to it too. When the history
    /// was trimmed past `mark`, it cannot say: seen.
    public func changes(
        after mark: Int64, heardBy kinds: Set<EntityType>, within scopes: [EntityType: Set<String>]
    ) -> (newest: Int64, seen: Bool) {
        guard let statement = try? database.statement("SELECT id, kind, calendar, from_calendar FROM changes WHERE id > ? ORDER BY id")
        else { return (mark, true) }
        defer { statement.reset() }
        guard (try? statement.bind([.integer(mark)])) != nil else { return (mark, true) }
        var newest = mark, seen = false
        while (try? statement.step()) == true {
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

    /// What the history says changed after `mark`: the newest change, the calendars whose items
    /// (or which) changed, and the reminder lists that themselves did (made, changed, removed). nil when it cannot say —
    /// the history was trimmed past `mark`, or could not be read.
    public func changedCalendars(after mark: Int64) -> (newest: Int64, calendars: Set<String>, lists: Set<String>)? {
        // The calendar before a change too: an item moved out of a list changed that list.
        guard
            let statement = try? database.statement(
                """
                SELECT c.id, c.kind, c.calendar, coalesce(r.calendar, e.calendar) FROM changes c
                LEFT JOIN change_reminders r ON r.change = c.id LEFT JOIN change_events e ON e.change = c.id
                WHERE c.id > ? ORDER BY c.id
                """)
        else { return nil }
        defer { statement.reset() }
        guard (try? statement.bind([.integer(mark)])) != nil else { return nil }
        var newest = mark, calendars = Set<String>(), lists = Set<String>()
        var expected = mark + 1
        while (try? statement.step()) == true {
            newest = statement.int64(0)
            // Numbers are given in order and only trimmed from the oldest: a gap means trimmed.
            guard newest == expected else { return nil }
            expected += 1
            if let calendar = statement.text(2) { calendars.insert(calendar) }
            if let before = statement.text(3) { calendars.insert(before) }
            if statement.text(1) == ItemChange.Kind.list.rawValue, let list = statement.text(2) { lists.insert(list) }
        }
        return (newest, calendars, lists)
    }

    /// The newest change in the history (0 for none).
    public func newestChange() -> Int64 { (try? database.scalar("SELECT max(id) FROM changes")?.integer) ?? 0 }

    /// Whether `client` run by `program` sees the reminder or event `item`: always, unless its
    /// deciding grant is for chosen lists that do not hold it (issue 39). A failed read sees nothing.
    public func sees(item: String, entityType: EntityType, client: String, program: String) -> Bool {
        let table = entityType == .reminder ? "reminders" : "events"
        let sql = CalendarStore.decidingGrant(
            """
            scoped = 0 OR EXISTS (
                SELECT 1 FROM authorization_scopes s
                WHERE s.client = authorizations.client AND s.entity_type = authorizations.entity_type
                    AND s.program = authorizations.program AND s.calendar = (SELECT calendar FROM \(table) WHERE identifier = ?4))
            """)
        guard let row = try? database.scalar(sql, .text(client), .text(entityType.rawValue), .text(program), .text(item)) else { return false }
        return row.integer != 0
    }
}
