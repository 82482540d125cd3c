import Foundation

/// EKRecurrenceFrequency.
public enum RecurrenceFrequency: String, Sendable, CaseIterable {
    case daily, weekly, monthly, yearly

    var rruleName: String { rawValue.uppercased() }
}

/// EKRecurrenceDayOfWeek: a weekday (1 = Sunday … 7 = Saturday), optionally the Nth of the month or year.
public struct RecurrenceDayOfWeek: Equatable, Hashable, Sendable {
    public var dayOfTheWeek: Int
    /// 0 = every such weekday; ±1…53 = the Nth (negative counts from the end).
    public var weekNumber: Int

    public init(dayOfTheWeek: Int, weekNumber: Int = 0) {
        self.dayOfTheWeek = dayOfTheWeek
        self.weekNumber = weekNumber
    }
}

/// EKRecurrenceEnd: after a date or after a number of occurrences.
public enum RecurrenceEnd: Equatable, Hashable, Sendable {
    /// No occurrence starts after this instant (RFC 5545's UNTIL in UTC; EKRecurrenceEnd(end:)).
    case endDate(Timestamp)
    /// No occurrence starts after this wall-clock date or time: UNTIL as a DATE, or as a DATE-TIME
    /// without a zone, which RFC 5545 §3.3.10 gives the value type of DTSTART. It is read in the
    /// series' own zone, or — a floating or all-day series — the reader's; a day alone means
    /// through its end.
    case endDateComponents(ItemDateComponents)
    case occurrenceCount(Int)
}

extension RecurrenceEnd {
    /// Whether an occurrence starting at `start` (read in `zone` when it floats) comes after this end.
    func excludes(_ start: ItemDateComponents, in zone: TimeZone) -> Bool {
        switch self {
        case .endDate(let end): return start.instant(in: zone) > end
        case .endDateComponents(let end): return start.wallClockSeconds > end.wallClockSeconds + (end.hour == nil ? 86_399 : 0)
        case .occurrenceCount: return false
        }
    }
}

/// EKRecurrenceRule, with RFC 5545's meaning.
public struct RecurrenceRule: Equatable, Hashable, Sendable {
    public var frequency: RecurrenceFrequency
    public var interval: Int
    public var daysOfTheWeek: [RecurrenceDayOfWeek]?
    public var daysOfTheMonth: [Int]?
    public var monthsOfTheYear: [Int]?
    public var weeksOfTheYear: [Int]?
    public var daysOfTheYear: [Int]?
    public var setPositions: [Int]?
    public var recurrenceEnd: RecurrenceEnd?
    /// 1 = Sunday … 7 = Saturday; 0 = the calendar's default.
    public var firstDayOfTheWeek: Int

    public init(
        frequency: RecurrenceFrequency, interval: Int = 1, daysOfTheWeek: [RecurrenceDayOfWeek]? = nil,
        daysOfTheMonth: [Int]? = nil, monthsOfTheYear: [Int]? = nil, weeksOfTheYear: [Int]? = nil,
        daysOfTheYear: [Int]? = nil, setPositions: [Int]? = nil, recurrenceEnd: RecurrenceEnd? = nil,
        firstDayOfTheWeek: Int = 0
    ) {
        self.frequency = frequency
        self.interval = interval
        self.daysOfTheWeek = daysOfTheWeek
        self.daysOfTheMonth = daysOfTheMonth
        self.monthsOfTheYear = monthsOfTheYear
        self.weeksOfTheYear = weeksOfTheYear
        self.daysOfTheYear = daysOfTheYear
        self.setPositions = setPositions
        self.recurrenceEnd = recurrenceEnd
        self.firstDayOfTheWeek = firstDayOfTheWeek
    }

    public static let maximumInterval = 1000

    /// Whose rules say which BY-lists go with which frequency: EventKit's (what a client may save:
    /// daysOfTheMonth only monthly, monthsOfTheYear, weeksOfTheYear and daysOfTheYear only yearly),
    /// or RFC 5545's (what a calendar object may hold, and the store keeps and expands: Outlook's
    /// and Thunderbird's birthdays are `FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=15`).
    public enum Rules: Sendable { case eventKit, rfc5545 }

    /// EventKit's rules for which BY-lists go with which frequency, and their ranges.
    public func validate() throws(ValidationError) { try validate(.eventKit) }

    public func validate(_ rules: Rules) throws(ValidationError) {
        guard (1...Self.maximumInterval).contains(interval) else {
            throw ValidationError(field: "interval", "interval must be 1…\(Self.maximumInterval), got \(interval)")
        }
        if let days = daysOfTheWeek {
            guard frequency != .daily else {
                throw ValidationError(field: "daysOfTheWeek", "daysOfTheWeek is not allowed with a daily frequency")
            }
            for (index, day) in days.enumerated() {
                guard (1...7).contains(day.dayOfTheWeek) else {
                    throw ValidationError(
                        field: "daysOfTheWeek[\(index)].dayOfTheWeek", "dayOfTheWeek must be 1 (Sunday)…7 (Saturday), got \(day.dayOfTheWeek)")
                }
                guard day.weekNumber == 0 || (frequency == .monthly || frequency == .yearly) else {
                    throw ValidationError(
                        field: "daysOfTheWeek[\(index)].weekNumber", "weekNumber is only allowed with a monthly or yearly frequency")
                }
                guard (-53...53).contains(day.weekNumber) else {
                    throw ValidationError(
                        field: "daysOfTheWeek[\(index)].weekNumber", "weekNumber must be ±1…53 (or 0 for every week), got \(day.weekNumber)")
                }
            }
        }
        let rfc = rules == .rfc5545
        try Self.check(
            daysOfTheMonth, "daysOfTheMonth", limit: 31, allowed: rfc ? frequency != .weekly : frequency == .monthly,
            needs: rfc ? "a daily, monthly or yearly" : "a monthly")
        try Self.check(monthsOfTheYear, "monthsOfTheYear", range: 1...12, allowed: rfc || frequency == .yearly, needs: "a yearly")
        try Self.check(weeksOfTheYear, "weeksOfTheYear", limit: 53, allowed: frequency == .yearly, needs: "a yearly")
        try Self.check(daysOfTheYear, "daysOfTheYear", limit: 366, allowed: frequency == .yearly, needs: "a yearly")
        if let setPositions {
            let hasOtherList = [
                daysOfTheWeek?.isEmpty, daysOfTheMonth?.isEmpty, monthsOfTheYear?.isEmpty,
                weeksOfTheYear?.isEmpty, daysOfTheYear?.isEmpty,
            ].contains(false)
            guard hasOtherList else {
                throw ValidationError(field: "setPositions", "setPositions needs another list (daysOfTheWeek, daysOfTheMonth, …) to select from")
            }
            try Self.check(setPositions, "setPositions", limit: 366, allowed: true, needs: "")
        }
        if case .occurrenceCount(let count) = recurrenceEnd, count < 1 {
            throw ValidationError(field: "recurrenceEnd.occurrenceCount", "occurrenceCount must be at least 1, got \(count)")
        }
        guard (0...7).contains(firstDayOfTheWeek) else {
            throw ValidationError(field: "firstDayOfTheWeek", "firstDayOfTheWeek must be 1 (Sunday)…7 (Saturday), or 0 for the default")
        }
    }

    /// Values ±1…limit (never 0).
    private static func check(_ values: [Int]?, _ field: String, limit: Int, allowed: Bool, needs: String) throws(ValidationError) {
        guard let values else { return }
        guard allowed else { throw ValidationError(field: field, "\(field) is only allowed with \(needs) frequency") }
        for (index, value) in values.enumerated() where value == 0 || abs(value) > limit {
            throw ValidationError(field: "\(field)[\(index)]", "\(field) values must be ±1…\(limit), got \(value)")
        }
    }

    private static func check(_ values: [Int]?, _ field: String, range: ClosedRange<Int>, allowed: Bool, needs: String) throws(ValidationError) {
        guard let values else { return }
        guard allowed else { throw ValidationError(field: field, "\(field) is only allowed with \(needs) frequency") }
        for (index, value) in values.enumerated() where !range.contains(value) {
            throw ValidationError(field: "\(field)[\(index)]", "\(field) values must be \(range.lowerBound)…\(range.upperBound), got \(value)")
        }
    }
}
