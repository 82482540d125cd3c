import Foundation

/// What a person did with an item's alarm — dismissed it (acknowledged), or snoozed it until a
/// time — as calendar clients carry it between devices (the iCalendar forms: `AlarmState` in
/// RemindersICalendar).
public struct AlarmState: Equatable, Sendable {
    public var alarmIdentifier: String
    /// When it was last acknowledged.
    public var acknowledged: Timestamp?
    /// When a snooze brings it back.
    public var snoozedUntil: Timestamp?
    /// When the person decided, for a decision made here. It is `acknowledged` but for an alarm
    /// dismissed before its time: acknowledged means at or after the alarm's time (RFC 9074, and
    /// Thunderbird's X-MOZ-LASTACK), so that one is acknowledged as of its time.
    public var decided: Timestamp?
    /// For a series' alarm decided here: the occurrence snoozed or dismissed (its `Event.occurrenceKey`).
    public var occurrence: Int64?

    public init(
        alarmIdentifier: String, acknowledged: Timestamp? = nil, snoozedUntil: Timestamp? = nil, decided: Timestamp? = nil,
        occurrence: Int64? = nil
    ) {
        self.alarmIdentifier = alarmIdentifier
        self.acknowledged = acknowledged
        self.snoozedUntil = snoozedUntil
        self.decided = decided
        self.occurrence = occurrence
    }
}
