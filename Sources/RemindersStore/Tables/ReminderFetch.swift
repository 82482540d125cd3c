import Foundation
import RemindersModel

/// Predicate fetches: SQL narrows by index, then EventKit's exact rules (which need the reader's
/// time zone for floating and all-day dates) decide, and the result is put in fetch order.
extension ReminderStore {
    /// Wall-clock offsets of real time zones lie within −12 h … +14 h; a margin beyond that is safe.
    private static let zoneMarginSeconds: Int64 = 15 * 3600

    /// Committed reminders matching `predicate` for a reader in `zone`, in fetch order.
    /// `shouldContinue` is polled while rows are read, so a long fetch can be abandoned.
    public func reminders(matching predicate: ReminderPredicate, in zone: TimeZone,
                          shouldContinue: () -> Bool = { true }) throws(StoreError) -> [Reminder] {
        Array(try reminders(matching: predicate, in: zone, after: nil, limit: nil, shouldContinue: shouldContinue).reminders)
    }

    /// One page of a fetch: at most `limit` reminders that come after `position` in fetch order.
    /// Paging by position rather than by offset means reminders added or removed between pages
    /// never make a page repeat or skip one.
    public func reminders(matching predicate: ReminderPredicate, in zone: TimeZone, after position: FetchPosition?, limit: Int?,
                          shouldContinue: () -> Bool = { true }) throws(StoreError) -> FetchPage {
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
            values += [.integer(start), .integer(end),
                       .integer(start / 1000 - Self.zoneMarginSeconds), .integer(end / 1000 + Self.zoneMarginSeconds)]
        }
        if predicate.hasCompletionBounds {
            conditions.append("completion_date >= ? AND completion_date < ?")
            values += [.integer(predicate.completionDateStarting?.milliseconds ?? Int64.min),
                       .integer(predicate.completionDateEnding?.milliseconds ?? Int64.max)]
        }
        if let words = predicate.matching {
            guard let match = FullTextQuery.match(words) else { return FetchPage(matches: [], order: [], next: nil) }
            conditions.append("id IN (SELECT rowid FROM reminders_fts WHERE reminders_fts MATCH ?)")
            values.append(.text(match))
        }
        for tag in predicate.tags ?? [] {
            conditions.append("id IN (SELECT reminder FROM reminder_tags WHERE folded = ?)")
            values.append(.text(Tags.folded(tag)))
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
        let sql = "SELECT \(ReminderColumn.selectList) FROM reminders"
            + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "))
        // Each reminder is kept once, as read; only small (position, index) pairs are sorted, so a
        // 100,000-reminder fetch neither holds nor moves copies of them.
        var matches: [Reminder] = []
        var keys: [(position: FetchPosition, index: Int)] = []
        var cancelled = false
        try read { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                let statement = try self.database.statement(sql)
                defer { statement.reset() }
                try statement.bind(values)
                var count = 0
                while try statement.step() {
                    count += 1
                    if count % 4096 == 0, !shouldContinue() { cancelled = true; break }
                    let reminder = try self.reminder(from: statement)
                    guard predicate.matches(reminder, in: zone) else { continue }
                    let key = FetchPosition(of: reminder, in: zone)
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

/// Reminders as read, seen in fetch order through a list of indexes. Reading an element yields it
/// in place: encoding 100,000 reminders neither copies them nor moves them around memory.
public struct FetchedReminders: RandomAccessCollection, Sendable {
    let matches: [Reminder]
    let order: [Int]

    public var startIndex: Int { 0 }
    public var endIndex: Int { order.count }

    public subscript(position: Int) -> Reminder {
        _read { yield matches[order[position]] }
    }
}
