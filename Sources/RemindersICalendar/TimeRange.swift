import RemindersICalendarFormat
import RemindersModel

/// A `calendar-query`'s time range (RFC 4791 §9.9): from `start` (nil: the beginning of time) to
/// `end` (nil: its end), given as UTC date-times.
public struct TimeRange: Sendable {
    public var start: Timestamp?
    public var end: Timestamp?

    public init(start: Timestamp?, end: Timestamp?) { (self.start, self.end) = (start, end) }

    /// `20261207T000000Z`, the only form RFC 4791 allows; nil for either means open.
    public init(start: String?, end: String?) throws(ICalendarError) {
        func instant(_ text: String?) throws(ICalendarError) -> Timestamp? {
            guard let text else { return nil }
            let value = try DateTimeValue(Property("DTSTART", text))
            guard value.time != nil, value.zone == .utc else {
                throw ICalendarError("a time range is given in UTC date-times (20261207T000000Z): \(text.prefix(40)) is not one")
            }
            return DateMapping.instant(value, resolver: TimeZoneResolver(timeZones: []))
        }
        (self.start, self.end) = (try instant(start), try instant(end))
    }

    /// Whether the VTODO meets the range: by its DTSTART with DURATION or DUE, else its DUE, else
    /// COMPLETED and CREATED — one with none of them meets every range. Floating times and dates
    /// are read in UTC, as the RFC lets a server that knows no zone of the client.
    public func meets(todo: Component, resolver: TimeZoneResolver) -> Bool {
        func instant(_ name: String) -> Timestamp? { DateMapping.instant(of: todo.property(name), resolver: resolver) }
        let dtstart = instant("DTSTART")
        if let dtstart, let seconds = todo.value("DURATION").flatMap(DurationValue.seconds) {
            return meets(start: dtstart, due: dtstart.advanced(by: Int64(seconds) * 1000), byDuration: true)
        }
        let due = instant("DUE")
        if dtstart != nil || due != nil { return meets(start: dtstart, due: due) }
        let low = start?.milliseconds ?? .min, high = end?.milliseconds ?? .max
        switch (instant("COMPLETED")?.milliseconds, instant("CREATED")?.milliseconds) {
        case let (completed?, created?): return (low <= created || low <= completed) && (high >= created || high >= completed)
        case (let completed?, nil): return low <= completed && high >= completed
        case (nil, let created?): return high > created
        case (nil, nil): return true
        }
    }

    /// The rows of the table for a to-do with a start (DTSTART), a due date (DUE, or DTSTART plus
    /// DURATION: `byDuration`) or both: one occurrence of a recurring to-do is tested so, its
    /// dates moved.
    public func meets(start dtstart: Timestamp?, due: Timestamp?, byDuration: Bool = false) -> Bool {
        let low = start?.milliseconds ?? .min, high = end?.milliseconds ?? .max
        switch (dtstart?.milliseconds, due?.milliseconds) {
        case let (begins?, ends?) where byDuration: return low <= ends && (high > begins || high >= ends)
        case let (begins?, ends?): return (low < ends || low <= begins) && (high > begins || high >= ends)
        case (let begins?, nil): return low <= begins && high > begins
        case (nil, let ends?): return low < ends && high >= ends
        case (nil, nil): return true
        }
    }
}
