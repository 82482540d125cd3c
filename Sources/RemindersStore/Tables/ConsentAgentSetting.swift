/// The owner's consent agent, kept in the store whose grants it decides: the program a server
/// asks when a client requests access. Only the owner's command (`remindersd permissions
/// consent-agent`) sets it — never a client, whose arguments and environment are its own.
extension CalendarStore {
    private static let consentAgentKey = "consent_agent"

    public func consentAgent() throws(StoreError) -> String? {
        try read { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                try self.database.scalar("SELECT value FROM settings WHERE key = ?", .text(Self.consentAgentKey))?.text
            }
        }
    }

    /// Records `program` (an absolute path) as the owner's agent; nil forgets it.
    public func setConsentAgent(_ program: String?) throws(StoreError) {
        try write { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                if let program {
                    try self.database.run("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", .text(Self.consentAgentKey), .text(program))
                } else {
                    try self.database.run("DELETE FROM settings WHERE key = ?", .text(Self.consentAgentKey))
                }
            }
        }
    }
}
