import RemindersModel

/// Tag rows: one per (reminder, tag), beside the reminder's own `tags` column, so that a fetch by
/// tag and the tag counts are index lookups rather than a scan of every reminder.
extension CalendarStore {
    func insertTags(_ tags: [String], reminderRow: Int64) throws(SQLiteError) {
        guard !tags.isEmpty else { return }
        let statement = try database.statement("INSERT OR IGNORE INTO reminder_tags (reminder, tag, folded) VALUES (?, ?, ?)")
        defer { statement.reset() }
        for tag in tags {
            statement.reset()
            try statement.bind([.integer(reminderRow), .text(tag), .text(Tags.folded(tag))])
            while try statement.step() {}
        }
    }

    /// Every tag in use, with how many incomplete reminders carry it, by name ignoring case. A tag
    /// spelt several ways is named as most reminders spell it (as the oldest of them does, on a tie).
    /// `calendars`: of the reminders in these only (nil: every reminder).
    public func tagCounts(inCalendars calendars: [String]? = nil) throws(StoreError) -> [TagCount] {
        try read { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                let within = calendars.map { "WHERE r.calendar IN (" + Array(repeating: "?", count: $0.count).joined(separator: ", ") + ")" } ?? ""
                let statement = try self.database.statement(
                    """
                    SELECT t.folded, t.tag, count(*), sum(r.completed = 0) FROM reminder_tags t JOIN reminders r ON r.id = t.reminder
                    \(within) GROUP BY t.folded, t.tag ORDER BY t.folded, count(*) DESC, min(r.creation_date), t.tag
                    """)
                defer { statement.reset() }
                try statement.bind((calendars ?? []).map(SQLValue.text))
                var counts: [TagCount] = []
                var lastFolded: String?
                while try statement.step() {
                    let folded = statement.text(0) ?? ""
                    let open = Int(statement.int64(3))
                    if folded == lastFolded {
                        counts[counts.count - 1].count += open
                    } else {
                        counts.append(TagCount(name: statement.text(1) ?? folded, count: open))
                        lastFolded = folded
                    }
                }
                return counts
            }
        }
    }
}
