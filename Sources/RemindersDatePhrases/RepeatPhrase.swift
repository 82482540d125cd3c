import RemindersCivilTime
import Foundation
import RemindersModel

/// How often, as a person says it, as one RFC 5545 rule: `daily`, `weekly`, `monthly`, `yearly`,
/// `weekdays`, `every day`, `every weekday`, `every weekend`, `every monday` (`every mon and
/// thu`), `every 2 weeks`, `every other week`, `every 3 months`, `every month on the 1st` (`…
/// on the 1st and 15th`), `every year`, `every 2 weeks on monday`; or an RRULE as it is
/// (`FREQ=WEEKLY;BYDAY=MO`). Anything else is refused, naming the words.
public enum RepeatPhrase {
    /// The rule alone: a time of day in the words is refused, naming where it goes (with the date).
    public static func read(_ text: String) throws(PhraseError) -> RecurrenceRule {
        let reading = try reading(text)
        if reading.time != nil {
            throw PhraseError(
                "\"\(text)\" gives a time: say it with the date (\"next monday 7am\") and the repetition without it (\"every monday\")")
        }
        return reading.rule
    }

    /// The rule and the time of day the words give after it: `every monday 7am`, `daily at 9`,
    /// `every weekday at 8:30`.
    public static func reading(_ text: String) throws(PhraseError) -> RepeatReading {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.uppercased().hasPrefix("FREQ=") || trimmed.uppercased().hasPrefix("RRULE:") {
            do throws(ValidationError) {
                let rule = try RecurrenceRule(rrule: trimmed.uppercased().hasPrefix("RRULE:") ? String(trimmed.dropFirst(6)) : trimmed)
                // Read is not valid: BYMONTHDAY=0 parses, and names no day (RFC 5545 §3.3.10).
                try rule.validate(.rfc5545)
                return RepeatReading(rule: rule)
            } catch {
                throw PhraseError(error.message)
            }
        }
        var words = try PhraseWords.bounded(text, as: "a repetition")
        guard !words.isAtEnd else { throw PhraseError("no repetition given") }
        let parts = try rule(&words, text: text)
        var time: ClockTime?
        if !words.isAtEnd {
            let hadAt = words.take("at")
            time = try ClockTime.read(&words, bareHour: hadAt)
            if hadAt, time == nil { throw PhraseError("expected a time after \"at\" in \"\(text)\", such as 7am or 19:30") }
            if time?.offset != nil { throw PhraseError("\"\(text)\": a repetition's time is a wall-clock time, without an offset") }
        }
        guard words.isAtEnd else { throw PhraseError("cannot read \"\(words.next ?? "")\" in \"\(text)\" as part of a repetition") }
        do throws(ValidationError) {
            return RepeatReading(rule: try RecurrenceRule(rrule: parts.joined(separator: ";")), time: time.map { ($0.hour, $0.minute) })
        } catch {
            throw PhraseError(error.message)
        }
    }

    private static let weekdays = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

    private static func rule(_ words: inout PhraseWords, text: String) throws(PhraseError) -> [String] {
        let single: [String: [String]] = [
            "daily": ["FREQ=DAILY"], "weekly": ["FREQ=WEEKLY"], "monthly": ["FREQ=MONTHLY"], "yearly": ["FREQ=YEARLY"],
            "annually": ["FREQ=YEARLY"], "weekdays": ["FREQ=WEEKLY", "BYDAY=MO,TU,WE,TH,FR"], "fortnightly": ["FREQ=WEEKLY", "INTERVAL=2"],
        ]
        if let word = words.next, let parts = single[String(word)] {
            _ = words.take()
            return parts
        }
        guard words.take("every") else {
            throw PhraseError("cannot read \"\(text)\" as a repetition: say daily, weekly, every monday, every 2 weeks or every month on the 1st")
        }
        var interval = 1
        if words.take("other") {
            interval = 2
        } else if let word = words.next, let count = Int(word) {
            guard count >= 1, count <= 1000 else { throw PhraseError("\"every \(count)\": the interval goes from 1 to 1000") }
            interval = count
            _ = words.take()
        }
        guard let unitWord = words.take() else { throw PhraseError("\"\(text)\": every what? Say day, week, month, year or a weekday") }
        let unit = unitWord.hasSuffix("s") && PhraseNames.weekday(unitWord) == nil ? unitWord.dropLast() : unitWord
        var parts: [String]
        switch unit {
        case "day": parts = ["FREQ=DAILY"]
        case "week": parts = ["FREQ=WEEKLY"]
        case "month": parts = ["FREQ=MONTHLY"]
        case "year": parts = ["FREQ=YEARLY"]
        case "weekday":
            guard interval == 1 else { throw PhraseError("\"\(text)\": every weekday has no interval") }
            return ["FREQ=WEEKLY", "BYDAY=MO,TU,WE,TH,FR"]
        case "weekend":
            return ["FREQ=WEEKLY", "BYDAY=SA,SU"] + (interval > 1 ? ["INTERVAL=\(interval)"] : [])
        default:
            // "every monday and thursday", "every 2 mondays"? — days of the week, weekly.
            let singularDay = unitWord.hasSuffix("s") ? PhraseNames.weekday(unitWord.dropLast()) : nil
            guard let first = PhraseNames.weekday(unitWord) ?? singularDay else {
                throw PhraseError("\"every \(unitWord)\": say day, week, month, year, weekday, weekend or a day of the week")
            }
            return ["FREQ=WEEKLY"] + (interval > 1 ? ["INTERVAL=\(interval)"] : []) + ["BYDAY=" + (try days(first, &words)).joined(separator: ",")]
        }
        if interval > 1 { parts.append("INTERVAL=\(interval)") }
        if words.take("on") {
            _ = words.take("the")
            if unit == "week", let word = words.next, let first = PhraseNames.weekday(word) {
                _ = words.take()
                parts.append("BYDAY=" + (try days(first, &words)).joined(separator: ","))
            } else if unit == "month", let word = words.next, let first = PhraseNames.ordinal(word) ?? Int(word) {
                _ = words.take()
                var monthDays = [first]
                while words.take("and") || words.next.flatMap(PhraseNames.ordinal) != nil {
                    _ = words.take("the")
                    guard let word = words.take(), let day = PhraseNames.ordinal(word) ?? Int(word) else {
                        throw PhraseError("expected another day of the month in \"\(text)\"")
                    }
                    monthDays.append(day)
                }
                guard monthDays.allSatisfy({ (1...31).contains($0) }) else { throw PhraseError("a day of the month goes from 1st to 31st") }
                parts.append("BYMONTHDAY=" + monthDays.map(String.init).joined(separator: ","))
            } else {
                throw PhraseError("\"\(text)\": \"on\" takes a weekday every week and a day of the month every month")
            }
        }
        return parts
    }

    /// A weekday's code, then those after it joined by "and" or commas.
    private static func days(_ first: Int, _ words: inout PhraseWords) throws(PhraseError) -> [String] {
        var codes = [weekdays[first - 1]]
        while true {
            let hadAnd = words.take("and")
            guard let word = words.next, let day = PhraseNames.weekday(word) ?? (word.hasSuffix("s") ? PhraseNames.weekday(word.dropLast()) : nil)
            else {
                if hadAnd { throw PhraseError("expected a day of the week after \"and\"") }
                return codes
            }
            _ = words.take()
            if !codes.contains(weekdays[day - 1]) { codes.append(weekdays[day - 1]) }
        }
    }
}

/// A repetition as read: its rule, and the time of day its words gave.
public struct RepeatReading: Sendable, Equatable {
    public var rule: RecurrenceRule
    public var time: (hour: Int, minute: Int)?

    public init(rule: RecurrenceRule, time: (hour: Int, minute: Int)? = nil) {
        self.rule = rule
        self.time = time
    }

    public static func == (a: RepeatReading, b: RepeatReading) -> Bool {
        a.rule == b.rule && a.time?.hour == b.time?.hour && a.time?.minute == b.time?.minute
    }

    /// The first occurrence at or after `now` in `zone`, when the words said when — a day of the
    /// week or of the month, or a time (`every monday 7am`: the next Monday at 07:00, today's if
    /// it is Monday before seven); nil when they said only how often (`every 2 weeks`): a
    /// repetition then needs a date to start from.
    public func firstOccurrence(now: Timestamp, zone: TimeZone) -> ItemDateComponents? {
        let weekdays = Set((rule.daysOfTheWeek ?? []).filter { $0.weekNumber == 0 }.map(\.dayOfTheWeek))
        let monthDays = Set((rule.daysOfTheMonth ?? []).filter { $0 > 0 })
        guard time != nil || !weekdays.isEmpty || !monthDays.isEmpty else { return nil }
        guard rule.frequency != .yearly || rule.monthsOfTheYear == nil else { return nil }
        let wall = ItemDateComponents.wallClock(of: now, in: zone)
        let today = CivilDate.toDays(year: wall.year, month: wall.month, day: wall.day)
        let passed = time.map { ($0.hour, $0.minute) <= (wall.hour ?? 0, wall.minute ?? 0) } ?? false
        for day in (passed ? today + 1 : today)...(today + 62) {
            let date = CivilDate.fromDays(day)
            if !weekdays.isEmpty, !weekdays.contains(CivilDate.weekday(days: day) + 1) { continue }
            if !monthDays.isEmpty, !monthDays.contains(date.day) { continue }
            return ItemDateComponents(year: date.year, month: date.month, day: date.day, hour: time?.hour, minute: time?.minute)
        }
        return nil
    }
}
