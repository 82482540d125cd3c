import Foundation

/// A snooze of one occurrence of a series' alarm, as Thunderbird keeps it on the series:
/// `X-MOZ-SNOOZE-TIME-<the occurrence's start, in microseconds since 1970>:<until>`. It names the
/// occurrence, not the alarm: the alarm is the one of that occurrence that fired.
public struct OccurrenceSnooze: Equatable, Sendable {
    /// When the occurrence starts (its RECURRENCE-ID), as an instant.
    public var occurrenceStart: Timestamp
    public var until: Timestamp

    public init(occurrenceStart: Timestamp, until: Timestamp) {
        self.occurrenceStart = occurrenceStart
        self.until = until
    }
}
