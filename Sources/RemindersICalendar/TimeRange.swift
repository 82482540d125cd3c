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
        let low = start?.milliseconds ?? .min, high = end?.milliseconds ?? .max
        func instant(_ name: String) -> Int64? { DateMapping.instant(of: todo.property(name), resolver: resolver)?.milliseconds }
        let dtstart = instant("DTSTART"), due = instant("DUE")
        if let dtstart {
            if let seconds = todo.value("DURATION").flatMap(DurationValue.seconds) {
                let finish = dtstart + Int64(seconds) * 1000
                return low <= finish && (high > dtstart || high >= finish)
            }
            if let due { return (low < due || low <= dtstart) && (high > dtstart || high >= due) }
            return low <= dtstart && high > dtstart
        }
        if let due { return low < due && high >= due }
        switch (instant("COMPLETED"), instant("CREATED")) {
        case let (completed?, created?): return (low <= created || low <= completed) && (high >= created || high >= completed)
        case (let completed?, nil): return low <= completed && high >= completed
        case (nil, let created?): return high > created
        case (nil, nil): return true
        }
    }
}
