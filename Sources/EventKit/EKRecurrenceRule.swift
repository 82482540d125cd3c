import Foundation
import RemindersModel

/// When a recurrence ends: at a date, or after a number of occurrences.
open class EKRecurrenceEnd: NSObject {  // not Sendable, as Apple's is not
    public let endDate: Date?
    public let occurrenceCount: Int

    public init(end endDate: Date) {
        self.endDate = endDate
        occurrenceCount = 0
        super.init()
    }

    public init(occurrenceCount: Int) {
        endDate = nil
        self.occurrenceCount = occurrenceCount
        super.init()
    }

    var model: RecurrenceEnd {
        if let endDate { return .endDate(FoundationValues.timestamp(endDate)) }
        return .occurrenceCount(occurrenceCount)
    }

    /// A wall-clock end (`endDateComponents`, as a file's DATE UNTIL gives it) is its last moment in this zone.
    static func from(_ end: RecurrenceEnd?) -> EKRecurrenceEnd? {
        switch end {
        case .occurrenceCount(let count)?: return EKRecurrenceEnd(occurrenceCount: count)
        case .endDate(let date)?: return EKRecurrenceEnd(end: FoundationValues.date(date))
        case .endDateComponents(let day)?:
            var wall = FoundationValues.dateComponents(day)
            if wall.hour == nil { (wall.hour, wall.minute, wall.second) = (23, 59, 59) }
            return wall.calendar?.date(from: wall).map { EKRecurrenceEnd(end: $0) }
        case nil: return nil
        }
    }
}

/// A weekday in a rule, optionally the Nth of the month or year (negative: from the end).
open class EKRecurrenceDayOfWeek: NSObject {  // not Sendable, as Apple's is not
    public let dayOfTheWeek: EKWeekday
    public let weekNumber: Int

    public convenience init(_ dayOfTheWeek: EKWeekday) { self.init(dayOfTheWeek, weekNumber: 0) }

    public init(_ dayOfTheWeek: EKWeekday, weekNumber: Int) {
        self.dayOfTheWeek = dayOfTheWeek
        self.weekNumber = weekNumber
        super.init()
    }

    public convenience init(dayOfTheWeek: EKWeekday, weekNumber: Int) { self.init(dayOfTheWeek, weekNumber: weekNumber) }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? EKRecurrenceDayOfWeek else { return false }
        return other.dayOfTheWeek == dayOfTheWeek && other.weekNumber == weekNumber
    }
}

/// How a reminder or an event repeats (RFC 5545's RRULE, with EventKit's rules for which lists go
/// with which frequency — the store checks them at save).
open class EKRecurrenceRule: EKObject {  // not Sendable, as Apple's is not
    public let frequency: EKRecurrenceFrequency
    public let interval: Int
    public let firstDayOfTheWeek: Int
    public let daysOfTheWeek: [EKRecurrenceDayOfWeek]?
    public let daysOfTheMonth: [NSNumber]?
    public let daysOfTheYear: [NSNumber]?
    public let weeksOfTheYear: [NSNumber]?
    public let monthsOfTheYear: [NSNumber]?
    public let setPositions: [NSNumber]?
    open var recurrenceEnd: EKRecurrenceEnd?
    /// The calendar it is computed in (always Gregorian here).
    public let calendarIdentifier = "gregorian"

    public convenience init(recurrenceWith type: EKRecurrenceFrequency, interval: Int, end: EKRecurrenceEnd?) {
        self.init(
            recurrenceWith: type, interval: interval, daysOfTheWeek: nil, daysOfTheMonth: nil, monthsOfTheYear: nil,
            weeksOfTheYear: nil, daysOfTheYear: nil, setPositions: nil, end: end)
    }

    public init(
        recurrenceWith type: EKRecurrenceFrequency, interval: Int, daysOfTheWeek: [EKRecurrenceDayOfWeek]?, daysOfTheMonth: [NSNumber]?,
        monthsOfTheYear: [NSNumber]?, weeksOfTheYear: [NSNumber]?, daysOfTheYear: [NSNumber]?, setPositions: [NSNumber]?,
        end: EKRecurrenceEnd?
    ) {
        frequency = type
        self.interval = interval
        self.daysOfTheWeek = daysOfTheWeek
        self.daysOfTheMonth = daysOfTheMonth
        self.monthsOfTheYear = monthsOfTheYear
        self.weeksOfTheYear = weeksOfTheYear
        self.daysOfTheYear = daysOfTheYear
        self.setPositions = setPositions
        recurrenceEnd = end
        firstDayOfTheWeek = 0
        super.init()
    }

    /// The nearest rule EventKit holds: a calendar's rule may have lists EventKit allows only with
    /// another frequency (Outlook's yearly birthdays by BYMONTHDAY), which the store keeps and
    /// expands; here they are left out, as a Mac's EventKit leaves them out.
    init(_ rule: RecurrenceRule) {
        frequency = EKRecurrenceFrequency(rule.frequency)
        interval = rule.interval
        func numbers(_ values: [Int]?) -> [NSNumber]? { values?.map { NSNumber(value: $0) } }
        daysOfTheWeek = rule.daysOfTheWeek?.compactMap { day in
            EKWeekday(rawValue: day.dayOfTheWeek).map { EKRecurrenceDayOfWeek($0, weekNumber: day.weekNumber) }
        }
        daysOfTheMonth = frequency == .monthly ? numbers(rule.daysOfTheMonth) : nil
        monthsOfTheYear = frequency == .yearly ? numbers(rule.monthsOfTheYear) : nil
        weeksOfTheYear = frequency == .yearly ? numbers(rule.weeksOfTheYear) : nil
        daysOfTheYear = frequency == .yearly ? numbers(rule.daysOfTheYear) : nil
        setPositions = numbers(rule.setPositions)
        recurrenceEnd = EKRecurrenceEnd.from(rule.recurrenceEnd)
        firstDayOfTheWeek = rule.firstDayOfTheWeek
        super.init()
    }

    /// The rule as the store keeps it.
    var model: RecurrenceRule {
        func numbers(_ values: [NSNumber]?) -> [Int]? { values?.map(\.intValue) }
        return RecurrenceRule(
            frequency: frequency.model, interval: interval,
            daysOfTheWeek: daysOfTheWeek?.map { RecurrenceDayOfWeek(dayOfTheWeek: $0.dayOfTheWeek.rawValue, weekNumber: $0.weekNumber) },
            daysOfTheMonth: numbers(daysOfTheMonth), monthsOfTheYear: numbers(monthsOfTheYear), weeksOfTheYear: numbers(weeksOfTheYear),
            daysOfTheYear: numbers(daysOfTheYear), setPositions: numbers(setPositions), recurrenceEnd: recurrenceEnd?.model,
            firstDayOfTheWeek: firstDayOfTheWeek)
    }
}
