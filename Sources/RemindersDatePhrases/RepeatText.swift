import RemindersCivilTime
import Foundation
import RemindersModel

/// A repetition as a person reads it back: `every Monday at 07:00`, `every 2 weeks on Monday and
/// Thursday`, `every month on the 1st`, `every year on 15 March`, `every weekday, 10 times`,
/// `every day until Fri 2027-01-01` — in place of the RRULE. `start` (the due date, or an event's
/// start) gives what the rule leaves to it: the day a weekly, monthly or yearly rule without one
/// repeats on, and the time. What the words cannot say (week numbers of the year, days of the
/// year, positions in a set other than simple ones) is said by the RRULE after the words.
public enum RepeatText {
    static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]
    static let positions = [1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", -1: "last", -2: "second to last"]

    /// `zone`: where an end given as an instant is read (its day is said).
    public static func words(_ rule: RecurrenceRule, start: ItemDateComponents? = nil, zone: TimeZone = .gmt) -> String {
        var unsaid = rule.weeksOfTheYear != nil || rule.daysOfTheYear != nil
        var text: String
        let every = rule.interval == 1 ? "every " : "every \(rule.interval) "
        func unit(_ singular: String) -> String { rule.interval == 1 ? singular : singular + "s" }
        switch rule.frequency {
        case .daily:
            text = every + unit("day")
        case .weekly:
            let days = Set((rule.daysOfTheWeek ?? []).map(\.dayOfTheWeek))
            if rule.interval == 1, days == [2, 3, 4, 5, 6] {
                text = "every weekday"
            } else if rule.interval == 1, days == [1, 7] {
                text = "every weekend"
            } else if rule.interval == 1, !days.isEmpty {
                text = "every " + list(weekdays(rule.daysOfTheWeek ?? []))
            } else {
                text = every + unit("week")
                let named = rule.daysOfTheWeek.map(weekdays) ?? start.map { [weekdayName($0)] } ?? []
                if !named.isEmpty { text += " on " + list(named) }
            }
        case .monthly:
            text = every + unit("month")
            if let days = rule.daysOfTheMonth, !days.isEmpty {
                text += " on the " + list(days.map(monthDay))
            } else if let days = rule.daysOfTheWeek, !days.isEmpty {
                let (said, rest) = nthWeekdays(days, setPositions: rule.setPositions)
                text += " on the " + said
                unsaid = unsaid || rest
            } else if let start {
                text += " on the " + monthDay(start.day)
            }
        case .yearly:
            text = every + unit("year")
            let months = rule.monthsOfTheYear ?? start.map { [$0.month] } ?? []
            if let days = rule.daysOfTheWeek, !days.isEmpty {
                let (said, rest) = nthWeekdays(days, setPositions: rule.setPositions)
                text += " on the " + said + (months.isEmpty ? "" : " of " + list(months.map { monthNames[$0 - 1] }))
                unsaid = unsaid || rest
            } else if let days = rule.daysOfTheMonth ?? start.map({ [$0.day] }), !months.isEmpty {
                text += " on " + list(months.flatMap { month in days.map { "\(monthDay($0, ordinal: false)) \(monthNames[month - 1])" } })
            } else if !months.isEmpty {
                text += " in " + list(months.map { monthNames[$0 - 1] })
            }
        }
        if rule.setPositions != nil, rule.daysOfTheWeek == nil { unsaid = true }
        if let hour = start?.hour { text += " at " + padded(hour) + ":" + padded(start?.minute ?? 0) }
        switch rule.recurrenceEnd {
        case .occurrenceCount(let count)?: text += count == 1 ? ", once" : ", \(count) times"
        case .endDate(let end)?:
            let wall = ItemDateComponents.wallClock(of: end, in: zone)
            text += " until " + day(ItemDateComponents(year: wall.year, month: wall.month, day: wall.day))
        case .endDateComponents(let end)?:
            text += " until " + day(ItemDateComponents(year: end.year, month: end.month, day: end.day))
        case nil: break
        }
        return unsaid ? text + " (\(rule.rrule))" : text
    }

    /// "Fri 2027-01-01".
    private static func day(_ date: ItemDateComponents) -> String {
        String(DateReading.text(date).dropLast(" (all day)".count))
    }

    private static func weekdays(_ days: [RecurrenceDayOfWeek]) -> [String] {
        days.map { weekdayNames[($0.dayOfTheWeek - 1) % 7] }
    }

    private static func weekdayName(_ date: ItemDateComponents) -> String {
        weekdayNames[(CivilDate.weekday(days: CivilDate.toDays(year: date.year, month: date.month, day: date.day))) % 7]
    }

    /// "first Monday", "last Friday and Saturday"; whether something was left unsaid.
    private static func nthWeekdays(_ days: [RecurrenceDayOfWeek], setPositions: [Int]?) -> (String, Bool) {
        // BYDAY=MO;BYSETPOS=1 is how some clients write "the first Monday".
        if days.allSatisfy({ $0.weekNumber == 0 }), let setPositions, setPositions.count == 1, let position = positions[setPositions[0]] {
            return (position + " " + list(weekdays(days)), false)
        }
        var unsaid = setPositions != nil
        let said = days.map { day -> String in
            guard day.weekNumber != 0 else { return weekdayNames[(day.dayOfTheWeek - 1) % 7] }
            guard let position = positions[day.weekNumber] else {
                unsaid = true
                return weekdayNames[(day.dayOfTheWeek - 1) % 7]
            }
            return position + " " + weekdayNames[(day.dayOfTheWeek - 1) % 7]
        }
        return (list(said), unsaid)
    }

    /// "1st", "22nd", "last day" (-1), "2nd to last day".
    static func monthDay(_ day: Int) -> String { monthDay(day, ordinal: true) }

    private static func monthDay(_ day: Int, ordinal: Bool) -> String {
        if day == -1 { return "last day" }
        if day < 0 { return ordinalText(-day) + " to last day" }
        return ordinal ? ordinalText(day) : String(day)
    }

    static func ordinalText(_ number: Int) -> String {
        let suffix: String
        switch (number % 10, number % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(number)\(suffix)"
    }

    /// "Monday", "Monday and Thursday", "Monday, Wednesday and Friday".
    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }

    private static func padded(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}
