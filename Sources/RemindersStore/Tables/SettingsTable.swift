/// The owner's settings, one value per key (`settings`): the consent agent, the geocoder.
extension CalendarStore {
    func setting(_ key: String) throws(StoreError) -> String? {
        try read { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                try self.database.scalar("SELECT value FROM settings WHERE key = ?", .text(key))?.text
            }
        }
    }

    /// Records `value` under `key`; nil forgets it.
    func setSetting(_ key: String, to value: String?) throws(StoreError) {
        try write { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                if let value {
                    try self.database.run("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", .text(key), .text(value))
                } else {
                    try self.database.run("DELETE FROM settings WHERE key = ?", .text(key))
                }
            }
        }
    }
}
