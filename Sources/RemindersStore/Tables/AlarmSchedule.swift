import Foundation
import RemindersModel

extension CalendarStore {
    /// The open reminders with a time alarm firing from `from` through `to` (read in `zone`) whose
    /// current occurrence the deliveries ledger knows nothing of yet for that alarm: what an agent
    /// may have to fire. Found through the alarms' fire-time indexes, so the cost follows the
    /// window, not the store; candidates only — the caller works out each alarm's exact time.
    public func remindersWithUndecidedAlarms(firingFrom from: Timestamp, through to: Timestamp, in zone: TimeZone) throws(StoreError) -> [Reminder] {
        // A wall-clock time is the instant plus the zone's offset then; an hour either side covers
        // the offset changing inside the window.
        func wallClock(_ instant: Timestamp, slack: Int64) -> Int64 {
            let offset = Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant.milliseconds) / 1000))) * 1000
            return instant.milliseconds + offset + slack
        }
        let undecided = """
            NOT EXISTS (SELECT 1 FROM alarm_deliveries d WHERE d.reminder = r.identifier AND d.alarm = a.identifier
                        AND d.occurrence = coalesce(r.due_at, r.due_wall * 1000, 0))
            """
        return try reminders(where: """
            completed = 0 AND id IN (
                SELECT a.reminder FROM alarms a JOIN reminders r ON r.id = a.reminder
                WHERE a.fire_at >= ? AND a.fire_at <= ? AND \(undecided)
                UNION
                SELECT a.reminder FROM alarms a JOIN reminders r ON r.id = a.reminder
                WHERE a.fire_wall >= ? AND a.fire_wall <= ? AND \(undecided))
            ORDER BY id
            """, .integer(from.milliseconds), .integer(to.milliseconds),
            .integer(wallClock(from, slack: -3_600_000)), .integer(wallClock(to, slack: 3_600_000)))
    }
}
