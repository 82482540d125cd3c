import RemindersCivilTime
import RemindersModel

/// The days and offsets of `DatePhrase`'s grammar, counted in days since 1970-01-01 from `today`.
extension DatePhrase {
    enum Offset {
        case days(Int64)
        case instant(Timestamp)
    }

    /// "in N minutes|hours" (an instant from now) or "in N days|weeks|months|years" (a day).
    func offset(_ words: inout PhraseWords, in text: String) throws(PhraseError) -> Offset {
        guard let countWord = words.take(), let count = PhraseNames.count(countWord) else {
            throw PhraseError("expected a number after \"in\" in \"\(text)\", as in \"in 3 days\"")
        }
        guard let unit = words.take() else { throw PhraseError("\"in \(count)\" of what? Say minutes, hours, days, weeks, months or years") }
        let singular = unit.hasSuffix("s") ? unit.dropLast() : unit
        switch singular {
        case "minute", "min": return .instant(Self.nearestMinute(now.milliseconds + Int64(count) * 60_000))
        case "hour", "hr": return .instant(Self.nearestMinute(now.milliseconds + Int64(count) * 3_600_000))
        case "day": return .days(today + Int64(count))
        case "week": return .days(today + 7 * Int64(count))
        case "month": return .days(Self.adding(months: count, to: today))
        case "year": return .days(Self.adding(months: 12 * count, to: today))
        default: throw PhraseError("\"in \(count) \(unit)\": say minutes, hours, days, weeks, months or years")
        }
    }

    /// A day the words at the position name, or nil having taken nothing.
    func day(_ words: inout PhraseWords, in text: String) throws(PhraseError) -> Int64? {
        let start = words.position
        if words.take("on") {
            // One "on" before a day: read without recursing, however many a client sends.
            guard words.next != "on", let day = try day(&words, in: text) else {
                throw PhraseError("expected a day after \"on\" in \"\(text)\", such as \"on friday\" or \"on the 15th\"")
            }
            return day
        }
        guard let word = words.next else { return nil }
        switch word {
        case "today":
            _ = words.take()
            return today
        case "tomorrow":
            _ = words.take()
            return today + 1
        case "yesterday":
            _ = words.take()
            return today - 1
        case "this":
            if let following = words.peek(1), let weekday = PhraseNames.weekday(following) {
                words.skip(2)
                return today + Int64((weekday - isoWeekday(today) + 7) % 7)
            }
            if let following = words.peek(1), ClockTime.partsOfTheDay[String(following)] != nil {
                _ = words.take()  // the part of the day is the time, read next
                return today
            }
            throw PhraseError("\"this\" in \"\(text)\" goes with a weekday or a part of the day (\"this friday\", \"this evening\")")
        case "next":
            guard let following = words.peek(1) else { throw PhraseError("\"next\" what? Say next week, next month, next year or next monday") }
            let monday = today - Int64(isoWeekday(today) - 1) + 7
            words.skip(2)
            if let weekday = PhraseNames.weekday(following) { return monday + Int64(weekday - 1) }
            let date = CivilDate.fromDays(today)
            switch following {
            case "week": return monday
            case "month": return CivilDate.toDays(year: date.month == 12 ? date.year + 1 : date.year, month: date.month % 12 + 1, day: 1)
            case "year": return CivilDate.toDays(year: date.year + 1, month: 1, day: 1)
            default: throw PhraseError("\"next \(following)\": say next week, next month, next year or next monday")
            }
        case "end":
            guard words.peek(1) == "of" else { return nil }
            words.skip(2)
            _ = words.take("the")
            let date = CivilDate.fromDays(today)
            switch words.take() {
            case "week": return today + Int64(7 - isoWeekday(today))
            case "month": return CivilDate.toDays(year: date.year, month: date.month, day: CivilDate.daysIn(month: date.month, year: date.year))
            case "year": return CivilDate.toDays(year: date.year, month: 12, day: 31)
            case let other: throw PhraseError("\"end of \(other ?? "")\": say end of week, end of month or end of year")
            }
        default:
            break
        }
        if let weekday = PhraseNames.weekday(word) {
            _ = words.take()
            let ahead = (weekday - isoWeekday(today) + 7) % 7
            return today + Int64(ahead == 0 ? 7 : ahead)
        }
        return try dayOfMonth(&words, in: text, start: start)
    }

    /// `the 15th`, `1st`, `24 december`, `dec 24th`, `the 24th of december 2027`.
    private func dayOfMonth(_ words: inout PhraseWords, in text: String, start: Int) throws(PhraseError) -> Int64? {
        let hadThe = words.take("the")
        var dayNumber: Int?, month: Int?
        if let word = words.next, let ordinal = PhraseNames.ordinal(word) {
            dayNumber = ordinal
            _ = words.take()
        } else if let word = words.next, let number = Int(word), (1...31).contains(number), word.count <= 2,
            hadThe || words.peek(1).flatMap(PhraseNames.month) != nil
        {
            dayNumber = number
            _ = words.take()
        } else if let word = words.next, let named = PhraseNames.month(word), !hadThe {
            // "dec 24th", "december 24"
            // A number of three digits or more is no day ("dec 2027" is a month of a year, which names no day).
            guard let following = words.peek(1), let day = PhraseNames.ordinal(following) ?? Int(following), day < 100 else { return nil }
            guard (1...31).contains(day) else {
                throw PhraseError("\"\(following)\" in \"\(text)\": a day of the month goes from 1st to 31st")
            }
            words.skip(2)
            (dayNumber, month) = (day, named)
        }
        guard let dayNumber else {
            if hadThe { throw PhraseError("expected a day of the month after \"the\" in \"\(text)\", such as \"the 15th\"") }
            return nil
        }
        guard (1...31).contains(dayNumber) else { throw PhraseError("\"\(words.text(from: start))\": a day of the month goes from 1st to 31st") }
        if month == nil {
            _ = words.take("of")
            if let word = words.next, let named = PhraseNames.month(word) {
                _ = words.take()
                month = named
            }
        }
        let date = CivilDate.fromDays(today)
        guard let month else {
            // The day of this month, or the next month that has it.
            for step in 0..<13 {
                let year = date.year + (date.month - 1 + step) / 12, candidateMonth = (date.month - 1 + step) % 12 + 1
                guard dayNumber <= CivilDate.daysIn(month: candidateMonth, year: year) else { continue }
                let candidate = CivilDate.toDays(year: year, month: candidateMonth, day: dayNumber)
                if candidate >= today { return candidate }
            }
            throw PhraseError("no month has a day \(dayNumber)")
        }
        if let word = words.next, word.count == 4, let year = Int(word) {
            _ = words.take()
            guard dayNumber <= CivilDate.daysIn(month: month, year: year) else {
                throw PhraseError("\"\(words.text(from: start))\": that month has \(CivilDate.daysIn(month: month, year: year)) days")
            }
            return CivilDate.toDays(year: year, month: month, day: dayNumber)
        }
        // This year's, or the next one's when it has passed (29 February: the next year that has it).
        for year in date.year...(date.year + 8) where dayNumber <= CivilDate.daysIn(month: month, year: year) {
            let candidate = CivilDate.toDays(year: year, month: month, day: dayNumber)
            if candidate >= today { return candidate }
        }
        throw PhraseError("\"\(words.text(from: start))\" is not a day of that month")
    }

    /// "In 90 minutes" is said to the minute: the seconds of now are not part of it.
    static func nearestMinute(_ milliseconds: Int64) -> Timestamp {
        Timestamp(milliseconds: (milliseconds + 30_000).floorDivided(by: 60_000) * 60_000)
    }

    /// 1 Monday … 7 Sunday.
    func isoWeekday(_ days: Int64) -> Int { (CivilDate.weekday(days: days) + 6) % 7 + 1 }

    /// The same day `months` later, or that month's last day when it is shorter (31 January and a
    /// month: 28 or 29 February).
    static func adding(months: Int, to days: Int64) -> Int64 {
        let date = CivilDate.fromDays(days)
        let index = date.year * 12 + (date.month - 1) + months
        let year = index / 12, month = index % 12 + 1
        return CivilDate.toDays(year: year, month: month, day: min(date.day, CivilDate.daysIn(month: month, year: year)))
    }
}

extension PhraseWords {
    mutating func skip(_ count: Int) { for _ in 0..<count { _ = take() } }
}
