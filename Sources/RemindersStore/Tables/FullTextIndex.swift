/// The full-text index of titles and notes (`reminders_fts`, an FTS5 table over the reminders rows).
///
/// The store's inserts and updates record what changes in the index, and it is written when the
/// transaction commits (see `FullTextBacklog` for why not at once, and why not by trigger: a
/// trigger put FTS5 in every statement, which then flushed a segment per inserted row). Deletes
/// keep their trigger, because rows also go by cascade — with their list or their parent — where
/// no Swift code sees them; so before a delete, and before a search, the backlog is written.
extension CalendarStore {
    func indexText(row: Int64, title: String, notes: String?) {
        fullTextBacklog.record(.add(row: row, title: title, notes: notes))
    }

    /// Takes a row's old words out; FTS5 needs the very text it indexed to do so.
    func unindexText(row: Int64, title: String, notes: String?) {
        fullTextBacklog.record(.remove(row: row, title: title, notes: notes))
    }

    /// Brings the index up to the rows: before anything reads it or a trigger takes words out of it.
    func writeFullTextBacklog() throws(SQLiteError) {
        guard fullTextBacklog.hasPending else { return }
        try fullTextBacklog.apply { (change) throws(SQLiteError) in
            switch change {
            case .add(let row, let title, let notes):
                try self.database.run(
                    "INSERT INTO reminders_fts (rowid, title, notes) VALUES (?, ?, ?)",
                    .integer(row), .text(title), notes.map(SQLValue.text) ?? .null)
            case .remove(let row, let title, let notes):
                try self.database.run(
                    "INSERT INTO reminders_fts (reminders_fts, rowid, title, notes) VALUES ('delete', ?, ?, ?)",
                    .integer(row), .text(title), notes.map(SQLValue.text) ?? .null)
            }
        }
    }
}
