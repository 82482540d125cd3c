import Foundation
import RemindersModel

/// One decision to fire an alarm, kept so that it is delivered exactly once: claimed as `firing`
/// in the transaction that decides it, `delivered` once every channel had it. A `firing` one left
/// by a crash is delivered again at the next start.
public struct AlarmDelivery: Equatable, Sendable {
    public enum State: String, Sendable {
        case firing, delivered, snoozed, dismissed
        /// Came due while no agent ran, longer ago than the catch-up window: recorded, not shown.
        case missed
    }

    /// Which alarm of which occurrence of which item a delivery is of: what the ledger keeps one
    /// delivery per.
    public struct Key: Hashable, Sendable {
        /// The reminder's identifier, or the event's (a series', or a detached occurrence's).
        public var itemIdentifier: String
        public var alarmIdentifier: String
        public var occurrence: Int64

        public init(itemIdentifier: String, alarmIdentifier: String, occurrence: Int64) {
            (self.itemIdentifier, self.alarmIdentifier, self.occurrence) = (itemIdentifier, alarmIdentifier, occurrence)
        }
    }

    /// A decision the ledger holds: its key, and the fire date it was made for (an alarm re-timed
    /// since is another decision to make).
    public struct Decision: Hashable, Sendable {
        public var key: Key
        public var fireDate: Timestamp

        public init(key: Key, fireDate: Timestamp) { (self.key, self.fireDate) = (key, fireDate) }
    }

    /// The reminder's identifier, or the event's (a series', or a detached occurrence's).
    public var itemIdentifier: String
    public var alarmIdentifier: String
    /// The key of the occurrence the alarm belongs to — its due date (a series without one: its
    /// start) in milliseconds, read as UTC; 0 for a reminder without one.
    public var occurrence: Int64
    public var fireDate: Timestamp
    public var state: State
    /// Delivered after its time (it came due while no agent ran).
    public var late: Bool
    /// Why it fires: "time", or a location alarm's crossing, "enter" or "leave".
    public var reason: String
    /// When it was meant to reach the person: the fire date, or the end of its snooze.
    public var firesAt: Timestamp

    public init(
        itemIdentifier: String, alarmIdentifier: String, occurrence: Int64, fireDate: Timestamp, state: State, late: Bool,
        reason: String = "time"
    ) {
        self.itemIdentifier = itemIdentifier
        self.alarmIdentifier = alarmIdentifier
        self.occurrence = occurrence
        self.fireDate = fireDate
        self.state = state
        self.late = late
        self.reason = reason
        self.firesAt = fireDate
    }

    public var key: Key { Key(itemIdentifier: itemIdentifier, alarmIdentifier: alarmIdentifier, occurrence: occurrence) }
}

extension CalendarStore {
    /// Records the delivery unless one for its (reminder, alarm, occurrence) exists for the same
    /// fire date; true when this call recorded it — of several processes deciding at once, exactly
    /// one gets true. A decision made for another fire date (the alarm was re-timed since, on a
    /// phone or here) is of another alarm: it is replaced, unless that one is being delivered.
    public func claim(_ delivery: AlarmDelivery, now: Timestamp) throws(StoreError) -> Bool {
        try write { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                try self.database.run(
                    """
                    INSERT INTO alarm_deliveries (reminder, alarm, occurrence, fire_date, state, late, reason, updated)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (reminder, alarm, occurrence) DO UPDATE SET fire_date = excluded.fire_date, state = excluded.state,
                        late = excluded.late, reason = excluded.reason, updated = excluded.updated, snoozed_until = NULL, payload = NULL,
                        delivered_at = NULL, to_share = NULL
                    WHERE alarm_deliveries.fire_date != excluded.fire_date AND alarm_deliveries.state != 'firing'
                    """, .text(delivery.itemIdentifier), .text(delivery.alarmIdentifier), .integer(delivery.occurrence),
                    .integer(delivery.fireDate.milliseconds), .text(delivery.state.rawValue), .integer(delivery.late ? 1 : 0),
                    .text(delivery.reason), .integer(now.milliseconds))
                return self.database.changes == 1
            }
        }
    }

    public func setState(_ state: AlarmDelivery.State, of delivery: AlarmDelivery, now: Timestamp) throws(StoreError) {
        try write { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                try self.database.run(
                    """
                    UPDATE alarm_deliveries SET state = ?, updated = ? WHERE reminder = ? AND alarm = ? AND occurrence = ?
                    """, .text(state.rawValue), .integer(now.milliseconds), .text(delivery.itemIdentifier),
                    .text(delivery.alarmIdentifier), .integer(delivery.occurrence))
            }
        }
    }

    /// The decisions the ledger holds for one item: a decision holds for an alarm while it fires
    /// when it did.
    public func decidedOccurrences(of item: String) throws(StoreError) -> Set<AlarmDelivery.Decision> {
        try read { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                let statement = try self.database.statement("SELECT alarm, occurrence, fire_date FROM alarm_deliveries WHERE reminder = ?")
                defer { statement.reset() }
                try statement.bind([.text(item)])
                var decisions = Set<AlarmDelivery.Decision>()
                while try statement.step() {
                    let key = AlarmDelivery.Key(itemIdentifier: item, alarmIdentifier: statement.text(0) ?? "", occurrence: statement.int64(1))
                    decisions.insert(AlarmDelivery.Decision(key: key, fireDate: Timestamp(milliseconds: statement.int64(2))))
                }
                return decisions
            }
        }
    }

    /// Deliveries in `state` (the `firing` ones a crash left), oldest first.
    public func deliveries(in state: AlarmDelivery.State) throws(StoreError) -> [AlarmDelivery] {
        try read { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                let statement = try self.database.statement(
                    """
                    SELECT reminder, alarm, occurrence, fire_date, late, reason FROM alarm_deliveries WHERE state = ? ORDER BY fire_date
                    """)
                defer { statement.reset() }
                try statement.bind([.text(state.rawValue)])
                var found: [AlarmDelivery] = []
                while try statement.step() {
                    found.append(
                        AlarmDelivery(
                            itemIdentifier: statement.text(0) ?? "", alarmIdentifier: statement.text(1) ?? "",
                            occurrence: statement.int64(2), fireDate: Timestamp(milliseconds: statement.int64(3)),
                            state: state, late: statement.int64(4) != 0, reason: statement.text(5) ?? "time"))
                }
                return found
            }
        }
    }
}

extension CalendarStore {
    /// To fire again at `until` (the notification's Snooze).
    public func snooze(_ delivery: AlarmDelivery, until: Timestamp, now: Timestamp) throws(StoreError) {
        try write { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                try self.database.run(
                    """
                    UPDATE alarm_deliveries SET state = 'snoozed', snoozed_until = ?, updated = ?, to_share = ?
                    WHERE reminder = ? AND alarm = ? AND occurrence = ?
                    """, .integer(until.milliseconds), .integer(now.milliseconds), .integer(now.milliseconds), .text(delivery.itemIdentifier),
                    .text(delivery.alarmIdentifier), .integer(delivery.occurrence))
            }
        }
    }

    /// The snoozed deliveries whose time came, each claimed (`firing` again) by this call alone.
    public func claimSnoozed(dueBy now: Timestamp) throws(StoreError) -> [AlarmDelivery] {
        try write { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                let statement = try self.database.statement(
                    """
                    SELECT reminder, alarm, occurrence, fire_date, late, snoozed_until FROM alarm_deliveries
                    WHERE state = 'snoozed' AND snoozed_until <= ? ORDER BY snoozed_until
                    """)
                try statement.bind([.integer(now.milliseconds)])
                var due: [AlarmDelivery] = []
                while try statement.step() {
                    var delivery = AlarmDelivery(
                        itemIdentifier: statement.text(0) ?? "", alarmIdentifier: statement.text(1) ?? "",
                        occurrence: statement.int64(2), fireDate: Timestamp(milliseconds: statement.int64(3)),
                        state: .firing, late: statement.int64(4) != 0)
                    delivery.firesAt = Timestamp(milliseconds: statement.int64(5))
                    due.append(delivery)
                }
                statement.reset()
                var claimed: [AlarmDelivery] = []
                for delivery in due {
                    try self.database.run(
                        """
                        UPDATE alarm_deliveries SET state = 'firing', snoozed_until = NULL, updated = ?
                        WHERE reminder = ? AND alarm = ? AND occurrence = ? AND state = 'snoozed'
                        """, .integer(now.milliseconds), .text(delivery.itemIdentifier), .text(delivery.alarmIdentifier),
                        .integer(delivery.occurrence))
                    if self.database.changes == 1 { claimed.append(delivery) }
                }
                return claimed
            }
        }
    }

    /// When the next snoozed delivery fires again, if any.
    public func nextSnoozeEnd() throws(StoreError) -> Timestamp? {
        try read { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                try self.database.scalar("SELECT min(snoozed_until) FROM alarm_deliveries WHERE state = 'snoozed'")?.integer
                    .map(Timestamp.init(milliseconds:))
            }
        }
    }
}

extension AlarmDelivery {
    /// The key of the occurrence `reminder`'s alarms belong to now: its due date read as UTC — the
    /// same in every process whatever its zone (a floating date is one wall-clock time), and new
    /// when the reminder moves or its series advances. 0 for a reminder without a due date.
    public static func occurrence(of reminder: Reminder) -> Int64 {
        reminder.occurrenceDate?.occurrenceKey ?? 0
    }
}

extension CalendarStore {
    /// A snooze or dismissal asked for by a client (`snoozeAlarm`, `dismissAlarm`): the delivery of
    /// the alarm's current occurrence becomes `state`, recorded first when the alarm has not fired
    /// yet (it then does not fire at its own time), and shared with other devices at the next sync.
    public func decide(
        _ state: AlarmDelivery.State, reminder: Reminder, alarm: Alarm, fireDate: Timestamp, snoozedUntil: Timestamp?,
        now: Timestamp
    ) throws(StoreError) {
        try decide(
            state, item: reminder.calendarItemIdentifier, alarm: alarm.alarmIdentifier, occurrence: AlarmDelivery.occurrence(of: reminder),
            fireDate: fireDate, snoozedUntil: snoozedUntil, now: now)
    }

    /// The same for any item's alarm: a reminder's, or an event occurrence's (`occurrence` its key).
    public func decide(
        _ state: AlarmDelivery.State, item: String, alarm: String, occurrence: Int64, fireDate: Timestamp, snoozedUntil: Timestamp?,
        now: Timestamp
    ) throws(StoreError) {
        try write { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                try self.database.run(
                    """
                    INSERT INTO alarm_deliveries (reminder, alarm, occurrence, fire_date, state, late, snoozed_until, updated, to_share)
                    VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?)
                    ON CONFLICT (reminder, alarm, occurrence) DO UPDATE SET state = excluded.state, fire_date = excluded.fire_date,
                        snoozed_until = excluded.snoozed_until, updated = excluded.updated, to_share = excluded.to_share
                    """, .text(item), .text(alarm), .integer(occurrence), .integer(fireDate.milliseconds), .text(state.rawValue),
                    snoozedUntil.map { .integer($0.milliseconds) } ?? .null, .integer(now.milliseconds), .integer(now.milliseconds))
            }
        }
    }
}

extension CalendarStore {
    /// Snoozed and dismissed alarms by "reminder alarm occurrence", with when a snoozed one fires
    /// again and the fire date decided (a decision holds while the alarm fires then).
    public func heldAlarms() throws(StoreError) -> [String: (state: AlarmDelivery.State, until: Timestamp?, fireDate: Timestamp)] {
        try read { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                let statement = try self.database.statement(
                    """
                    SELECT reminder, alarm, occurrence, state, snoozed_until, fire_date FROM alarm_deliveries WHERE state IN ('snoozed', 'dismissed')
                    """)
                defer { statement.reset() }
                var held: [String: (state: AlarmDelivery.State, until: Timestamp?, fireDate: Timestamp)] = [:]
                while try statement.step() {
                    let key = "\(statement.text(0) ?? "") \(statement.text(1) ?? "") \(statement.int64(2))"
                    held[key] = (
                        AlarmDelivery.State(rawValue: statement.text(3) ?? "") ?? .dismissed,
                        statement.optionalInt64(4).map(Timestamp.init(milliseconds:)), Timestamp(milliseconds: statement.int64(5))
                    )
                }
                return held
            }
        }
    }
}

extension CalendarStore {
    /// Delivered: with what was said (`payload`, the alarm's JSON), so that every server process
    /// can pass it on to its clients (`alarmFired`). `delivered_at` is the watermark they follow,
    /// so it only grows — later than every delivery before, even in the same millisecond or after
    /// the clock was set back — or a process that read up to it would miss the next.
    public func markDelivered(_ delivery: AlarmDelivery, payload: String, now: Timestamp) throws(StoreError) {
        try write { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                try self.database.run(
                    """
                    UPDATE alarm_deliveries SET state = 'delivered', payload = ?, updated = ?,
                        delivered_at = max(?, coalesce((SELECT max(delivered_at) FROM alarm_deliveries WHERE delivered_at IS NOT NULL), 0) + 1)
                    WHERE reminder = ? AND alarm = ? AND occurrence = ?
                    """, .text(payload), .integer(now.milliseconds), .integer(now.milliseconds), .text(delivery.itemIdentifier),
                    .text(delivery.alarmIdentifier), .integer(delivery.occurrence))
            }
        }
    }
}

extension CalendarStore {
    /// Where the deliveries' watermark stands now: a client that comes later hears what follows.
    public func latestDelivery() throws(StoreError) -> Int64 {
        try sqlite { () throws(SQLiteError) in
            try self.database.scalar("SELECT max(delivered_at) FROM alarm_deliveries WHERE delivered_at IS NOT NULL")?.integer ?? 0
        }
    }

    /// The alarms delivered after `watermark` (milliseconds), oldest first, with what they said.
    public func alarmsDelivered(after watermark: Int64) throws(StoreError) -> [(deliveredAt: Int64, payload: String, item: String)] {
        try sqlite { () throws(SQLiteError) in
            let statement = try self.database.statement(
                """
                SELECT delivered_at, payload, reminder FROM alarm_deliveries WHERE delivered_at > ? AND payload IS NOT NULL ORDER BY delivered_at
                """)
            defer { statement.reset() }
            try statement.bind([.integer(watermark)])
            var found: [(deliveredAt: Int64, payload: String, item: String)] = []
            while try statement.step() { found.append((statement.int64(0), statement.text(1) ?? "", statement.text(2) ?? "")) }
            return found
        }
    }
}
