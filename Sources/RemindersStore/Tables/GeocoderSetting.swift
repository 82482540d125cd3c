/// The geocoder the owner chose (`remindersd geocoder URL`): a Nominatim-compatible service
/// every program's `CLGeocoder` asks, through the server. Only the owner's command sets it.
extension CalendarStore {
    private static let geocoderKey = "geocoder"

    public func geocoder() throws(StoreError) -> String? {
        try read { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                try self.database.scalar("SELECT value FROM settings WHERE key = ?", .text(Self.geocoderKey))?.text
            }
        }
    }

    /// Records `url` as the geocoder; nil forgets it.
    public func setGeocoder(_ url: String?) throws(StoreError) {
        try write { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                if let url {
                    try self.database.run("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", .text(Self.geocoderKey), .text(url))
                } else {
                    try self.database.run("DELETE FROM settings WHERE key = ?", .text(Self.geocoderKey))
                }
            }
        }
    }
}
