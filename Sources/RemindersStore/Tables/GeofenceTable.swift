import RemindersModel

/// One alarm of one reminder.
struct AlarmKey: Hashable {
    var reminder: String
    var alarm: String
}

/// The side of its fence a location alarm last saw the person on, and the fence and fix it was for.
struct RememberedSide: Equatable {
    var side: FenceSide
    var fence: Geofence
    var seen: Timestamp
}

extension CalendarStore {
    /// The open reminders that have a location alarm.
    func remindersWatchingPlaces() throws(StoreError) -> [Reminder] {
        try reminders(
            where: """
                completed = 0 AND id IN (SELECT reminder FROM alarms WHERE latitude IS NOT NULL AND proximity != 'none')
                ORDER BY id
                """)
    }

    func rememberedSides() throws(StoreError) -> [AlarmKey: RememberedSide] {
        try sqlite { () throws(SQLiteError) in
            let statement = try self.database.statement("SELECT reminder, alarm, inside, latitude, longitude, radius, seen FROM geofence_sides")
            defer { statement.reset() }
            var sides: [AlarmKey: RememberedSide] = [:]
            while try statement.step() {
                let fence = Geofence(center: GeoLocation(latitude: statement.double(3), longitude: statement.double(4)), radius: statement.double(5))
                sides[AlarmKey(reminder: statement.text(0) ?? "", alarm: statement.text(1) ?? "")] =
                    RememberedSide(
                        side: statement.int64(2) != 0 ? .inside : .outside, fence: fence, seen: Timestamp(milliseconds: statement.int64(6)))
            }
            return sides
        }
    }

    func remember(_ side: RememberedSide, for key: AlarmKey) throws(StoreError) {
        try sqlite { () throws(SQLiteError) in
            try self.database.run(
                """
                INSERT OR REPLACE INTO geofence_sides (reminder, alarm, inside, latitude, longitude, radius, seen) VALUES (?, ?, ?, ?, ?, ?, ?)
                """, .text(key.reminder), .text(key.alarm), .integer(side.side == .inside ? 1 : 0), .real(side.fence.center.latitude),
                .real(side.fence.center.longitude), .real(side.fence.radius), .integer(side.seen.milliseconds))
        }
    }

    /// Forgets the side of an alarm that no longer watches (removed, or its reminder completed):
    /// should it watch again, its first fix only sets its side.
    func forgetSide(of key: AlarmKey) throws(StoreError) {
        try sqlite { () throws(SQLiteError) in
            try self.database.run("DELETE FROM geofence_sides WHERE reminder = ? AND alarm = ?", .text(key.reminder), .text(key.alarm))
        }
    }
}
