/// The calendar object (iCalendar text) a reminder was imported or synced from, kept beside it,
/// with the href of the collection member it was last synced as (none for an import). The store
/// never reads the text; it only keeps it with its reminder and drops it with it.
extension CalendarStore {
    /// The kept object with the href it was synced as.
    public func keptCalendarObject(reminder identifier: String) throws(StoreError) -> KeptCalendarObject? {
        try sqlite { () throws(SQLiteError) in
            let statement = try self.database.statement(
                """
                SELECT k.text, k.href FROM reminder_icalendar k JOIN reminders r ON r.id = k.reminder WHERE r.identifier = ?
                """)
            defer { statement.reset() }
            try statement.bind([.text(identifier)])
            guard try statement.step() else { return nil }
            return KeptCalendarObject(text: statement.text(0) ?? "", href: statement.text(1))
        }
    }

    public func calendarObject(reminder identifier: String) throws(StoreError) -> String? {
        try sqlite { () throws(SQLiteError) in
            try self.database.scalar(
                """
                SELECT k.text FROM reminder_icalendar k JOIN reminders r ON r.id = k.reminder WHERE r.identifier = ?
                """, .text(identifier))?.text
        }
    }

    /// Every kept calendar object, by reminder identifier (of the given lists, or of all).
    public func calendarObjects(calendars: [String]?) throws(StoreError) -> [String: String] {
        try read { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                var sql = "SELECT r.identifier, k.text FROM reminder_icalendar k JOIN reminders r ON r.id = k.reminder"
                if let calendars { sql += " WHERE r.calendar IN (" + Array(repeating: "?", count: calendars.count).joined(separator: ", ") + ")" }
                let statement = try self.database.statement(sql)
                defer { statement.reset() }
                try statement.bind((calendars ?? []).map(SQLValue.text))
                var objects: [String: String] = [:]
                while try statement.step() { objects[statement.text(0) ?? ""] = statement.text(1) ?? "" }
                return objects
            }
        }
    }

    func setCalendarObject(_ text: String?, reminder identifier: String, syncedAs href: String? = nil) throws(SQLiteError) {
        guard let row = try database.scalar("SELECT id FROM reminders WHERE identifier = ?", .text(identifier))?.integer else { return }
        if let text {
            try database.run(
                "INSERT OR REPLACE INTO reminder_icalendar (reminder, text, href) VALUES (?, ?, ?)", .integer(row), .text(text),
                href.map(SQLValue.text) ?? .null)
        } else {
            try database.run("DELETE FROM reminder_icalendar WHERE reminder = ?", .integer(row))
        }
    }
}

extension CalendarStore {
    /// Replaces the kept calendar object of a reminder (the server's latest version of it, at `href`).
    public func setKeptCalendarObject(_ text: String?, reminder identifier: String, syncedAs href: String? = nil) throws(StoreError) {
        try sqlite { () throws(SQLiteError) in try self.setCalendarObject(text, reminder: identifier, syncedAs: href) }
    }
}

/// A reminder's kept calendar object: its text, and the href of the member it was last synced as
/// (nil for an import, and for what was kept before hrefs were).
public struct KeptCalendarObject: Equatable, Sendable {
    public var text: String
    public var href: String?

    public init(text: String, href: String?) {
        self.text = text
        self.href = href
    }

    /// Whether it is the version last agreed with the member at `href`, the base a merge needs (one
    /// moved here from another list was last synced as that list's member).
    public func isBase(for href: String) -> Bool { self.href == nil || self.href == href }
}

/// The calendar object an event series was synced from (its VEVENTs, overrides included), kept as
/// for reminders: what remindersd does not map goes back to the server unchanged.
extension CalendarStore {
    public func calendarObject(event identifier: String) throws(StoreError) -> String? {
        try sqlite { () throws(SQLiteError) in
            try self.database.scalar("SELECT text FROM event_icalendar WHERE event = ?", .text(identifier))?.text
        }
    }

    public func setKeptCalendarObject(_ text: String?, event identifier: String) throws(StoreError) {
        try sqlite { () throws(SQLiteError) in
            if let text {
                try self.database.run("INSERT OR REPLACE INTO event_icalendar (event, text) VALUES (?, ?)", .text(identifier), .text(text))
            } else {
                try self.database.run("DELETE FROM event_icalendar WHERE event = ?", .text(identifier))
            }
        }
    }
}
