import RemindersCSQLite
import RemindersModel

/// What an app of the CalDAV face last wrote of an item: the name it gave the member and the
/// calendar object it PUT, so that a GET gives back what it wrote (with what others changed
/// written over it) and a name it chose keeps finding the item. Apart from the object the sync
/// keeps, which is the base of the sync's merges and must stay the server's. Kept after the item
/// goes, until its name is given to another, so that a sync-collection names what went as the app
/// knew it.
public struct DAVObject: Equatable, Sendable {
    /// The reminder's or event series' identifier.
    public var item: String
    public var calendar: String
    public var name: String
    public var text: String

    public init(item: String, calendar: String, name: String, text: String) {
        (self.item, self.calendar, self.name, self.text) = (item, calendar, name, text)
    }
}

extension CalendarStore {
    /// The object kept for `item`, when it is still in the calendar it was written to.
    public func davObject(item: String, calendar: String) throws(StoreError) -> DAVObject? {
        try sqlite { () throws(SQLiteError) in
            let statement = try self.database.statement("SELECT name, text FROM dav_objects WHERE item = ? AND calendar = ?")
            defer { statement.reset() }
            try statement.bind([.text(item), .text(calendar)])
            guard try statement.step() else { return nil }
            return DAVObject(item: item, calendar: calendar, name: statement.text(0) ?? "", text: statement.text(1) ?? "")
        }
    }

    /// The names apps gave the items of `calendar`, by item.
    public func davNames(calendar: String) throws(StoreError) -> [String: String] {
        try sqlite { () throws(SQLiteError) in
            let statement = try self.database.statement("SELECT item, name FROM dav_objects WHERE calendar = ?")
            defer { statement.reset() }
            try statement.bind([.text(calendar)])
            var names: [String: String] = [:]
            while try statement.step() { names[statement.text(0) ?? ""] = statement.text(1) ?? "" }
            return names
        }
    }

    /// The item an app named `name` in `calendar`, if one did.
    public func davItem(named name: String, calendar: String) throws(StoreError) -> String? {
        try sqlite { () throws(SQLiteError) in
            try self.database.scalar("SELECT item FROM dav_objects WHERE calendar = ? AND name = ?", .text(calendar), .text(name))?.text
        }
    }

    /// Keeps `object`, in place of what was kept for its item or under its name.
    public func setDAVObject(_ object: DAVObject) throws(StoreError) {
        try write { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                try self.database.run(
                    "DELETE FROM dav_objects WHERE item = ? OR (calendar = ? AND name = ?)", .text(object.item), .text(object.calendar),
                    .text(object.name))
                try self.database.run(
                    "INSERT INTO dav_objects (item, calendar, name, text) VALUES (?, ?, ?, ?)", .text(object.item), .text(object.calendar),
                    .text(object.name), .text(object.text))
            }
        }
    }
}
