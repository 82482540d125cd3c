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

    public init(alarmIdentifier: String, acknowledged: Timestamp? = nil, snoozedUntil: Timestamp? = nil) {
        self.alarmIdentifier = alarmIdentifier
        self.acknowledged = acknowledged
        self.snoozedUntil = snoozedUntil
    }
}
