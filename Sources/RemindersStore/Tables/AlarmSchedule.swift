import Foundation
import RemindersModel

extension CalendarStore {
    /// The open reminders with a time alarm firing from `from` through `to` (read in `zone`) whose
    /// current occurrence the deliveries ledger knows nothing of yet for that alarm at that time
    /// (a decision made before the alarm was re-timed is of another alarm): what an agent may have
    /// to fire. Found through the alarms' fire-time indexes, so the cost follows the window, not
    /// the store; candidates only — the caller works out each alarm's exact time.
    public func remindersWithUndecidedAlarms(firingFrom from: Timestamp, through to: Timestamp, in zone: TimeZone) throws(StoreError) -> [Reminder] {
        func undecided(_ fireDate: String) -> String {
            """
            NOT EXISTS (SELECT 1 FROM alarm_deliveries d WHERE d.reminder = r.identifier AND d.alarm = a.identifier
                        AND d.occurrence = r.occurrence_key AND d.fire_date IN (\(fireDate)))
            """
        }
        // A wall-clock time's instant is its time less the zone's offset then: the offset at either end of the window.
        return try reminders(
            where: """
                completed = 0 AND id IN (
                    SELECT a.reminder FROM alarms a JOIN reminders r ON r.id = a.reminder
                    WHERE a.fire_at >= ?1 AND a.fire_at <= ?2 AND \(undecided("a.fire_at"))
                    UNION
                    SELECT a.reminder FROM alarms a JOIN reminders r ON r.id = a.reminder
                    WHERE a.fire_wall >= ?3 AND a.fire_wall <= ?4 AND \(undecided("a.fire_wall - ?5, a.fire_wall - ?6")))
                ORDER BY id
                """, .integer(from.milliseconds), .integer(to.milliseconds),
            .integer(Self.wallClock(from, in: zone, slack: -3_600_000)), .integer(Self.wallClock(to, in: zone, slack: 3_600_000)),
            .integer(Self.offset(at: from, in: zone)), .integer(Self.offset(at: to, in: zone)))
    }

    /// The events with a time alarm that may fire from `from` through `to` (read in `zone`): those
    /// whose alarm's fire time falls there, and every series not ended before `from` (its
    /// occurrences decide). Candidates only, as for reminders; the caller works out each
    /// occurrence's alarms and the ledger.
    public func eventsWithAlarms(firingFrom from: Timestamp, through to: Timestamp, in zone: TimeZone) throws(StoreError) -> [Event] {
        try events(
            where: """
                id IN (
                    SELECT event FROM event_alarms WHERE fire_at >= ? AND fire_at <= ?
                    UNION
                    SELECT event FROM event_alarms WHERE fire_wall >= ? AND fire_wall <= ?
                    UNION
                    SELECT e.id FROM events e WHERE e.recurrence IS NOT NULL AND (e.last_alarm_fire IS NULL OR e.last_alarm_fire >= ?)
                        AND EXISTS (SELECT 1 FROM event_alarms a WHERE a.event = e.id))
                ORDER BY id
                """, .integer(from.milliseconds), .integer(to.milliseconds),
            .integer(Self.wallClock(from, in: zone, slack: -3_600_000)), .integer(Self.wallClock(to, in: zone, slack: 3_600_000)),
            .integer(from.milliseconds))
    }

    /// A wall-clock time is the instant plus the zone's offset then; an hour either side covers
    /// the offset changing inside the window.
    private static func wallClock(_ instant: Timestamp, in zone: TimeZone, slack: Int64) -> Int64 {
        instant.milliseconds + offset(at: instant, in: zone) + slack
    }

    private static func offset(at instant: Timestamp, in zone: TimeZone) -> Int64 {
        Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant.milliseconds) / 1000))) * 1000
    }
}
