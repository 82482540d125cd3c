import Foundation
import RemindersModel

/// Alarm state that other devices should hear of, and what they said of theirs. A dismissal or
/// snooze the person makes here (`acknowledge`, `snooze`, `decide`) is kept in its delivery with
/// `to_share` (when it was made) until a sync has written it into the item on the server; what a
/// sync reads from the server is recorded as decided, with nothing to share.
extension CalendarStore {
    /// The dismissal of a delivered alarm by the person (its notification closed or acted on).
    public func acknowledge(_ delivery: AlarmDelivery, now: Timestamp) throws(StoreError) {
        try write { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                try self.database.run("""
                    UPDATE alarm_deliveries SET state = 'dismissed', updated = ?, to_share = ?
                    WHERE reminder = ? AND alarm = ? AND occurrence = ?
                    """, .integer(now.milliseconds), .integer(now.milliseconds), .text(delivery.reminderIdentifier),
                    .text(delivery.alarmIdentifier), .integer(delivery.occurrence))
            }
        }
    }

    /// The person's dismissals and snoozes of the current occurrences of `calendar`'s reminders
    /// not yet written to the server, by reminder: each acknowledged when it was made.
    public func alarmStatesToShare(calendar: String) throws(StoreError) -> [String: [AlarmState]] {
        try read { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                let statement = try self.database.statement("""
                    SELECT d.reminder, d.alarm, d.state, d.snoozed_until, d.to_share FROM alarm_deliveries d
                    JOIN reminders r ON r.identifier = d.reminder
                    WHERE r.calendar = ? AND \(Self.sharedCondition) ORDER BY d.reminder, d.alarm
                    """)
                defer { statement.reset() }
                try statement.bind([.text(calendar)])
                var states: [String: [AlarmState]] = [:]
                while try statement.step() {
                    let snoozed = statement.text(2) == AlarmDelivery.State.snoozed.rawValue
                    states[statement.text(0) ?? "", default: []].append(AlarmState(
                        alarmIdentifier: statement.text(1) ?? "", acknowledged: Timestamp(milliseconds: statement.int64(4)),
                        snoozedUntil: snoozed ? statement.optionalInt64(3).map(Timestamp.init(milliseconds:)) : nil))
                }
                return states
            }
        }
    }

    /// A dismissal or snooze waiting for the server: the person's, of the alarm's current occurrence.
    static let sharedCondition = """
        d.to_share IS NOT NULL AND d.state IN ('dismissed', 'snoozed') AND d.occurrence = coalesce(r.due_at, r.due_wall * 1000, 0)
        """

    /// The states of `reminder` made up to `through` went to the server.
    public func markAlarmStatesShared(reminder: String, through: Timestamp) throws(StoreError) {
        try write { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                try self.database.run("UPDATE alarm_deliveries SET to_share = NULL WHERE reminder = ? AND to_share <= ?",
                                      .text(reminder), .integer(through.milliseconds))
            }
        }
    }

    /// What the server's item says of `reminder`'s alarms, recorded for the current occurrence: an
    /// alarm acknowledged there at or after its fire time is dismissed here (so it does not fire,
    /// or fire again), a snooze set there fires here at its time. A decision made here since
    /// (later, or not yet shared) stands. `zone` places floating dates, as the agent does.
    public func recordAlarmStates(_ states: [String: AlarmState], of reminder: Reminder, in zone: TimeZone, now: Timestamp) throws(StoreError) {
        let occurrence = AlarmDelivery.occurrence(of: reminder)
        try write { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                for alarm in reminder.alarms {
                    guard let state = states[alarm.alarmIdentifier], let fireDate = alarm.fireDate(of: reminder, in: zone) else { continue }
                    // Snoozing acknowledges the alarm at the time it was snoozed; an acknowledgement
                    // after the snooze's end dismissed what the snooze brought back.
                    let decided: AlarmDelivery.State
                    if let until = state.snoozedUntil, (state.acknowledged.map { $0 < until } ?? true) {
                        decided = .snoozed
                    } else if let acknowledged = state.acknowledged, acknowledged >= fireDate {
                        decided = .dismissed
                    } else {
                        continue
                    }
                    let madeAt = state.acknowledged ?? Timestamp(milliseconds: 0)
                    let statement = try self.database.statement("""
                        SELECT state, snoozed_until, updated, to_share FROM alarm_deliveries WHERE reminder = ? AND alarm = ? AND occurrence = ?
                        """)
                    try statement.bind([.text(reminder.calendarItemIdentifier), .text(alarm.alarmIdentifier), .integer(occurrence)])
                    let existing = try statement.step()
                        ? (state: statement.text(0), until: statement.optionalInt64(1), updated: statement.int64(2), toShare: statement.optionalInt64(3))
                        : nil
                    statement.reset()
                    if let existing {
                        if existing.toShare != nil || existing.updated >= madeAt.milliseconds { continue }
                        if existing.state == decided.rawValue, existing.until == state.snoozedUntil?.milliseconds { continue }
                    }
                    let until = decided == .snoozed ? state.snoozedUntil : nil
                    try self.database.run("""
                        INSERT INTO alarm_deliveries (reminder, alarm, occurrence, fire_date, state, late, reason, snoozed_until, updated)
                        VALUES (?, ?, ?, ?, ?, 0, 'time', ?, ?)
                        ON CONFLICT (reminder, alarm, occurrence) DO UPDATE SET state = excluded.state,
                            snoozed_until = excluded.snoozed_until, updated = excluded.updated
                        """, .text(reminder.calendarItemIdentifier), .text(alarm.alarmIdentifier), .integer(occurrence),
                        .integer(fireDate.milliseconds), .text(decided.rawValue), until.map { .integer($0.milliseconds) } ?? .null,
                        .integer(max(madeAt.milliseconds, 1)))
                }
            }
        }
    }
}
