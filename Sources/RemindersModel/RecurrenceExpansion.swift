import RemindersCivilTime

/// RFC 5545 expansion of EventKit's subset of recurrence rules, on whole days.
///
/// Each period of the rule (a day, a week from WKST, a month, a year, stepped by `interval` from
/// the start's period) yields the days that pass every BY-list the rule has; BYSETPOS then picks
/// among them. Invalid dates (31 February) never arise, so they are skipped, not moved.
///
/// Why not Foundation's `Calendar.RecurrenceRule`: in this toolchain, with the week rules RFC 5545
/// needs (Monday first, four days in week one), it traps (`try!` inside Foundation,
/// `notAdvancing`) on valid rules such as MONTHLY;BYDAY=1FR,2FR,3FR,4FR,5FR, so a client could
/// crash the server with one save; with those rules its Nth weekday is wrong; and it differs from
/// RFC 5545 for monthly BYDAY without a number (first week only), BYSETPOS, BYWEEKNO and, by
/// default, invalid dates (moved instead of skipped). The tests compare this expansion with
/// Foundation's wherever Foundation follows RFC 5545, and pin the cases where it does not.
struct RecurrenceExpansion {
    let rule: RecurrenceRule
    /// The series' first instance (DTSTART), as a day number (days since 1970-01-01).
    let startDay: Int64
    let startMonth: Int
    let startDayOfMonth: Int
    let startWeekday: Int
    let weekStart: Int

    /// Days examined before concluding that the rule matches nothing more: the Gregorian calendar
    /// repeats every 400 years (146,097 days), so a rule silent that long stays silent.
    static let dayLimit = 150_000

    init(rule: RecurrenceRule, start: ItemDateComponents) {
        self.rule = rule
        startDay = CivilDate.toDays(year: start.year, month: start.month, day: start.day)
        startMonth = start.month
        startDayOfMonth = start.day
        startWeekday = Weekday.of(startDay)
        weekStart = rule.firstDayOfTheWeek == 0 ? 2 : rule.firstDayOfTheWeek
    }

    /// The first day after `startDay` on which the rule recurs, or nil.
    func nextDay() -> Int64? {
        let start = CivilDate.fromDays(startDay)
        var examined = 0
        for index in 0... {
            guard examined < Self.dayLimit else { return nil }
            let step = Int64(index) * Int64(rule.interval)
            var days = candidates(inPeriod: step, startYear: start.year, startMonth: start.month, examined: &examined)
            if let positions = rule.setPositions { days = Self.select(positions, from: days) }
            if let next = days.first(where: { $0 > startDay }) { return next }
        }
        return nil
    }

    /// Every day of one period that passes the rule's lists, in order.
    private func candidates(inPeriod step: Int64, startYear: Int, startMonth: Int, examined: inout Int) -> [Int64] {
        let range: ClosedRange<Int64>
        switch rule.frequency {
        case .daily:
            let day = startDay + step
            range = day...day
        case .weekly:
            let first = startDay - Int64((startWeekday - weekStart + 7) % 7) + step * 7
            range = first...(first + 6)
        case .monthly:
            let months = (startYear * 12 + startMonth - 1) + Int(step)
            let (year, month) = (months / 12, months % 12 + 1)
            let first = CivilDate.toDays(year: year, month: month, day: 1)
            range = first...(first + Int64(CivilDate.daysIn(month: month, year: year)) - 1)
        case .yearly:
            let year = startYear + Int(step)
            range = CivilDate.toDays(year: year, month: 1, day: 1)...CivilDate.toDays(year: year, month: 12, day: 31)
        }
        examined += range.count
        return range.filter(matches)
    }

    private func matches(_ day: Int64) -> Bool {
        let (year, month, dayOfMonth) = CivilDate.fromDays(day)
        let weekday = Weekday.of(day)
        if let months = rule.monthsOfTheYear, !months.contains(month) { return false }
        if let weeks = rule.weeksOfTheYear, !weeks.contains(where: { isoWeek($0, contains: day, year: year) }) { return false }
        if let days = rule.daysOfTheYear {
            let dayOfYear = Int(day - CivilDate.toDays(year: year, month: 1, day: 1)) + 1
            let length = CivilDate.isLeap(year) ? 366 : 365
            if !days.contains(where: { $0 == dayOfYear || $0 == dayOfYear - length - 1 }) { return false }
        }
        if let days = rule.daysOfTheMonth {
            let length = CivilDate.daysIn(month: month, year: year)
            if !days.contains(where: { $0 == dayOfMonth || $0 == dayOfMonth - length - 1 }) { return false }
        }
        if let days = rule.daysOfTheWeek {
            if !days.contains(where: { matchesWeekday($0, day: day, weekday: weekday, year: year, month: month) }) { return false }
        }
        return matchesStartWhenUnconstrained(month: month, dayOfMonth: dayOfMonth, weekday: weekday)
    }

    /// Without a list that names days, a rule recurs on the start's own day of its period.
    private func matchesStartWhenUnconstrained(month: Int, dayOfMonth: Int, weekday: Int) -> Bool {
        let namesDays = rule.daysOfTheWeek != nil || rule.daysOfTheMonth != nil || rule.daysOfTheYear != nil
        if namesDays { return true }
        switch rule.frequency {
        case .daily: return true
        case .weekly: return weekday == startWeekday
        case .monthly: return dayOfMonth == startDayOfMonth
        case .yearly:
            if rule.weeksOfTheYear != nil { return weekday == startWeekday }
            if rule.monthsOfTheYear != nil { return dayOfMonth == startDayOfMonth }
            return month == startMonth && dayOfMonth == startDayOfMonth
        }
    }

    /// BYDAY: a weekday, or its Nth (±) occurrence within the month (monthly rules, and yearly rules
    /// with BYMONTH) or within the year (other yearly rules).
    private func matchesWeekday(_ entry: RecurrenceDayOfWeek, day: Int64, weekday: Int, year: Int, month: Int) -> Bool {
        guard entry.dayOfTheWeek == weekday else { return false }
        guard entry.weekNumber != 0 else { return true }
        let withinMonth = rule.frequency == .monthly || rule.monthsOfTheYear != nil
        let first = withinMonth ? CivilDate.toDays(year: year, month: month, day: 1) : CivilDate.toDays(year: year, month: 1, day: 1)
        let last = withinMonth ? first + Int64(CivilDate.daysIn(month: month, year: year)) - 1 : CivilDate.toDays(year: year, month: 12, day: 31)
        let ordinal = Int((day - first) / 7) + 1
        let fromEnd = -(Int((last - day) / 7) + 1)
        return entry.weekNumber == ordinal || entry.weekNumber == fromEnd
    }

    /// Whether `day` lies in week `number` (± from the end) of `year`, weeks starting on WKST and
    /// week 1 being the first with at least four days in the year (ISO 8601 when WKST is Monday).
    private func isoWeek(_ number: Int, contains day: Int64, year: Int) -> Bool {
        let firstWeek = weekOneStart(year), nextFirstWeek = weekOneStart(year + 1)
        guard day >= firstWeek, day < nextFirstWeek else { return false }
        let index = Int((day - firstWeek) / 7) + 1
        let count = Int((nextFirstWeek - firstWeek) / 7)
        return number == index || number == index - count - 1
    }

    private func weekOneStart(_ year: Int) -> Int64 {
        let january1 = CivilDate.toDays(year: year, month: 1, day: 1)
        let offset = Int64((Weekday.of(january1) - weekStart + 7) % 7)
        return offset <= 3 ? january1 - offset : january1 + 7 - offset
    }

    /// BYSETPOS over one period's days (already in order).
    static func select(_ positions: [Int], from days: [Int64]) -> [Int64] {
        positions.compactMap { position -> Int64? in
            let index = position > 0 ? position - 1 : days.count + position
            return days.indices.contains(index) ? days[index] : nil
        }.sorted()
    }
}

/// Weekdays numbered as EventKit does: 1 = Sunday … 7 = Saturday.
enum Weekday {
    static func of(_ day: Int64) -> Int {
        Int(((day % 7) + 7 + 4) % 7) + 1  // 1970-01-01 was a Thursday
    }
}
