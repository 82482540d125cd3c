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
        var conditions: [String] = []
        var values: [SQLValue] = []
        switch predicate.kind {
        case .all: break
        case .incomplete: conditions.append("completed = 0")
        case .completed: conditions.append("completed = 1")
        }
        if let calendars = predicate.calendarIdentifiers {
            guard !calendars.isEmpty else { return [] }
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
        let sql = "SELECT \(Self.reminderColumns) FROM reminders"
            + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "))
        var matches: [Reminder] = []
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
                    if predicate.matches(reminder, in: zone) { matches.append(reminder) }
                }
            }
        }
        if cancelled { throw .cancelled }
        return Self.sortedForFetch(matches, in: zone)
    }

    /// Sorts by precomputed keys, so each due date is placed in the zone once, not once per comparison.
    static func sortedForFetch(_ reminders: [Reminder], in zone: TimeZone) -> [Reminder] {
        let keys = reminders.map { $0.dueInstant(in: zone)?.milliseconds ?? Int64.max }
        let order = reminders.indices.sorted { a, b in
            if keys[a] != keys[b] { return keys[a] < keys[b] }
            let ra = reminders[a], rb = reminders[b]
            if ra.creationDate != rb.creationDate { return ra.creationDate < rb.creationDate }
            return ra.calendarItemIdentifier < rb.calendarItemIdentifier
        }
        return order.map { reminders[$0] }
    }
}
