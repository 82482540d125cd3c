import RemindersCSQLite
import RemindersModel

/// The names apps of the CalDAV face gave the calendars they made (MKCALENDAR at a path of their
/// choosing): a calendar made so is found at that path ever after, by every app, instead of at
/// its identifier.
extension CalendarStore {
    /// The name an app gave `calendar`, if one did.
    public func davCollectionName(calendar: String) throws(StoreError) -> String? {
        try sqlite { () throws(SQLiteError) in
            try self.database.scalar("SELECT name FROM dav_collections WHERE calendar = ?", .text(calendar))?.text
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
