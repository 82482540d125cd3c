import RemindersCSQLite
import RemindersModel

/// The names apps of the CalDAV face gave the calendars they made (MKCALENDAR at a path of their
/// choosing): a calendar made so is found at that path ever after, by every app, instead of at
/// its identifier.
extension CalendarStore {
    /// Every calendar's name, by calendar identifier.
    public func davCollectionNames() throws(StoreError) -> [String: String] {
        try sqlite { () throws(SQLiteError) in
            let statement = try self.database.statement("SELECT calendar, name FROM dav_collections")
            defer { statement.reset() }
            var names: [String: String] = [:]
            while try statement.step() { names[statement.text(0) ?? ""] = statement.text(1) ?? "" }
            return names
        }
    }

    /// The calendar an app named `name`, if one did.
    public func davCollection(named name: String) throws(StoreError) -> String? {
        try sqlite { () throws(SQLiteError) in
            try self.database.scalar("SELECT calendar FROM dav_collections WHERE name = ?", .text(name))?.text
        }
    }

    /// Names `calendar` `name`, in place of a name it had (a name another calendar had is taken from it).
    public func setDAVCollection(_ name: String, calendar: String) throws(StoreError) {
        try write { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                try self.database.run("DELETE FROM dav_collections WHERE calendar = ? OR name = ?", .text(calendar), .text(name))
                try self.database.run("INSERT INTO dav_collections (calendar, name) VALUES (?, ?)", .text(calendar), .text(name))
            }
        }
    }

    public func removeDAVCollection(calendar: String) throws(StoreError) {
        try write { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in try self.database.run("DELETE FROM dav_collections WHERE calendar = ?", .text(calendar)) }
        }
    }
}
