import RemindersCSQLite

/// Which of `Schema.migrations` a store has had, by name (`schema_migrations`): what the store is
/// brought up to date by, and how a store of a newer remindersd is told from an older one.
struct MigrationLedger {
    let database: Database

    /// The names recorded; for a store from before the ledger, the first `user_version` migrations.
    func applied() throws(SQLiteError) -> [String] {
        let ledger = try database.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")?.integer ?? 0
        guard ledger > 0 else {
            let counted = Int(try database.scalar("PRAGMA user_version")?.integer ?? 0)
            // More than this version has: a newer remindersd's, by a name this one cannot know.
            return Schema.migrations.prefix(counted).map(\.name)
                + (Schema.migrations.count..<max(counted, Schema.migrations.count)).map { "number \($0 + 1)" }
        }
        let statement = try database.statement("SELECT name FROM schema_migrations ORDER BY rowid")
        defer { statement.reset() }
        var names: [String] = []
        while try statement.step() { names.append(statement.text(0) ?? "") }
        return names
    }

    /// What a store that has had `applied` still needs, in order; nil and the name when it has had
    /// one this version does not know (a newer remindersd wrote it).
    static func pending(after applied: [String]) -> (pending: [(name: String, sql: String)], unknown: String?) {
        let known = Set(Schema.migrations.map(\.name))
        if let unknown = applied.first(where: { !known.contains($0) }) { return ([], unknown) }
        let done = Set(applied)
        return (Schema.migrations.filter { !done.contains($0.name) }, nil)
    }

    /// Whether the store has had every migration (and none unknown): nothing to do at open.
    func isUpToDate() throws(SQLiteError) -> Bool {
        try Set(applied()) == Set(Schema.migrations.map(\.name))
    }

    /// Applies the migrations a store has not had, recording each (inside the caller's transaction).
    func bringUpToDate() throws(SQLiteError) {
        let applied = try applied()
        let (pending, unknown) = Self.pending(after: applied)
        // (Refused already when the store was identified; this is another process having upgraded it since.)
        if let unknown {
            throw SQLiteError(code: SQLITE_NOTADB, message: "the store was written by a newer remindersd (the migration \"\(unknown)\")")
        }
        try database.execute("CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY)")
        for name in applied { try database.run("INSERT OR IGNORE INTO schema_migrations (name) VALUES (?)", .text(name)) }
        for migration in pending {
            try database.execute(migration.sql)
            try database.run("INSERT INTO schema_migrations (name) VALUES (?)", .text(migration.name))
        }
        try database.execute("PRAGMA application_id=\(Schema.applicationID); PRAGMA user_version=\(Schema.migrations.count);")
    }
}
