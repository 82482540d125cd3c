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
                try self.database.run(
                    """
                    UPDATE alarm_deliveries SET state = 'dismissed', updated = ?, to_share = ?
                    WHERE reminder = ? AND alarm = ? AND occurrence = ?
                    """, .integer(now.milliseconds), .integer(now.milliseconds), .text(delivery.itemIdentifier),
                    .text(delivery.alarmIdentifier), .integer(delivery.occurrence))
            }
        }
    }

    /// The person's dismissals and snoozes of the current occurrences of `calendar`'s reminders
    /// not yet written to the server, by reminder: each acknowledged when it was made — a
    /// dismissal made before the alarm's time, as of that time.
    public func alarmStatesToShare(calendar: String) throws(StoreError) -> [String: [AlarmState]] {
        try statesToShare(
            """
            SELECT d.reminder, d.alarm, d.state, d.snoozed_until, d.to_share, d.fire_date FROM alarm_deliveries d
            JOIN reminders r ON r.identifier = d.reminder
            WHERE r.calendar = ? AND \(Self.sharedCondition) ORDER BY d.reminder, d.alarm
            """, calendar: calendar)
    }

    /// The same for `calendar`'s event series (a detached occurrence's stay here: not carried yet).
    public func eventAlarmStatesToShare(calendar: String) throws(StoreError) -> [String: [AlarmState]] {
        try statesToShare(
            """
            SELECT d.reminder, d.alarm, d.state, max(d.snoozed_until), max(d.to_share),
                max(CASE WHEN d.state = 'dismissed' THEN d.fire_date END),
                max(d.occurrence) FROM alarm_deliveries d
            JOIN events e ON e.identifier = d.reminder
            WHERE e.calendar = ? AND e.series IS NULL AND d.to_share IS NOT NULL AND d.state IN ('dismissed', 'snoozed')
            GROUP BY d.reminder, d.alarm ORDER BY d.reminder, d.alarm
            """, calendar: calendar, withOccurrence: true)
    }

    /// Rows of (item, alarm, state, snoozed until, made at, fire date[, occurrence decided]) as states by item.
    private func statesToShare(_ sql: String, calendar: String, withOccurrence: Bool = false) throws(StoreError) -> [String: [AlarmState]] {
        try read { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                let statement = try self.database.statement(sql)
                defer { statement.reset() }
                try statement.bind([.text(calendar)])
                var states: [String: [AlarmState]] = [:]
                while try statement.step() {
                    let state = statement.text(2)
                    let decided = statement.int64(4)
                    let due = state == AlarmDelivery.State.dismissed.rawValue ? statement.optionalInt64(5) ?? decided : decided
                    states[statement.text(0) ?? "", default: []].append(
                        AlarmState(
                            alarmIdentifier: statement.text(1) ?? "", acknowledged: Timestamp(milliseconds: max(decided, due)),
                            snoozedUntil: state == AlarmDelivery.State.snoozed.rawValue
                                ? statement.optionalInt64(3).map(Timestamp.init(milliseconds:)) : nil,
                            decided: Timestamp(milliseconds: decided),
                            occurrence: withOccurrence ? statement.optionalInt64(6) : nil))
                }
                return states
            }
        }
    }

    /// A dismissal or snooze waiting for the server: the person's, of the alarm's current occurrence.
    static let sharedCondition = """
        d.to_share IS NOT NULL AND d.state IN ('dismissed', 'snoozed') AND d.occurrence = r.occurrence_key
        """

    /// The states of `reminder` made up to `through` went to the server.
    public func markAlarmStatesShared(reminder: String, through: Timestamp) throws(StoreError) {
        try write { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                try self.database.run(
                    "UPDATE alarm_deliveries SET to_share = NULL WHERE reminder = ? AND to_share <= ?",
                    .text(reminder), .integer(through.milliseconds))
            }
        }
    }

    /// What the server's item says of an event series' alarms (RFC 9074: an acknowledgement covers
    /// every occurrence whose alarm fired by then), recorded for the occurrences that fired in the
    /// day before it — the agent catches up no further back — and a snooze for the one that fired
    /// last before it was made. A decision made here since, or not yet shared, stands.
    public func recordAlarmStates(_ states: [String: AlarmState], of event: Event, in zone: TimeZone) throws(StoreError) {
        let replaced = try replacedOccurrences(ofSeries: [event.eventIdentifier])[event.eventIdentifier] ?? []
        try write { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                for alarm in event.alarms {
                    guard let state = states[alarm.alarmIdentifier] else { continue }
                    let madeAt = state.acknowledged ?? state.snoozedUntil ?? Timestamp(milliseconds: 0)
                    let firings = event.alarmFirings(from: madeAt.advanced(by: -86_400_000), to: madeAt, in: zone, replaced: replaced)
                        .filter { $0.alarm.alarmIdentifier == alarm.alarmIdentifier }.sorted { $0.fireDate < $1.fireDate }
                    if let until = state.snoozedUntil, (state.acknowledged.map { $0 < until } ?? true) {
                        if let last = firings.last {
                            try self.recordShared(
                                .snoozed, item: event.eventIdentifier, alarm: alarm.alarmIdentifier,
                                occurrence: Event.occurrenceKey(last.occurrence.start), fireDate: last.fireDate, until: until, madeAt: madeAt)
                        }
                    } else if state.acknowledged != nil {
                        for firing in firings {
                            try self.recordShared(
                                .dismissed, item: event.eventIdentifier, alarm: alarm.alarmIdentifier,
                                occurrence: Event.occurrenceKey(firing.occurrence.start), fireDate: firing.fireDate, until: nil,
                                madeAt: madeAt)
                        }
                    }
                }
            }
        }
    }

    /// Thunderbird's snoozes of single occurrences of `event`, each recorded for the alarm of that
    /// occurrence that fired last before the snooze ended (the first alarm, when none had), as made
    /// at `madeAt` (the item's X-MOZ-LASTACK) or else at its end. A decision made here since stands.
    public func recordOccurrenceSnoozes(_ snoozes: [OccurrenceSnooze], of event: Event, in zone: TimeZone, madeAt: Timestamp?) throws(StoreError) {
        let reach = Int64((event.alarms.compactMap(\.relativeOffset).map(abs).max() ?? 0) * 1000) + 86_400_000
        try write { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                for snooze in snoozes {
                    let firings = event.alarmFirings(
                        from: snooze.occurrenceStart.advanced(by: -reach), to: snooze.occurrenceStart.advanced(by: reach), in: zone
                    ).filter { $0.occurrence.occurrenceStart.instant(in: zone) == snooze.occurrenceStart }.sorted { $0.fireDate < $1.fireDate }
                    guard let snoozed = firings.last(where: { $0.fireDate <= snooze.until }) ?? firings.first else { continue }
                    try self.recordShared(
                        .snoozed, item: event.eventIdentifier, alarm: snoozed.alarm.alarmIdentifier,
                        occurrence: Event.occurrenceKey(snoozed.occurrence.start), fireDate: snoozed.fireDate, until: snooze.until,
                        madeAt: madeAt ?? snooze.until)
                }
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
                    try self.recordShared(
                        decided, item: reminder.calendarItemIdentifier, alarm: alarm.alarmIdentifier, occurrence: occurrence,
                        fireDate: fireDate, until: decided == .snoozed ? state.snoozedUntil : nil,
                        madeAt: state.acknowledged ?? Timestamp(milliseconds: 0))
                }
            }
        }
    }

    /// One decision another device made (at `madeAt`), unless one made here since, or not yet shared, stands.
    private func recordShared(
        _ decided: AlarmDelivery.State, item: String, alarm: String, occurrence: Int64, fireDate: Timestamp,
        until: Timestamp?, madeAt: Timestamp
    ) throws(SQLiteError) {
        let statement = try database.statement(
            """
            SELECT state, snoozed_until, updated, to_share FROM alarm_deliveries WHERE reminder = ? AND alarm = ? AND occurrence = ?
            """)
        try statement.bind([.text(item), .text(alarm), .integer(occurrence)])
        let existing =
            try statement.step()
            ? (state: statement.text(0), until: statement.optionalInt64(1), updated: statement.int64(2), toShare: statement.optionalInt64(3))
            : nil
        statement.reset()
        if let existing {
            if existing.toShare != nil || existing.updated >= madeAt.milliseconds { return }
            if existing.state == decided.rawValue, existing.until == until?.milliseconds { return }
        }
        try database.run(
            """
            INSERT INTO alarm_deliveries (reminder, alarm, occurrence, fire_date, state, late, reason, snoozed_until, updated)
            VALUES (?, ?, ?, ?, ?, 0, 'time', ?, ?)
            ON CONFLICT (reminder, alarm, occurrence) DO UPDATE SET state = excluded.state,
                snoozed_until = excluded.snoozed_until, updated = excluded.updated
            """, .text(item), .text(alarm), .integer(occurrence), .integer(fireDate.milliseconds), .text(decided.rawValue),
            until.map { .integer($0.milliseconds) } ?? .null, .integer(max(madeAt.milliseconds, 1)))
    }
}
