import RemindersModel

/// The places the store already knows by title: those of reminders' location alarms and of
/// events, with their coordinates — what a geocoder with no network answers from.
extension CalendarStore {
    /// Places in `calendars` whose title is `title` (ignoring case) first, then those whose title
    /// holds it; one per title and coordinate, at most `limit`.
    public func places(titled title: String, inCalendars calendars: Set<String>, limit: Int = 10) throws(StoreError) -> [Placemark] {
        guard !calendars.isEmpty, !title.isEmpty else { return [] }
        let marks = Array(repeating: "?", count: calendars.count).joined(separator: ", ")
        let pattern =
            "%"
            + title.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_") + "%"
        let sorted = calendars.sorted().map(SQLValue.text)
        return try read { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                let statement = try self.database.statement(
                    """
                    SELECT title, latitude, longitude FROM (
                        SELECT a.location_title AS title, a.latitude, a.longitude FROM alarms a JOIN reminders r ON r.id = a.reminder
                        WHERE r.calendar IN (\(marks)) AND a.latitude IS NOT NULL AND a.longitude IS NOT NULL
                        UNION
                        SELECT location_title, latitude, longitude FROM events
                        WHERE calendar IN (\(marks)) AND latitude IS NOT NULL AND longitude IS NOT NULL)
                    WHERE title LIKE ? ESCAPE '\\'
                    ORDER BY lower(title) <> lower(?), length(title), title LIMIT ?
                    """)
                defer { statement.reset() }
                try statement.bind(sorted + sorted + [.text(pattern), .text(title), .integer(Int64(limit))])
                var places: [Placemark] = []
                while try statement.step() {
                    let location = GeoLocation(latitude: statement.double(1), longitude: statement.double(2))
                    places.append(Placemark(location: location, name: statement.text(0)))
                }
                return places
            }
        }
    }
}
