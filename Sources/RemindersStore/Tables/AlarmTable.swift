import RemindersModel

/// Alarm rows, in the order the reminder lists them.
extension ReminderStore {
    func insertAlarms(_ alarms: [Alarm], reminderRow: Int64) throws(SQLiteError) {
        guard !alarms.isEmpty else { return }
        let statement = try database.statement("""
            INSERT INTO alarms (reminder, position, identifier, relative_offset, absolute_date, location_title,
                latitude, longitude, radius, proximity)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        defer { statement.reset() }
        for (position, alarm) in alarms.enumerated() {
            statement.reset()
            let location = alarm.structuredLocation
            try statement.bind([
                .integer(reminderRow), .integer(Int64(position)), .text(alarm.alarmIdentifier),
                alarm.relativeOffset.sql, (alarm.absoluteDate?.milliseconds).sql, (location?.title).sql,
                (location?.geoLocation?.latitude).sql, (location?.geoLocation?.longitude).sql,
                (location?.radius).sql, .text(alarm.proximity.rawValue),
            ])
            while try statement.step() {}
        }
    }

    func alarms(reminderRow: Int64) throws(SQLiteError) -> [Alarm] {
        let statement = try database.statement("""
            SELECT identifier, relative_offset, absolute_date, location_title, latitude, longitude, radius, proximity
            FROM alarms WHERE reminder = ? ORDER BY position
            """)
        defer { statement.reset() }
        try statement.bind([.integer(reminderRow)])
        var alarms: [Alarm] = []
        while try statement.step() {
            let trigger: Alarm.Trigger
            if let offset = statement.optionalDouble(1) {
                trigger = .relative(offset: offset)
            } else if let date = statement.optionalInt64(2) {
                trigger = .absolute(Timestamp(milliseconds: date))
            } else {
                let geo: GeoLocation? = statement.isNull(4) ? nil
                    : GeoLocation(latitude: statement.double(4), longitude: statement.double(5))
                let location = StructuredLocation(title: statement.text(3) ?? "", geoLocation: geo, radius: statement.optionalDouble(6))
                trigger = .location(location, AlarmProximity(rawValue: statement.text(7) ?? "") ?? .none)
            }
            alarms.append(Alarm(alarmIdentifier: statement.text(0) ?? "", trigger: trigger))
        }
        return alarms
    }
}
