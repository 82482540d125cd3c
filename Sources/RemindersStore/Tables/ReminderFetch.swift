import Foundation
import RemindersModel

/// Predicate fetches: SQL narrows by index, then EventKit's exact rules (which need the reader's
/// time zone for floating and all-day dates) decide, and the result is put in fetch order.
extension CalendarStore {
    /// Wall-clock offsets of real time zones lie within −12 h … +14 h; a margin beyond that is safe.
    private static let zoneMarginSeconds: Int64 = 15 * 3600

    /// The rows a search or a tag names, as one subquery: the words (or else the first tag) choose
    /// the rows, and each further tag is looked up for each of them — two lists intersected by
    /// SQLite would each be built in full first (20,000 rows for a common tag). The lookup goes by
    /// row through `reminder_tags_by_reminder`: an integer key and a row's few tags are cheaper
    /// than the primary key's text comparisons at every level (2.7 against 3.3 ms for 7,143 rows).
    /// nil when the words hold nothing searchable.
    private static func candidateRows(matching words: String?, tags: [String]) -> (sql: String, values: [SQLValue])? {
        var folded = tags.map(Tags.folded)
        var sql: String
        var values: [SQLValue]
        let row: String
        if let words {
            guard let match = FullTextQuery.match(words) else { return nil }
            (sql, values, row) = ("SELECT rowid FROM reminders_fts WHERE reminders_fts MATCH ?", [.text(match)], "reminders_fts.rowid")
        } else {
            (sql, values, row) = ("SELECT reminder FROM reminder_tags AS chosen WHERE folded = ?", [.text(folded.removeFirst())], "chosen.reminder")
        }
        for tag in folded {
            sql += " AND EXISTS (SELECT 1 FROM reminder_tags INDEXED BY reminder_tags_by_reminder WHERE reminder = \(row) AND folded = ?)"
            values.append(.text(tag))
        }
        return (sql, values)
    }

    /// Committed reminders matching `predicate` for a reader in `zone`, in fetch order.
    /// `shouldContinue` is polled while rows are read, so a long fetch can be abandoned.
    public func reminders(
        matching predicate: ReminderPredicate, in zone: TimeZone,
        shouldContinue: () -> Bool = { true }
    ) throws(StoreError) -> [Reminder] {
        Array(try reminders(matching: predicate, in: zone, after: nil, limit: nil, shouldContinue: shouldContinue).reminders)
    }

    /// One page of a fetch: at most `limit` reminders that come after `position` in fetch order.
    /// Paging by position rather than by offset means reminders added or removed between pages
    /// never make a page repeat or skip one.
    public func reminders(
        matching predicate: ReminderPredicate, in zone: TimeZone, after position: FetchPosition?, limit: Int?,
        order: FetchOrder = .dueDate, shouldContinue: () -> Bool = { true }
    ) throws(StoreError) -> FetchPage {
        var conditions: [String] = []
        var values: [SQLValue] = []
        switch predicate.kind {
        case .all: break
        case .incomplete: conditions.append("completed = 0")
        case .completed: conditions.append("completed = 1")
        }
        if let calendars = predicate.calendarIdentifiers {
            guard !calendars.isEmpty else { return FetchPage(matches: [], order: [], next: nil) }
            conditions.append("calendar IN (" + Array(repeating: "?", count: calendars.count).joined(separator: ", ") + ")")
            values += calendars.map(SQLValue.text)
        }
        if predicate.hasDueBounds {
            let start = predicate.dueDateStarting?.milliseconds ?? Int64.min / 2
            let end = predicate.dueDateEnding?.milliseconds ?? Int64.max / 2
            conditions.append("((due_at >= ? AND due_at < ?) OR (due_wall >= ? AND due_wall < ?))")
            values += [
                .integer(start), .integer(end),
                .integer(start / 1000 - Self.zoneMarginSeconds), .integer(end / 1000 + Self.zoneMarginSeconds),
            ]
        }
        if predicate.hasCompletionBounds {
            conditions.append("completion_date >= ? AND completion_date < ?")
            values += [
                .integer(predicate.completionDateStarting?.milliseconds ?? Int64.min),
                .integer(predicate.completionDateEnding?.milliseconds ?? Int64.max),
            ]
        }
        if predicate.matching != nil || predicate.tags?.isEmpty == false {
            guard let candidates = Self.candidateRows(matching: predicate.matching, tags: predicate.tags ?? []) else {
                return FetchPage(matches: [], order: [], next: nil)
            }
            conditions.append("id IN (\(candidates.sql))")
            values += candidates.values
        }
        if let flagged = predicate.isFlagged {
            conditions.append("flagged = ?")
            values.append(.integer(flagged ? 1 : 0))
        }
        if let parent = predicate.parentIdentifier {
            conditions.append("parent = ?")
            values.append(.text(parent))
        }
        if let hasDueDate = predicate.hasDueDate { conditions.append(hasDueDate ? "due_date IS NOT NULL" : "due_date IS NULL") }
        if let prefix = predicate.identifierPrefix?.uppercased() {
            // A range on the identifier index (identifiers are upper case); the exact test follows.
            conditions.append("identifier >= ? AND identifier < ?")
            values += [.text(prefix), .text(prefix + "\u{10FFFF}")]
        }
        let sql =
            "SELECT \(ReminderColumn.selectList) FROM reminders"
            + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "))
        // Each reminder is kept once, as read; only small (position, index) pairs are sorted, so a
        // 100,000-reminder fetch neither holds nor moves copies of them.
        var matches: [Reminder] = []
        var keys: [(position: FetchPosition, index: Int)] = []
        var cancelled = false
        try read { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                if predicate.matching != nil { try self.writeFullTextBacklog() }
                let statement = try self.database.statement(sql)
                defer { statement.reset() }
                try statement.bind(values)
                var count = 0
                while try statement.step() {
                    count += 1
                    if count % 4096 == 0, !shouldContinue() { cancelled = true; break }
                    let reminder = try self.reminder(from: statement)
                    guard predicate.matches(reminder, in: zone) else { continue }
                    let key = FetchPosition(of: reminder, in: zone, order: order)
                    if let position, key <= position { continue }
                    keys.append((key, matches.count))
                    matches.append(reminder)
                }
            }
        }
        if cancelled { throw .cancelled }
        keys.sort { $0.position < $1.position }
        guard let limit, keys.count > limit else { return FetchPage(matches: matches, order: keys.map(\.index), next: nil) }
        return FetchPage(matches: matches, order: keys.prefix(limit).map(\.index), next: keys[limit - 1].position)
    }
}

/// A page of fetched reminders in fetch order; `next` is where the following page starts, nil on the last page.
public struct FetchPage: Sendable {
    public let reminders: FetchedReminders
    public let next: FetchPosition?

    init(matches: [Reminder], order: [Int], next: FetchPosition?) {
        self.reminders = FetchedReminders(matches: matches, order: order)
        self.next = next
    }

    public var count: Int { reminders.count }
}
