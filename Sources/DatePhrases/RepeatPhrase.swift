import RemindersModel

/// How often, as a person says it, as one RFC 5545 rule: `daily`, `weekly`, `monthly`, `yearly`,
/// `weekdays`, `every day`, `every weekday`, `every weekend`, `every monday` (`every mon and
/// thu`), `every 2 weeks`, `every other week`, `every 3 months`, `every month on the 1st` (`…
/// on the 1st and 15th`), `every year`, `every 2 weeks on monday`; or an RRULE as it is
/// (`FREQ=WEEKLY;BYDAY=MO`). Anything else is refused, naming the words.
public enum RepeatPhrase {
    public static func read(_ text: String) throws(PhraseError) -> RecurrenceRule {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.uppercased().hasPrefix("FREQ=") || trimmed.uppercased().hasPrefix("RRULE:") {
            do throws(ValidationError) {
                return try RecurrenceRule(rrule: trimmed.uppercased().hasPrefix("RRULE:") ? String(trimmed.dropFirst(6)) : trimmed)
            } catch {
                throw PhraseError(error.message)
            }
        }
        var words = PhraseWords(text)
        guard !words.isAtEnd else { throw PhraseError("no repetition given") }
        let parts = try rule(&words, text: text)
        guard words.isAtEnd else { throw PhraseError("cannot read \"\(words.next ?? "")\" in \"\(text)\" as part of a repetition") }
        do throws(ValidationError) {
            return try RecurrenceRule(rrule: parts.joined(separator: ";"))
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
