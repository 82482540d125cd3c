import Foundation
import RemindersJSONRPC

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

    var wire: JSONValue {
        if let endDate { return ["endDate": Wire.instant(endDate)] }
        return ["occurrenceCount": .integer(Int64(occurrenceCount))]
    }

    /// A wall-clock end (`endDateComponents`, as a file's DATE UNTIL gives it) is its last moment in this zone.
    static func from(wire value: JSONValue?) -> EKRecurrenceEnd? {
        guard let value else { return nil }
        if let count = value["occurrenceCount"]?.integerValue { return EKRecurrenceEnd(occurrenceCount: Int(count)) }
        if let date = Wire.date(value["endDate"]) { return EKRecurrenceEnd(end: date) }
        if var wall = Wire.components(value["endDateComponents"]) {
            if wall.hour == nil { (wall.hour, wall.minute, wall.second) = (23, 59, 59) }
            if let date = wall.calendar?.date(from: wall) { return EKRecurrenceEnd(end: date) }
        }
        return nil
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

    private init(wire value: JSONValue, frequency: EKRecurrenceFrequency) {
        self.frequency = frequency
        interval = Int(value["interval"]?.integerValue ?? 1)
        func numbers(_ key: String) -> [NSNumber]? { value[key]?.arrayValue?.compactMap { $0.integerValue.map { NSNumber(value: Int($0)) } } }
        daysOfTheWeek = value["daysOfTheWeek"]?.arrayValue?.compactMap { day in
            EKWeekday(rawValue: Int(day["dayOfTheWeek"]?.integerValue ?? 0)).map {
                EKRecurrenceDayOfWeek($0, weekNumber: Int(day["weekNumber"]?.integerValue ?? 0))
            }
        }
        // The nearest rule EventKit holds: a calendar's rule may have lists EventKit allows only with
        // another frequency (Outlook's yearly birthdays by BYMONTHDAY), which the store keeps and
        // expands; here they are left out, as a Mac's EventKit leaves them out.
        daysOfTheMonth = frequency == .monthly ? numbers("daysOfTheMonth") : nil
        monthsOfTheYear = frequency == .yearly ? numbers("monthsOfTheYear") : nil
        weeksOfTheYear = frequency == .yearly ? numbers("weeksOfTheYear") : nil
        daysOfTheYear = frequency == .yearly ? numbers("daysOfTheYear") : nil
        setPositions = numbers("setPositions")
        recurrenceEnd = EKRecurrenceEnd.from(wire: value["recurrenceEnd"])
        firstDayOfTheWeek = Int(value["firstDayOfTheWeek"]?.integerValue ?? 0)
        super.init()
    }

    static func from(wire value: JSONValue) -> EKRecurrenceRule? {
        guard let frequency = value["frequency"]?.stringValue.flatMap(EKRecurrenceFrequency.init(wire:)) else { return nil }
        return EKRecurrenceRule(wire: value, frequency: frequency)
    }

    var wire: JSONValue {
        var object: JSONObject = ["frequency": .string(frequency.wire), "interval": .integer(Int64(interval))]
        if let daysOfTheWeek {
            object["daysOfTheWeek"] = .array(
                daysOfTheWeek.map { day in
                    day.weekNumber == 0
                        ? ["dayOfTheWeek": .integer(Int64(day.dayOfTheWeek.rawValue))]
                        : ["dayOfTheWeek": .integer(Int64(day.dayOfTheWeek.rawValue)), "weekNumber": .integer(Int64(day.weekNumber))]
                })
        }
        for (key, values) in [
            ("daysOfTheMonth", daysOfTheMonth), ("monthsOfTheYear", monthsOfTheYear), ("weeksOfTheYear", weeksOfTheYear),
            ("daysOfTheYear", daysOfTheYear), ("setPositions", setPositions),
        ] {
            if let values { object[key] = .array(values.map { .integer(Int64($0.intValue)) }) }
        }
        if let recurrenceEnd { object["recurrenceEnd"] = recurrenceEnd.wire }
        if firstDayOfTheWeek != 0 { object["firstDayOfTheWeek"] = .integer(Int64(firstDayOfTheWeek)) }
        return .object(object)
    }
}
